import { supplierQuoteCreateParser } from '@btp/shared/entities/supplier-quote-input';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { createSupplierQuote } from '../../purchases/supplier-quote-service.js';

/**
 * POST /api/supplier-quotes: numbered by the server, never selected. The body is parsed by hand
 * (`supplier-quote-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ body: supplierQuoteCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createSupplierQuote(companyOf(principal), body),
}));
