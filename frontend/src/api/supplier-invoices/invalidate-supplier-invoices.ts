import type { QueryClient } from '@tanstack/react-query';

import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listSupplierInvoicesQueryOptions } from './list-supplier-invoices';

/** After a supplier invoice write: their list and the figures built on expenses. */
export function invalidateSupplierInvoices(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listSupplierInvoicesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardStatsQueryOptions().queryKey }),
  ]);
}
