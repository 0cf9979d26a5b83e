import { quoteSchema } from '@btp/shared/entities/quote';
import { entityRefSchema } from '@btp/shared/record';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listQuotesQueryOptions } from './list-quotes';

/** A quote in `GET /api/quotes/{id}`: with its lines (ordered), its client and project names. */
export const quoteDetailSchema = quoteSchema.extend({
  client: entityRefSchema.optional(),
  project: entityRefSchema.optional(),
});
export type QuoteDetail = z.infer<typeof quoteDetailSchema>;

/** `GET /api/quotes/{id}`: one quote with its lines. */
export async function getQuote(id: string, signal?: AbortSignal): Promise<QuoteDetail> {
  return quoteDetailSchema.parse(await api.get(`/api/quotes/${encodeURIComponent(id)}`, { signal }));
}

/** Under the list's key, so that every write that refreshes the list refreshes the open quote too. */
export function getQuoteQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...listQuotesQueryOptions().queryKey, id],
    queryFn: ({ signal }) => getQuote(id, signal),
  });
}

export function useQuote(id: string | undefined) {
  return useQuery({ ...getQuoteQueryOptions(id ?? ''), enabled: id !== undefined });
}
