import { supplierSchema } from '@btp/shared/entities/supplier';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

export type SuppliersListItem = z.infer<typeof supplierSchema>;

/**
 * `GET /api/suppliers`: the company's records, most recent first (at most 1,000). Every successful write
 * on them invalidates `listSuppliersQueryOptions().queryKey` (spec section 7).
 */
export async function listSuppliers(signal?: AbortSignal): Promise<SuppliersListItem[]> {
  return supplierSchema.array().parse(await api.get('/api/suppliers', { signal }));
}

export function listSuppliersQueryOptions() {
  return queryOptions({
    queryKey: ['suppliers'],
    queryFn: ({ signal }) => listSuppliers(signal),
  });
}

export function useSuppliersList() {
  return useQuery(listSuppliersQueryOptions());
}
