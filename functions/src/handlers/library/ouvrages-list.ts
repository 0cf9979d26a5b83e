import { libraryQuery } from '@btp/shared/entities/library-query';
import { listOuvrages } from '../../library/ouvrage-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/library/ouvrages: family then designation order, or `q` searched; `limit`, `cursor`, `x-next-cursor`. */
export const handler = createHandler({ query: libraryQuery }, async ({ query, principal }) => {
  const page = await listOuvrages(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
