import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateSupplierInvoices } from './invalidate-supplier-invoices';

/** `DELETE /api/supplier-invoices/{id}`, in any status. */
export async function deleteSupplierInvoice(id: string): Promise<void> {
  await api.delete(`/api/supplier-invoices/${encodeURIComponent(id)}`);
}

export function useDeleteSupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplierInvoice,
    onSuccess: () => invalidateSupplierInvoices(queryClient),
  });
}
