import { listQuery } from '@btp/shared/list';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';
import { listSupplierInvoices } from '../../purchases/supplier-invoice-service.js';

/** GET /api/supplier-invoices: most recent first, with `supplier{id,name}` and `project{id,name}`. */
export const handler = createHandler({ query: listQuery }, async ({ query, principal }) => {
  const page = await listSupplierInvoices(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
