import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { getSupplierQuote } from '../../purchases/supplier-quote-service.js';

/** GET /api/supplier-quotes/{id}, with its supplier and project. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await getSupplierQuote(companyOf(principal), params.id),
}));
