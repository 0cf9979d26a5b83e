import { getSupplier } from '../../suppliers/supplier-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/suppliers/{id}: 404 for an unknown id or another company's. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await getSupplier(companyOf(principal), params.id),
}));
