import type { QueryClient } from '@tanstack/react-query';

import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listQuotesQueryOptions } from './list-quotes';

/** After a quote write: the quote lists (and open quotes, under the same key) and the dashboard's pending quotes. */
export function invalidateQuotes(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listQuotesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardStatsQueryOptions().queryKey }),
  ]);
}
