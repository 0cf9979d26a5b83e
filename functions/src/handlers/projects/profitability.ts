import { projectProfitability } from '../../job-costing/profitability-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/projects/{id}/profitability: budget, committed, actual, billed, forecast, margin, alerts. */
export const handler = createHandler({ params: idParams }, async ({ params, principal }) => ({
  body: await projectProfitability(companyOf(principal), params.id),
}));
