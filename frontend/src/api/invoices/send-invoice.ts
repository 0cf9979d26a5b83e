import { invoiceWithRefsSchema, type InvoiceWithRefs } from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listDocumentsQueryOptions } from '../documents/list-documents';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

export interface SendInvoiceInput {
  id: string;
  /** The version the person saw: the server answers 409 when the draft changed since. */
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
 * `POST /api/invoices/{id}/send`: draft → sent, with the next number of its series (`FAC-<year>-<nnnn>`,
 * `AV-<year>-<nnnn>` for a credit note), then e-mailed to the client with its Factur-X PDF
 * (`emailStatus` says whether the e-mail went). 400 without an address, 409 when the version is
 * stale, and 409 with one `details` entry per missing field while the company profile is incomplete.
 */
export async function sendInvoice({
  id,
  version,
  email,
  message,
  idempotencyKey,
}: SendInvoiceInput): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(
    await api.post(
      `/api/invoices/${encodeURIComponent(id)}/send`,
      { version, email, message },
      keyHeader(idempotencyKey),
    ),
  );
}

/** `POST /api/invoices/{id}/email`: an issued invoice's or credit note's e-mail again. */
export async function emailInvoice({
  id,
  email,
  message,
  idempotencyKey,
}: Omit<SendInvoiceInput, 'version'>): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(
    await api.post(
      `/api/invoices/${encodeURIComponent(id)}/email`,
      { email, message },
      keyHeader(idempotencyKey),
    ),
  );
}

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendInvoice,
    // A refusal may come from a stale list (another person sent or changed it): read it again. An
    // issued invoice's PDF is archived in Documents.
    onSettled: () =>
      Promise.all([
        invalidateInvoiceFigures(queryClient),
        queryClient.invalidateQueries({ queryKey: listDocumentsQueryOptions().queryKey }),
      ]),
  });
}

export function useEmailInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: emailInvoice, onSettled: () => invalidateInvoiceFigures(queryClient) });
}
