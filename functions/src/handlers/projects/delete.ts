import { deleteProject } from '../../projects/project-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** DELETE /api/projects/{id}: 204; 409 while other records still use it. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteProject(companyOf(principal), params.id);
  return { statusCode: 204 };
});
