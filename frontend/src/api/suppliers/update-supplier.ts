import { supplierSchema, type SupplierUpdateData } from '@btp/shared/entities/supplier';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { financesSummaryQueryOptions } from '../finances/get-finances-summary';
import { listSupplierInvoicesQueryOptions } from '../supplier-invoices/list-supplier-invoices';
import { listSupplierQuotesQueryOptions } from '../supplier-quotes/list-supplier-quotes';
import { listSuppliersQueryOptions, type SuppliersListItem } from './list-suppliers';

interface UpdateSupplierInput {
  id: string;
  /** The whole editable record with the `version` read: a change made meanwhile answers `409`. */
  supplier: SupplierUpdateData;
}

/** `PUT /api/suppliers/{id}`: answers the supplier as saved. */
export async function updateSupplier({ id, supplier }: UpdateSupplierInput): Promise<SuppliersListItem> {
  return supplierSchema.parse(await api.put(`/api/suppliers/${encodeURIComponent(id)}`, supplier));
}

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplier,
    // Supplier price requests, supplier invoices and Finances' top suppliers show the supplier's
    // name read at query time.
    onSuccess: () =>
      Promise.all(
        [
          listSuppliersQueryOptions(),
          financesSummaryQueryOptions(),
          listSupplierQuotesQueryOptions(),
          listSupplierInvoicesQueryOptions(),
        ].map(({ queryKey }) => queryClient.invalidateQueries({ queryKey })),
      ),
    onError: () => queryClient.invalidateQueries({ queryKey: listSuppliersQueryOptions().queryKey }),
  });
}
