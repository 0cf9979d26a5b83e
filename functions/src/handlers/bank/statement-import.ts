import { statementImportParser } from '@btp/shared/accounting/statement-input';
import { importStatement } from '../../bank/bank-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/bank/statements: `{uploadId, mapping?}`: reads the uploaded CAMT.053, OFX or CSV
 * statement; 201 `{statementId, format, lines, duplicates, warnings}` (docs/accounting.md).
 * The body is parsed by hand (`statement-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ body: statementImportParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await importStatement(companyOf(principal), body),
}));
