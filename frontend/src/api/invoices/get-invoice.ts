import { invoiceWithRefsSchema, type InvoiceWithRefs } from '@btp/shared/entities/invoice';
import { queryOptions } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listInvoicesQueryOptions } from './list-invoices';

/** `GET /api/invoices/{id}`: one invoice or credit note, with a situation's figures. */
export async function getInvoice(id: string, signal?: AbortSignal): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(await api.get(`/api/invoices/${encodeURIComponent(id)}`, { signal }));
}

/** Under the list's key, so that every invoice write refreshes the open invoice too. */
export function getInvoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...listInvoicesQueryOptions().queryKey, id],
    queryFn: ({ signal }) => getInvoice(id, signal),
  });
}
