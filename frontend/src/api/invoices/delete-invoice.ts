import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

/** `DELETE /api/invoices/{id}`: drafts only; a numbered invoice is never deleted (409: établissez un avoir). */
export async function deleteInvoice(id: string): Promise<void> {
  await api.delete(`/api/invoices/${encodeURIComponent(id)}`);
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  // A refusal comes from a stale list (the draft was sent meanwhile): read it again, so the card
  // offers what is now possible ('Établir un avoir').
  return useMutation({ mutationFn: deleteInvoice, onSettled: () => invalidateInvoiceFigures(queryClient) });
}
