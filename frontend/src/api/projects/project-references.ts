import type { QueryClient } from '@tanstack/react-query';

import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listDocumentsQueryOptions } from '../documents/list-documents';
import { listInvoicesQueryOptions } from '../invoices/list-invoices';
import { listProgressReportsQueryOptions } from '../progress-reports/list-progress-reports';
import { listQuotesQueryOptions } from '../quotes/list-quotes';
import { listSupplierQuotesQueryOptions } from '../supplier-quotes/list-supplier-quotes';
import { listProjectsQueryOptions } from './list-projects';

/**
 * After a project changed: the project list, the dashboard figures (active projects), and the lists
 * that show a project's name read at query time.
 */
export function invalidateProjectLists(queryClient: QueryClient): Promise<unknown> {
  return Promise.all(
    [
      listProjectsQueryOptions(),
      dashboardStatsQueryOptions(),
      listQuotesQueryOptions(),
      listInvoicesQueryOptions(),
      listSupplierQuotesQueryOptions(),
      listProgressReportsQueryOptions(),
      listDocumentsQueryOptions(),
    ].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey })),
  );
}
