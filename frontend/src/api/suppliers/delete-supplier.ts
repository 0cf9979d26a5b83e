import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listSuppliersQueryOptions } from './list-suppliers';

/** `DELETE /api/suppliers/{id}`: `409` with the records still using the supplier. */
export async function deleteSupplier(id: string): Promise<void> {
  await api.delete(`/api/suppliers/${encodeURIComponent(id)}`);
}

export function useDeleteSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSupplier,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listSuppliersQueryOptions().queryKey }),
  });
}
