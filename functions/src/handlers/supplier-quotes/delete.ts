import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
import { deleteSupplierQuote } from '../../purchases/supplier-quote-service.js';

/** DELETE /api/supplier-quotes/{id}: not the selected request of a project. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteSupplierQuote(companyOf(principal), params.id);
  return { statusCode: 204 };
});
