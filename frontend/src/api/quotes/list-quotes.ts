import { quoteListItemSchema, type QuoteListItem } from '@btp/shared/entities/quote';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listKey, listPath, type ListParams } from '../list-params';
import { usePagedList } from '../list-pages';

/** A quote in `GET /api/quotes`: without its lines, with its client and project names. */
export type { QuoteListItem };

/**
 * `GET /api/quotes`: the company's records, most recent first (at most 1,000); with `params`, those
 * matching `q` in `sort` order (the server searches and sorts). Every successful write
 * on them invalidates `listQuotesQueryOptions().queryKey` (spec section 7).
 */
export async function listQuotes(signal?: AbortSignal, params?: ListParams): Promise<QuoteListItem[]> {
  return quoteListItemSchema.array().parse(await api.get(listPath('/api/quotes', params), { signal }));
}

export function listQuotesQueryOptions(params?: ListParams) {
  return queryOptions({
    queryKey: listKey('quotes', params),
    queryFn: ({ signal }) => listQuotes(signal, params),
  });
}

/** The list; with a search or a sort, the previous answer stays shown while the next one loads. */
export function useQuotesList(params?: ListParams) {
  return useQuery({ ...listQuotesQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * The list screen's records, a screen (`SCREEN_LIST_LIMIT`) a page ('Charger plus' reads the next, API.md "Lists"), matching
 * `params` (the server searches and sorts).
 */
export function useQuotesPages(params?: ListParams) {
  return usePagedList<QuoteListItem>(
    'quotes',
    '/api/quotes',
    (body) => quoteListItemSchema.array().parse(body),
    params,
  );
}
