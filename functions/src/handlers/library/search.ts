import { libraryQuery } from '@btp/shared/entities/library-query';
import { searchLibrary } from '../../library/search-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/library/search?q=: articles and ouvrages mixed, best first, each with `kind` and `unitCost`. */
export const handler = createHandler({ query: libraryQuery }, async ({ query, principal }) => {
  const page = await searchLibrary(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
