import { quoteSchema, type Quote, type QuoteCreateData } from '@btp/shared/entities/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateQuotes } from './invalidate-quotes';

/** `POST /api/quotes`: a new draft with its lines (`items`), in one call; its number and amounts are the server's. */
export async function createQuote(data: QuoteCreateData): Promise<Quote> {
  return quoteSchema.parse(await api.post('/api/quotes', data));
}

export function useCreateQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createQuote, onSuccess: () => invalidateQuotes(queryClient) });
}
