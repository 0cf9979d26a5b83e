import { invoiceSendParser } from '@btp/shared/sending-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { idempotencyKeyOf } from '../../sending/idempotency.js';
import { sendInvoiceByEmail } from '../../sending/invoice-mail.js';

/**
 * POST /api/invoices/{id}/send: draft → issued with the next gapless number of its series (`FAC`,
 * `AV` for a credit note), dates and snapshots, then e-mailed to the client (`email`, default the
 * client's; `message` optional) with its Factur-X PDF; the answer's `emailStatus` says whether the
 * e-mail went. The body carries the `version` the person saw; an `Idempotency-Key` header makes a
 * repeat answer without sending again.
 */
export const handler = createHandler(
  { body: invoiceSendParser, params: idParams },
  async ({ body, params, principal, headers }) => ({
    body: await sendInvoiceByEmail(companyOf(principal), params.id, body, idempotencyKeyOf(headers)),
  }),
);
