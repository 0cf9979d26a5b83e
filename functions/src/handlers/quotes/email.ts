import { documentEmailParser } from '@btp/shared/sending-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { idempotencyKeyOf } from '../../sending/idempotency.js';
import { emailQuoteAgain } from '../../sending/quote-mail.js';

/**
 * POST /api/quotes/{id}/email: a sent quote's e-mail again (« Renvoyer l'e-mail »), to `email` or
 * the client's; 200 with the quote and its `emailStatus`, whether the e-mail went or failed.
 */
export const handler = createHandler(
  { body: documentEmailParser, params: idParams },
  async ({ body, params, principal, headers }) => ({
    body: await emailQuoteAgain(companyOf(principal), params.id, body, idempotencyKeyOf(headers)),
  }),
);
