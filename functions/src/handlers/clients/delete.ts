import { deleteClient } from '../../clients/client-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** DELETE /api/clients/{id}: 204; 409 while other records still use it. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteClient(companyOf(principal), params.id);
  return { statusCode: 204 };
});
