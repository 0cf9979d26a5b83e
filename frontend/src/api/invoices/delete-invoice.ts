import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

/** `DELETE /api/invoices/{id}`: drafts only; a numbered invoice is never deleted (409). */
export async function deleteInvoice(id: string): Promise<void> {
  await api.delete(`/api/invoices/${encodeURIComponent(id)}`);
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteInvoice, onSuccess: () => invalidateInvoiceFigures(queryClient) });
}
