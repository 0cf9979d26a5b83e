import { documentEmailParser } from '@btp/shared/sending-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { idempotencyKeyOf } from '../../sending/idempotency.js';
import { emailInvoiceAgain } from '../../sending/invoice-resend.js';

/**
 * POST /api/invoices/{id}/email: an issued invoice's or credit note's e-mail again (« Renvoyer
 * l'e-mail »), to `email` or the client's; 200 with the invoice and its `emailStatus`.
 */
export const handler = createHandler(
  { body: documentEmailParser, params: idParams },
  async ({ body, params, principal, headers }) => ({
    body: await emailInvoiceAgain(companyOf(principal), params.id, body, idempotencyKeyOf(headers)),
  }),
);
