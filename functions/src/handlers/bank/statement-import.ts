import { statementImportInput } from '@btp/shared/accounting/bank';
import { importStatement } from '../../bank/bank-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/bank/statements: `{uploadId, mapping?}`: reads the uploaded CAMT.053, OFX or CSV
 * statement; 201 `{statementId, format, lines, duplicates, warnings}` (docs/accounting.md).
 */
export const handler = createHandler({ body: statementImportInput }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await importStatement(companyOf(principal), body),
}));
