import { quoteSchema, type Quote, type QuoteUpdateData } from '@btp/shared/entities/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateQuotes } from './invalidate-quotes';

interface UpdateQuoteInput {
  id: string;
  /** The whole editable record plus the `version` read (a stale one is a 409). */
  data: QuoteUpdateData;
}

/**
 * `PUT /api/quotes/{id}`: a draft's fields and, with `items`, all its lines in the same write (new
 * percentages re-price them), or the status of a sent quote (validated, rejected, expired) with its
 * other fields as stored.
 */
export async function updateQuote({ id, data }: UpdateQuoteInput): Promise<Quote> {
  return quoteSchema.parse(await api.put(`/api/quotes/${encodeURIComponent(id)}`, data));
}

export function useUpdateQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateQuote, onSuccess: () => invalidateQuotes(queryClient) });
}
