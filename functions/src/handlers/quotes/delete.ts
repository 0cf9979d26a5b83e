import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { deleteQuote } from '../../quotes/quote-service.js';

/** DELETE /api/quotes/{id}: drafts only. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteQuote(companyOf(principal), params.id);
  return { statusCode: 204 };
});
