import { financesSummarySchema, type FinancesSummary } from '@btp/shared/finances-summary';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';

/** `GET /api/finances/summary`: every figure of the Finances screen, computed by the server. */
export async function getFinancesSummary(signal?: AbortSignal): Promise<FinancesSummary> {
  return financesSummarySchema.parse(await api.get('/api/finances/summary', { signal }));
}

export function financesSummaryQueryOptions() {
  return queryOptions({
    // Under the dashboard's key: every write that refreshes the dashboard's figures refreshes these.
    queryKey: [...dashboardStatsQueryOptions().queryKey, 'finances'],
    queryFn: ({ signal }) => getFinancesSummary(signal),
  });
}

export function useFinancesSummary() {
  // Read again on each visit of the screen (a project's status changed elsewhere, for instance).
  return useQuery({ ...financesSummaryQueryOptions(), refetchOnMount: 'always' });
}
