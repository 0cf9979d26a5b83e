import { getInvoice } from '../../invoicing/invoice-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/invoices/{id}. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await getInvoice(companyOf(principal), params.id),
}));
