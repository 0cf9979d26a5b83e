import { listQuery } from '@btp/shared/list';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';
import { listSupplierQuotes } from '../../purchases/supplier-quote-service.js';

/** GET /api/supplier-quotes: most recent first, with `supplier{id,name}` and `project{id,name}`. */
export const handler = createHandler({ query: listQuery }, async ({ query, principal }) => {
  const page = await listSupplierQuotes(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
