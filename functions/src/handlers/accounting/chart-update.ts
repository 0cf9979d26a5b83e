import { chartOfAccountsParser } from '@btp/shared/accounting/chart-input';
import { saveChart } from '../../accounting/chart-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/company/accounts (company_admin): the whole chart and the `version` read; 409 when stale. */
export const handler = createHandler({ body: chartOfAccountsParser }, async ({ body, principal }) => ({
  body: await saveChart(companyOf(principal), body),
}));
