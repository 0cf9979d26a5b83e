import { clientSchema } from '@btp/shared/entities/client';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

export type ClientsListItem = z.infer<typeof clientSchema>;

/**
 * `GET /api/clients`: the company's records, most recent first (at most 1,000). Every successful write
 * on them invalidates `listClientsQueryOptions().queryKey` (spec section 7).
 */
export async function listClients(signal?: AbortSignal): Promise<ClientsListItem[]> {
  return clientSchema.array().parse(await api.get('/api/clients', { signal }));
}

export function listClientsQueryOptions() {
  return queryOptions({
    queryKey: ['clients'],
    queryFn: ({ signal }) => listClients(signal),
  });
}

export function useClientsList() {
  return useQuery(listClientsQueryOptions());
}
