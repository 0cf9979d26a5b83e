import { quoteRefreshPricesParser } from '@btp/shared/entities/quote-refresh-prices-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { refreshQuotePrices } from '../../quotes/quote-refresh.js';

/** POST /api/quotes/{id}/refresh-prices: old → new per line and totals; `apply: true` saves the draft. */
export const handler = createHandler(
  { body: quoteRefreshPricesParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await refreshQuotePrices(companyOf(principal), params.id, body),
  }),
);
