import type { QueryClient } from '@tanstack/react-query';

import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { supplierBalancesQueryOptions } from './supplier-balances';
import { listSupplierInvoicesQueryOptions } from './list-supplier-invoices';

/**
 * After a supplier invoice write: their list, what is owed per supplier and the figures built on
 * purchases (the dashboard's key covers Finances' summary too).
 */
export function invalidateSupplierInvoices(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: listSupplierInvoicesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: supplierBalancesQueryOptions().queryKey }),
    queryClient.invalidateQueries({ queryKey: dashboardStatsQueryOptions().queryKey }),
  ]);
}
