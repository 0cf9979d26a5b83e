import { supplierBalanceSchema, type SupplierBalance } from '@btp/shared/entities/supplier-invoice';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

/** `GET /api/supplier-invoices/balances`: what the company owes each supplier, largest first. */
export async function getSupplierBalances(signal?: AbortSignal): Promise<SupplierBalance[]> {
  return supplierBalanceSchema.array().parse(await api.get('/api/supplier-invoices/balances', { signal }));
}

export function supplierBalancesQueryOptions() {
  return queryOptions({
    queryKey: ['supplier-invoices', 'balances'],
    queryFn: ({ signal }) => getSupplierBalances(signal),
  });
}

export function useSupplierBalances() {
  return useQuery(supplierBalancesQueryOptions());
}
