import { quoteSchema } from '@btp/shared/entities/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { documentSending } from '../document-sending';
import { listDocumentsQueryOptions } from '../documents/list-documents';
import { invalidateQuotes } from './invalidate-quotes';

/**
 * `POST /api/quotes/{id}/send`: the quote e-mailed to the client with its PDF and the link of the
 * online « Bon pour accord », then draft → sent (`sentAt` now, `emailStatus`), its PDF archived as a
 * document of the company. 400 without an address, 409 when the version read is stale, 503 when the
 * e-mail failed (still a draft). `POST /api/quotes/{id}/email`: a sent quote's e-mail again
 * (« Renvoyer l'e-mail »).
 */
const quoteSending = documentSending('/api/quotes', quoteSchema);

export function useSendQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: quoteSending.send,
    // The PDF of the quote as sent is archived in Documents.
    onSuccess: () =>
      Promise.all([
        invalidateQuotes(queryClient),
        queryClient.invalidateQueries({ queryKey: listDocumentsQueryOptions().queryKey }),
      ]),
  });
}

export function useEmailQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: quoteSending.email, onSettled: () => invalidateQuotes(queryClient) });
}
