import type { QueryClient } from '@tanstack/react-query';

import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listInvoicesQueryOptions } from './list-invoices';

/** What every invoice write changes: the invoice list and the dashboard's figures (spec section 7). */
export function invalidateInvoiceFigures(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listInvoicesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardStatsQueryOptions().queryKey }),
  ]);
}
