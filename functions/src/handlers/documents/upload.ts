import { uploadDocument } from '../../documents/document-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/documents/upload (multipart, file up to 4 MiB). No body schema: the middleware parses
 * JSON only, the service reads the raw (base64-encoded) multipart body itself.
 */
export const handler = createHandler({}, async ({ principal, event, headers }) => {
  const companyId = companyOf(principal);
  const document = await uploadDocument(companyId, {
    body: event.body,
    isBase64Encoded: event.isBase64Encoded,
    contentType: headers['content-type'],
  });
  return { statusCode: 201, body: document };
});
