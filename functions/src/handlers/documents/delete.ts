import { deleteDocument } from '../../documents/document-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
// The S3 package loaded at start: this function uses the bucket on every call (lib/s3-at-start.ts).
import '../../lib/s3-at-start.js';

/** DELETE /api/documents/{id}: the record, then its object (204). */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => {
  await deleteDocument(companyOf(principal), params.id);
  return { statusCode: 204 };
});
