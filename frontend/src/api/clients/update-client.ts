import { clientSchema, type ClientUpdateData } from '@btp/shared/entities/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateClientLists } from './client-references';
import { listClientsQueryOptions, type ClientsListItem } from './list-clients';

interface UpdateClientInput {
  id: string;
  /** The whole editable record with the `version` read: a change made meanwhile answers `409`. */
  client: ClientUpdateData;
}

/** `PUT /api/clients/{id}`: answers the client as saved. */
export async function updateClient({ id, client }: UpdateClientInput): Promise<ClientsListItem> {
  return clientSchema.parse(await api.put(`/api/clients/${encodeURIComponent(id)}`, client));
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: () => invalidateClientLists(queryClient),
    // A stale version (409) or a client gone (404): the list is read again to show what is saved.
    onError: () => queryClient.invalidateQueries({ queryKey: listClientsQueryOptions().queryKey }),
  });
}
