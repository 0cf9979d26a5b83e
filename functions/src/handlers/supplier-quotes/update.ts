import { supplierQuoteUpdateParser } from '@btp/shared/entities/supplier-quote-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { updateSupplierQuote } from '../../purchases/supplier-quote-service.js';

/**
 * PUT /api/supplier-quotes/{id}: every field but `selected` (the `select` action's). The body is
 * parsed by hand (`supplier-quote-input.ts`): the function starts without zod.
 */
export const handler = createHandler(
  { body: supplierQuoteUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateSupplierQuote(companyOf(principal), params.id, body),
  }),
);
