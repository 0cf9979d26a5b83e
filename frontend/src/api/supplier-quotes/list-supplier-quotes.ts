import { supplierQuoteListItemSchema } from '@btp/shared/entities/supplier-quote';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { usePagedList } from '../list-pages';

/** A price request as the list answers it: without `items` (`getSupplierQuote` reads them). */
export type SupplierQuotesListItem = z.infer<typeof supplierQuoteListItemSchema>;

/**
 * `GET /api/supplier-quotes`: the company's records, most recent first (at most 1,000). Every successful write
 * on them invalidates `listSupplierQuotesQueryOptions().queryKey` (spec section 7).
 */
export async function listSupplierQuotes(signal?: AbortSignal): Promise<SupplierQuotesListItem[]> {
  return supplierQuoteListItemSchema.array().parse(await api.get('/api/supplier-quotes', { signal }));
}

export function listSupplierQuotesQueryOptions() {
  return queryOptions({
    queryKey: ['supplier-quotes'],
    queryFn: ({ signal }) => listSupplierQuotes(signal),
  });
}

export function useSupplierQuotesList() {
  return useQuery(listSupplierQuotesQueryOptions());
}

/** The list screen's records, a screen (`SCREEN_LIST_LIMIT`) a page ('Charger plus' reads the next, API.md "Lists"). */
export function useSupplierQuotesPages() {
  return usePagedList<SupplierQuotesListItem>('supplier-quotes', '/api/supplier-quotes', (body) =>
    supplierQuoteListItemSchema.array().parse(body),
  );
}
