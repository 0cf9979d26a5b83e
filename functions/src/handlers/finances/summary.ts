import { financesSummary } from '../../finances/finances-summary.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/finances/summary: every figure of the Finances screen, from the company aggregates. */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await financesSummary(companyOf(principal)),
}));
