import { deleteSupplier } from '../../suppliers/supplier-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** DELETE /api/suppliers/{id}: 204; 409 while other records still use it. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteSupplier(companyOf(principal), params.id);
  return { statusCode: 204 };
});
