import { quoteSchema, type Quote, type QuoteAcceptData } from '@btp/shared/entities/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateQuotes } from './invalidate-quotes';

interface AcceptQuoteInput {
  id: string;
  /** Who signed, when (an instant; the server's now when absent) and the `version` read (409 when stale). */
  data: QuoteAcceptData;
}

/** `POST /api/quotes/{id}/accept`: the client's "Bon pour accord" on a sent quote, which becomes validated. */
export async function acceptQuote({ id, data }: AcceptQuoteInput): Promise<Quote> {
  return quoteSchema.parse(await api.post(`/api/quotes/${encodeURIComponent(id)}/accept`, data));
}

export function useAcceptQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: acceptQuote, onSuccess: () => invalidateQuotes(queryClient) });
}
