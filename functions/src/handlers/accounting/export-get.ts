import { accountingExport } from '../../accounting/export-status.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * GET /api/accounting/exports/{id} (company_admin): the job's progress, then its summary per journal
 * and its files with presigned GETs valid 5 minutes; `failed` with the reason.
 */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await accountingExport(companyOf(principal), params.id),
}));
