import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listClientsQueryOptions } from './list-clients';

/** `DELETE /api/clients/{id}`: `409` with the records still using the client. */
export async function deleteClient(id: string): Promise<void> {
  await api.delete(`/api/clients/${encodeURIComponent(id)}`);
}

export function useDeleteClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteClient,
    onSettled: () => queryClient.invalidateQueries({ queryKey: listClientsQueryOptions().queryKey }),
  });
}
