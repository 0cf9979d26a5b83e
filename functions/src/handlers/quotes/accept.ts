import { quoteAcceptParser } from '@btp/shared/entities/quote-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { acceptQuote } from '../../quotes/quote-service.js';

/** POST /api/quotes/{id}/accept: the client's "Bon pour accord" (signer, date): sent → validated. */
export const handler = createHandler(
  { body: quoteAcceptParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await acceptQuote(companyOf(principal), params.id, body),
  }),
);
