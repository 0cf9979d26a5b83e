import { supplierQuoteCreateInput } from '@btp/shared/entities/supplier-quote';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';
import { createSupplierQuote } from '../../purchases/supplier-quote-service.js';

/** POST /api/supplier-quotes: numbered by the server, never selected. */
export const handler = createHandler({ body: supplierQuoteCreateInput }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createSupplierQuote(companyOf(principal), body),
}));
