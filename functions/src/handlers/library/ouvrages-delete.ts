import { deleteOuvrage } from '../../library/ouvrage-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** DELETE /api/library/ouvrages/{id}: 204; 409 naming an ouvrage while another uses it. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteOuvrage(companyOf(principal), params.id);
  return { statusCode: 204 };
});
