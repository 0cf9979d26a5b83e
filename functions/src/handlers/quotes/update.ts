import { quoteUpdateParser } from '@btp/shared/entities/quote-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { updateQuote } from '../../quotes/quote-service.js';

/** PUT /api/quotes/{id}: a draft's fields and, with `items`, its lines in the same write; or a sent quote's answer (status). */
export const handler = createHandler(
  { body: quoteUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateQuote(companyOf(principal), params.id, body),
  }),
);
