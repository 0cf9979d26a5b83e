import { completeUpload } from '../../documents/document-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';
// The S3 package loaded at start: this function uses the bucket on every call (lib/s3-at-start.ts).
import '../../lib/s3-at-start.js';

/** POST /api/documents/{id}/complete: checks the uploaded object, then lists the document. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await completeUpload(companyOf(principal), params.id),
}));
