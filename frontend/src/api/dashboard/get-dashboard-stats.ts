import {
  dashboardStatsWithWidgetsSchema,
  type DashboardStatsWithWidgets,
} from '@btp/shared/dashboard-widgets';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

/**
 * `GET /api/dashboard/stats`: the KPI figures (texts in fr-FR), the raw figures behind them, and
 * `widgets`, what the dashboard's widgets list and show, all computed by the server.
 */
export async function getDashboardStats(signal?: AbortSignal): Promise<DashboardStatsWithWidgets> {
  return dashboardStatsWithWidgetsSchema.parse(await api.get('/api/dashboard/stats', { signal }));
}

export function dashboardStatsQueryOptions() {
  return queryOptions({
    queryKey: ['dashboard', 'stats'],
    queryFn: ({ signal }) => getDashboardStats(signal),
  });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}
