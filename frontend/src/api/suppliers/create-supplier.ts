import { supplierSchema, type SupplierCreateData } from '@btp/shared/entities/supplier';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listSuppliersQueryOptions, type SuppliersListItem } from './list-suppliers';

/** `POST /api/suppliers`: answers the supplier created (`409` when the company has one of that name). */
export async function createSupplier(input: SupplierCreateData): Promise<SuppliersListItem> {
  return supplierSchema.parse(await api.post('/api/suppliers', input));
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listSuppliersQueryOptions().queryKey }),
  });
}
