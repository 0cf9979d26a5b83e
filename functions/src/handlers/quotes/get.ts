import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { getQuote } from '../../quotes/quote-service.js';

/** GET /api/quotes/{id}: the quote with its lines (`items`). */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await getQuote(companyOf(principal), params.id),
}));
