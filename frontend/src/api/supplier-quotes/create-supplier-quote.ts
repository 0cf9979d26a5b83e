import {
  supplierQuoteSchema,
  type SupplierQuote,
  type SupplierQuoteCreateData,
} from '@btp/shared/entities/supplier-quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listSupplierQuotesQueryOptions } from './list-supplier-quotes';

/** `POST /api/supplier-quotes`: a new price request; its number is the server's, never selected. */
export async function createSupplierQuote(data: SupplierQuoteCreateData): Promise<SupplierQuote> {
  return supplierQuoteSchema.parse(await api.post('/api/supplier-quotes', data));
}

export function useCreateSupplierQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplierQuote,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listSupplierQuotesQueryOptions().queryKey }),
  });
}
