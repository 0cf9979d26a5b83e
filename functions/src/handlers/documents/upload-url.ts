import { documentUploadUrlParser } from '@btp/shared/entities/document-input';
import { createUploadUrl } from '../../documents/document-upload-url.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/documents/upload-url: a presigned POST for a file up to 50 MB, the document pending. */
export const handler = createHandler({ body: documentUploadUrlParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createUploadUrl(companyOf(principal), body),
}));
