import { sendInvoice } from '../../invoicing/invoice-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/invoices/{id}/send: draft → sent with the next gapless number. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await sendInvoice(companyOf(principal), params.id),
}));
