import { supplierQuoteWithRefsSchema, type SupplierQuoteWithRefs } from '@btp/shared/entities/supplier-quote';
import { queryOptions } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listSupplierQuotesQueryOptions } from './list-supplier-quotes';

/** `GET /api/supplier-quotes/{id}`: one price request whole, its free-form `items` included. */
export async function getSupplierQuote(id: string, signal?: AbortSignal): Promise<SupplierQuoteWithRefs> {
  return supplierQuoteWithRefsSchema.parse(
    await api.get(`/api/supplier-quotes/${encodeURIComponent(id)}`, { signal }),
  );
}

/** Under the list's key, so that every write that refreshes the list refreshes the open request too. */
export function getSupplierQuoteQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...listSupplierQuotesQueryOptions().queryKey, id],
    queryFn: ({ signal }) => getSupplierQuote(id, signal),
  });
}
