import { publicQuoteTokenParams } from '@btp/shared/entities/public-quote-input';
import { createHandler } from '../../lib/http.js';
import { clientIp, readPublicQuote } from '../../quotes/online-acceptance.js';

/**
 * GET /api/public/quotes/{token} (public): the sent quote's summary for the client's "Bon pour
 * accord" page, with a presigned URL of its PDF (docs/online-acceptance.md). The token is parsed by
 * hand (`public-quote-input.ts`): the function starts without zod.
 */
export const handler = createHandler(
  { params: publicQuoteTokenParams },
  async ({ params, headers, event }) => ({
    body: await readPublicQuote(params.token, clientIp(headers, event.requestContext.http.sourceIp)),
  }),
);
