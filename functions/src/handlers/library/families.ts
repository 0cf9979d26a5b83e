import { libraryFamilies } from '../../library/search-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/library/families: the family tree with the number of articles and ouvrages under each. */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await libraryFamilies(companyOf(principal)),
}));
