import { readChart } from '../../accounting/chart-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/company/accounts (company_admin): the chart of accounts the entries use (docs/accounting.md). */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await readChart(companyOf(principal)),
}));
