import {
  supplierQuoteSchema,
  type SupplierQuote,
  type SupplierQuoteUpdateData,
} from '@btp/shared/entities/supplier-quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listSupplierQuotesQueryOptions } from './list-supplier-quotes';

interface UpdateSupplierQuoteInput {
  id: string;
  /** The whole editable record plus the `version` read (a stale one is a 409). */
  data: SupplierQuoteUpdateData;
}

/**
 * `PUT /api/supplier-quotes/{id}`: any field, the status included; a selected request stops being
 * selected when it leaves 'Reçu' or its project.
 */
export async function updateSupplierQuote({ id, data }: UpdateSupplierQuoteInput): Promise<SupplierQuote> {
  return supplierQuoteSchema.parse(await api.put(`/api/supplier-quotes/${encodeURIComponent(id)}`, data));
}

export function useUpdateSupplierQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplierQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listSupplierQuotesQueryOptions().queryKey }),
  });
}
