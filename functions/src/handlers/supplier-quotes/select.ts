import { supplierQuoteSelectParser } from '@btp/shared/entities/supplier-quote-select-input';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { selectSupplierQuote } from '../../purchases/supplier-quote-service.js';

/**
 * POST /api/supplier-quotes/{id}/select: a received request becomes the selected one of its
 * project. The body may carry the `version` read (parsed without zod).
 */
export const handler = createHandler(
  { body: supplierQuoteSelectParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await selectSupplierQuote(companyOf(principal), params.id, body.version),
  }),
);
