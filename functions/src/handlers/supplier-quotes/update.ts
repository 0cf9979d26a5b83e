import { supplierQuoteUpdateInput } from '@btp/shared/entities/supplier-quote';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { updateSupplierQuote } from '../../purchases/supplier-quote-service.js';

/** PUT /api/supplier-quotes/{id}: every field but `selected` (the `select` action's). */
export const handler = createHandler(
  { body: supplierQuoteUpdateInput, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateSupplierQuote(companyOf(principal), params.id, body),
  }),
);
