import { completeUpload } from '../../documents/document-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/documents/{id}/complete: checks the uploaded object, then lists the document. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await completeUpload(companyOf(principal), params.id),
}));
