import { quoteCreateParser } from '@btp/shared/entities/quote-input';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { createQuote } from '../../quotes/quote-service.js';

/** POST /api/quotes: a draft numbered by the server, with its lines (`items`) in the same transaction. */
export const handler = createHandler({ body: quoteCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createQuote(companyOf(principal), body),
}));
