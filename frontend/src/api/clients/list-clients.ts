import { clientSchema } from '@btp/shared/entities/client';
import type { z } from '@btp/shared/zod-fr';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listKey, listPath, type ListParams } from '../list-params';
import { usePagedList } from '../list-pages';

export type ClientsListItem = z.infer<typeof clientSchema>;

/**
 * `GET /api/clients`: the company's records, most recent first (at most 1,000); with `params`, those
 * matching `q` in `sort` order (the server searches and sorts). Every successful write
 * on them invalidates `listClientsQueryOptions().queryKey` (spec section 7).
 */
export async function listClients(signal?: AbortSignal, params?: ListParams): Promise<ClientsListItem[]> {
  return clientSchema.array().parse(await api.get(listPath('/api/clients', params), { signal }));
}

export function listClientsQueryOptions(params?: ListParams) {
  return queryOptions({
    queryKey: listKey('clients', params),
    queryFn: ({ signal }) => listClients(signal, params),
  });
}

/** The list; with a search or a sort, the previous answer stays shown while the next one loads. */
export function useClientsList(params?: ListParams) {
  return useQuery({ ...listClientsQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * The list screen's records, a screen (`SCREEN_LIST_LIMIT`) a page ('Charger plus' reads the next, API.md "Lists"), matching
 * `params` (the server searches and sorts).
 */
export function useClientsPages(params?: ListParams) {
  return usePagedList<ClientsListItem>(
    'clients',
    '/api/clients',
    (body) => clientSchema.array().parse(body),
    params,
  );
}
