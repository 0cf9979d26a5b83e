import { quoteSchema } from '@btp/shared/entities/quote';
import { entityRefSchema } from '@btp/shared/record';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

/** A quote in `GET /api/quotes`: without its lines, with its client and project names. */
export const quoteListItemSchema = quoteSchema.extend({
  client: entityRefSchema.optional(),
  project: entityRefSchema.optional(),
});
export type QuoteListItem = z.infer<typeof quoteListItemSchema>;

/**
 * `GET /api/quotes`: the company's records, most recent first (at most 1,000). Every successful write
 * on them invalidates `listQuotesQueryOptions().queryKey` (spec section 7).
 */
export async function listQuotes(signal?: AbortSignal): Promise<QuoteListItem[]> {
  return quoteListItemSchema.array().parse(await api.get('/api/quotes', { signal }));
}

export function listQuotesQueryOptions() {
  return queryOptions({
    queryKey: ['quotes'],
    queryFn: ({ signal }) => listQuotes(signal),
  });
}

export function useQuotesList() {
  return useQuery(listQuotesQueryOptions());
}
