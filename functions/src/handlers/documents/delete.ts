import { deleteDocument } from '../../documents/document-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** DELETE /api/documents/{id}: the record, then its object (204). */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteDocument(companyOf(principal), params.id);
  return { statusCode: 204 };
});
