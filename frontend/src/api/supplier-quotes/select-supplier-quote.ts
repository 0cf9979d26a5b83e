import { supplierQuoteSchema, type SupplierQuote } from '@btp/shared/entities/supplier-quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listSupplierQuotesQueryOptions } from './list-supplier-quotes';

interface SelectSupplierQuoteInput {
  id: string;
  /** The version read: a request changed in the meantime is not selected (409). */
  version: number;
}

/**
 * `POST /api/supplier-quotes/{id}/select`: a received request becomes its project's selected one; the
 * other requests of that project are unselected (hence the whole list is refetched).
 */
export async function selectSupplierQuote({ id, version }: SelectSupplierQuoteInput): Promise<SupplierQuote> {
  return supplierQuoteSchema.parse(
    await api.post(`/api/supplier-quotes/${encodeURIComponent(id)}/select`, { version }),
  );
}

export function useSelectSupplierQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: selectSupplierQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listSupplierQuotesQueryOptions().queryKey }),
  });
}
