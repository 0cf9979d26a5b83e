import { projectMargins } from '../../job-costing/profitability-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/finances/projects: every chantier with its margin, worst first. */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await projectMargins(companyOf(principal)),
}));
