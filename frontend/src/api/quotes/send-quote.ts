import { quoteSchema, type Quote } from '@btp/shared/entities/quote';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listDocumentsQueryOptions } from '../documents/list-documents';
import { invalidateQuotes } from './invalidate-quotes';

export interface SendQuoteInput {
  id: string;
  /** The version read: a quote changed in the meantime is not sent (409). */
  version: number;
  /** The recipient; absent: the client's e-mail. */
  email?: string;
  /** Added to the e-mail. */
  message?: string;
  /** One per opening of the send dialog: a repeat of the same key never sends twice. */
  idempotencyKey?: string;
}

const keyHeader = (key: string | undefined) =>
  key === undefined ? {} : { headers: { 'Idempotency-Key': key } };

/**
 * `POST /api/quotes/{id}/send`: the quote e-mailed to the client with its PDF and the link of the
 * online « Bon pour accord », then draft → sent (`sentAt` now, `emailStatus`), its PDF archived as a
 * document of the company. 400 without an address, 503 when the e-mail failed (still a draft).
 */
export async function sendQuote({
  id,
  version,
  email,
  message,
  idempotencyKey,
}: SendQuoteInput): Promise<Quote> {
  return quoteSchema.parse(
    await api.post(
      `/api/quotes/${encodeURIComponent(id)}/send`,
      { version, email, message },
      keyHeader(idempotencyKey),
    ),
  );
}

/** `POST /api/quotes/{id}/email`: a sent quote's e-mail again (« Renvoyer l'e-mail »). */
export async function emailQuote({
  id,
  email,
  message,
  idempotencyKey,
}: Omit<SendQuoteInput, 'version'>): Promise<Quote> {
  return quoteSchema.parse(
    await api.post(
      `/api/quotes/${encodeURIComponent(id)}/email`,
      { email, message },
      keyHeader(idempotencyKey),
    ),
  );
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

export function useEmailQuote() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: emailQuote, onSettled: () => invalidateQuotes(queryClient) });
}
