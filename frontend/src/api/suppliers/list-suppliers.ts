import { supplierSchema } from '@btp/shared/entities/supplier';
import type { z } from '@btp/shared/zod-fr';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listKey, listPath, type ListParams } from '../list-params';
import { usePagedList } from '../list-pages';

export type SuppliersListItem = z.infer<typeof supplierSchema>;

/**
 * `GET /api/suppliers`: the company's records, most recent first (at most 1,000); with `params`, those
 * matching `q` in `sort` order (the server searches and sorts). Every successful write
 * on them invalidates `listSuppliersQueryOptions().queryKey` (spec section 7).
 */
export async function listSuppliers(signal?: AbortSignal, params?: ListParams): Promise<SuppliersListItem[]> {
  return supplierSchema.array().parse(await api.get(listPath('/api/suppliers', params), { signal }));
}

export function listSuppliersQueryOptions(params?: ListParams) {
  return queryOptions({
    queryKey: listKey('suppliers', params),
    queryFn: ({ signal }) => listSuppliers(signal, params),
  });
}

/** The list; with a search or a sort, the previous answer stays shown while the next one loads. */
export function useSuppliersList(params?: ListParams) {
  return useQuery({ ...listSuppliersQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * The list screen's records, a screen (`SCREEN_LIST_LIMIT`) a page ('Charger plus' reads the next, API.md "Lists"), matching
 * `params` (the server searches and sorts).
 */
export function useSuppliersPages(params?: ListParams) {
  return usePagedList<SuppliersListItem>(
    'suppliers',
    '/api/suppliers',
    (body) => supplierSchema.array().parse(body),
    params,
  );
}
