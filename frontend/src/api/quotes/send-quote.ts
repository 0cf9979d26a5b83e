import { quoteSchema, type Quote } from '@btp/shared/entities/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listDocumentsQueryOptions } from '../documents/list-documents';
import { invalidateQuotes } from './invalidate-quotes';

interface SendQuoteInput {
  id: string;
  /** The version read: a quote changed in the meantime is not sent (409). */
  version: number;
}

/** `POST /api/quotes/{id}/send`: draft → sent (`sentAt` now), its PDF archived as a document of the company. */
export async function sendQuote({ id, version }: SendQuoteInput): Promise<Quote> {
  return quoteSchema.parse(await api.post(`/api/quotes/${encodeURIComponent(id)}/send`, { version }));
}

export function useSendQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendQuote,
    // The PDF of the quote as sent is archived in Documents.
    onSuccess: () =>
      Promise.all([
        invalidateQuotes(queryClient),
        queryClient.invalidateQueries({ queryKey: listDocumentsQueryOptions().queryKey }),
      ]),
  });
}
