import { quoteSchema, type Quote, type QuoteItemsData } from '@btp/shared/entities/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateQuotes } from './invalidate-quotes';

interface ReplaceQuoteItemsInput {
  id: string;
  /** All the lines (they replace the stored ones) and the quote's `version`. */
  data: QuoteItemsData;
}

/** `PUT /api/quotes/{id}/items`: replaces a draft's lines; the server recomputes its amounts. */
export async function replaceQuoteItems({ id, data }: ReplaceQuoteItemsInput): Promise<Quote> {
  return quoteSchema.parse(await api.put(`/api/quotes/${encodeURIComponent(id)}/items`, data));
}

export function useReplaceQuoteItems() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: replaceQuoteItems, onSuccess: () => invalidateQuotes(queryClient) });
}
