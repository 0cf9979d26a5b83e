import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateQuotes } from './invalidate-quotes';

/** `DELETE /api/quotes/{id}`: a draft and its lines. */
export async function deleteQuote(id: string): Promise<void> {
  await api.delete(`/api/quotes/${encodeURIComponent(id)}`);
}

export function useDeleteQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteQuote, onSuccess: () => invalidateQuotes(queryClient) });
}
