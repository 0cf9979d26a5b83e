import { invoiceLifecycle } from '../../einvoicing/exchange/lifecycles.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * GET /api/invoices/{id}/lifecycle: the invoice on the e-invoicing network — `network` (`sent`,
 * `pending`, `not_addressable`, `not_sent`), its flow and acknowledgement, and every status in and
 * out (`events`).
 */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await invoiceLifecycle(companyOf(principal), params.id),
}));
