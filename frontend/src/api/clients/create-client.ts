import { clientSchema, type ClientCreateData } from '@btp/shared/entities/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listClientsQueryOptions, type ClientsListItem } from './list-clients';

/** `POST /api/clients`: answers the client created (`409` when the company has one of that name). */
export async function createClient(input: ClientCreateData): Promise<ClientsListItem> {
  return clientSchema.parse(await api.post('/api/clients', input));
}

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClient,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listClientsQueryOptions().queryKey }),
  });
}
