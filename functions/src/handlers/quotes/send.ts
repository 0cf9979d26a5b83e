import { documentSendParser } from '@btp/shared/sending-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { idempotencyKeyOf } from '../../sending/idempotency.js';
import { sendQuoteByEmail } from '../../sending/quote-mail.js';

/**
 * POST /api/quotes/{id}/send: the quote e-mailed to its client (`email`, default the client's;
 * `message` optional) with its PDF and the « Bon pour accord » link, then draft → sent. The body
 * may carry the `version` read; an `Idempotency-Key` header makes a repeat answer without sending.
 */
export const handler = createHandler(
  { body: documentSendParser, params: idParams },
  async ({ body, params, principal, headers }) => ({
    body: await sendQuoteByEmail(companyOf(principal), params.id, body, idempotencyKeyOf(headers)),
  }),
);
