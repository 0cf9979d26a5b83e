import { publicQuoteAcceptParser, publicQuoteTokenParams } from '@btp/shared/entities/public-quote-input';
import { createHandler } from '../../lib/http.js';
import { acceptPublicQuote, clientIp } from '../../quotes/online-acceptance.js';

/**
 * POST /api/public/quotes/{token}/accept (public, CSRF header required): the client's online "Bon
 * pour accord" (name, terms, drawn signature); the quote becomes `validated` and its signed PDF is
 * archived (docs/online-acceptance.md). The token and the body are parsed by hand
 * (`public-quote-input.ts`): the function starts without zod.
 */
export const handler = createHandler(
  // A 200 KB signature is 273 KB of base64: above the API's 256 KB, so that the answer past 200 KB
  // is the signature's 400, not a 413.
  { params: publicQuoteTokenParams, body: publicQuoteAcceptParser, maxBodyBytes: 320 * 1024 },
  async ({ params, body, headers, event }) => ({
    body: await acceptPublicQuote(params.token, body, clientIp(headers, event.requestContext.http.sourceIp)),
  }),
);
