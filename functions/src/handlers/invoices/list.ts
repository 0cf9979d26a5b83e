import { searchableListQuery } from '@btp/shared/list';
import { listInvoices } from '../../invoicing/invoice-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/invoices: most recent first (or `sort`, filtered by `q`), each without its lines and snapshots (`invoiceListItemSchema`), with `client{id,name}`, `project{id,name}`, status as read today. */
export const handler = createHandler(
  { query: searchableListQuery('invoices') },
  async ({ query, principal }) => {
    const page = await listInvoices(companyOf(principal), query);
    return listResponse(page.items, page.nextCursor);
  },
);
