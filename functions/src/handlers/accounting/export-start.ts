import { exportParser } from '@btp/shared/accounting/export-input';
import { startAccountingExport } from '../../accounting/export-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/accounting/exports (company_admin): `{from, to}`; 202 with the job (`status: running`),
 * whose worker writes the FEC and the CSV per journal (docs/accounting.md). 409 without a SIREN. The
 * body is parsed by hand (`export-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ body: exportParser }, async ({ body, principal }) => ({
  statusCode: 202,
  body: await startAccountingExport(companyOf(principal), body),
}));
