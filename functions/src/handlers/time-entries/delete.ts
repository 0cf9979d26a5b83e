import { deleteTimeEntry } from '../../job-costing/time-entry-service.js';
import { actorOf } from '../../job-costing/actor.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** DELETE /api/time-entries/{id}: 204; 409 in a validated week (but for an administrator). */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteTimeEntry(companyOf(principal), actorOf(principal), params.id);
  return { statusCode: 204 };
});
