import { statementUploadParser } from '@btp/shared/accounting/statement-input';
import { statementUpload } from '../../bank/bank-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/bank/statements/upload: `{fileName}` → `{uploadId, url, fields}`, a presigned POST of the
 * statement (10 MB at most) straight to the documents bucket; then `POST /api/bank/statements`.
 * The body is parsed by hand (`statement-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ body: statementUploadParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await statementUpload(companyOf(principal), body.fileName),
}));
