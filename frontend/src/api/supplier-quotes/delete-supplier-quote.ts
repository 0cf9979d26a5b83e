import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listSupplierQuotesQueryOptions } from './list-supplier-quotes';

/** `DELETE /api/supplier-quotes/{id}`: refused (409) for the selected request or one invoices refer to. */
export async function deleteSupplierQuote(id: string): Promise<void> {
  await api.delete(`/api/supplier-quotes/${encodeURIComponent(id)}`);
}

export function useDeleteSupplierQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplierQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listSupplierQuotesQueryOptions().queryKey }),
  });
}
