import { dashboardStats } from '../../dashboard/dashboard-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/dashboard/stats: the dashboard's four figures as text, plus the raw figures. */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await dashboardStats(companyOf(principal)),
}));
