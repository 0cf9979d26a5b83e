import { statementUploadInput } from '@btp/shared/accounting/bank';
import { statementUpload } from '../../bank/bank-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/bank/statements/upload: `{fileName}` → `{uploadId, url, fields}`, a presigned POST of the
 * statement (10 MB at most) straight to the documents bucket; then `POST /api/bank/statements`.
 */
export const handler = createHandler({ body: statementUploadInput }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await statementUpload(companyOf(principal), body.fileName),
}));
