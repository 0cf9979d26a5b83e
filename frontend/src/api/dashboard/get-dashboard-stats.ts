import { dashboardStatsSchema, type DashboardStats } from '@btp/shared/finance';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

/** `GET /api/dashboard/stats`: the KPI figures (texts in fr-FR) and the raw figures behind them. */
export async function getDashboardStats(signal?: AbortSignal): Promise<DashboardStats> {
  return dashboardStatsSchema.parse(await api.get('/api/dashboard/stats', { signal }));
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
