import { quoteItemsParser } from '@btp/shared/entities/quote-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { replaceItems } from '../../quotes/quote-service.js';

/** PUT /api/quotes/{id}/items: replaces a draft's lines and recomputes its amounts. */
export const handler = createHandler(
  { body: quoteItemsParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await replaceItems(companyOf(principal), params.id, body),
  }),
);
