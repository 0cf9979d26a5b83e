import type { QueryClient } from '@tanstack/react-query';

import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listInvoicesQueryOptions } from '../invoices/list-invoices';
import { listProgressReportsQueryOptions } from '../progress-reports/list-progress-reports';
import { listProjectsQueryOptions } from '../projects/list-projects';
import { listQuotesQueryOptions } from '../quotes/list-quotes';
import { listClientsQueryOptions } from './list-clients';

/**
 * After a client changed: the client list, and the lists that show a client's name read at query
 * time (projects, quotes, invoices, progress reports through their project), and the dashboard and
 * Finances (recent projects, top clients; Finances' key is under the dashboard's).
 */
export function invalidateClientLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      listClientsQueryOptions(),
      dashboardStatsQueryOptions(),
      listProjectsQueryOptions(),
      listQuotesQueryOptions(),
      listInvoicesQueryOptions(),
      listProgressReportsQueryOptions(),
    ].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey })),
  );
}
