import { quoteBillingSchema, type QuoteBilling } from '@btp/shared/entities/quote-billing';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listQuotesQueryOptions } from './list-quotes';

/**
 * `GET /api/quotes/{id}/billing`: "Facturation du marché" of an accepted quote: what its situations
 * invoiced line by line, its deposits, its retention and every invoice of it (DOCUMENTS.md § 3–4).
 */
export async function getQuoteBilling(id: string, signal?: AbortSignal): Promise<QuoteBilling> {
  return quoteBillingSchema.parse(await api.get(`/api/quotes/${encodeURIComponent(id)}/billing`, { signal }));
}

/**
 * Under the quotes' key, so that every quote write (`invalidateQuotes`) refreshes it too. Invoice
 * writes made elsewhere (Facturation) change it as well: the view reads it afresh each time it opens.
 */
export function quoteBillingQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...listQuotesQueryOptions().queryKey, id, 'billing'],
    queryFn: ({ signal }) => getQuoteBilling(id, signal),
  });
}

export function useQuoteBilling(id: string) {
  return useQuery({ ...quoteBillingQueryOptions(id), refetchOnMount: 'always' });
}
