import { publicQuoteSchema, type PublicQuote } from '@btp/shared/entities/public-quote';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';

/** `GET /api/public/quotes/{token}` (public): the sent quote's summary and its PDF's presigned URL. */
export async function getPublicQuote(token: string, signal?: AbortSignal): Promise<PublicQuote> {
  return publicQuoteSchema.parse(
    await api.get(`/api/public/quotes/${encodeURIComponent(token)}`, { signal }),
  );
}

/** The PDF's URL is valid 5 minutes: the summary is read again every 4 while the page is open. */
const refreshMs = 4 * 60 * 1000;

export function publicQuoteQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['public-quotes', token],
    queryFn: ({ signal }) => getPublicQuote(token, signal),
    staleTime: refreshMs,
    refetchInterval: refreshMs,
    // A refusal (404, 409) is the answer: asking again changes nothing.
    retry: false,
  });
}

export function usePublicQuote(token: string) {
  return useQuery(publicQuoteQueryOptions(token));
}
