import type { DashboardStatsWithWidgets } from '@btp/shared/dashboard-widgets';
import { dashboardStats } from '../../dashboard/dashboard-service.js';
import { dashboardWidgets } from '../../dashboard/dashboard-widgets.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * GET /api/dashboard/stats: the dashboard's four figures as text, plus the raw figures, and
 * `widgets`, what its widgets list and show (one call for the whole page).
 */
export const handler = createHandler({}, async ({ principal }) => {
  const companyId = companyOf(principal);
  const [stats, widgets] = await Promise.all([dashboardStats(companyId), dashboardWidgets(companyId)]);
  const body: DashboardStatsWithWidgets = { ...stats, widgets };
  return { body };
});
