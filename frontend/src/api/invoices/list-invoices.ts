import { invoiceListItemSchema } from '@btp/shared/entities/invoice';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

export type InvoicesListItem = z.infer<typeof invoiceListItemSchema>;

/**
 * `GET /api/invoices`: the company's records, most recent first (at most 1,000). Every successful write
 * on them invalidates `listInvoicesQueryOptions().queryKey` (spec section 7).
 */
export async function listInvoices(signal?: AbortSignal): Promise<InvoicesListItem[]> {
  return invoiceListItemSchema.array().parse(await api.get('/api/invoices', { signal }));
}

export function listInvoicesQueryOptions() {
  return queryOptions({
    queryKey: ['invoices'],
    queryFn: ({ signal }) => listInvoices(signal),
  });
}

export function useInvoicesList() {
  return useQuery(listInvoicesQueryOptions());
}
