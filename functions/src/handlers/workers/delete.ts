import { deleteWorker } from '../../job-costing/worker-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** DELETE /api/workers/{id} (company_admin): 204; 409 once hours were entered for the worker. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteWorker(companyOf(principal), params.id);
  return { statusCode: 204 };
});
