import { invoiceWithRefsSchema } from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { documentSending } from '../document-sending';
import { listDocumentsQueryOptions } from '../documents/list-documents';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

/**
 * `POST /api/invoices/{id}/send`: draft → sent, with the next number of its series (`FAC-<year>-<nnnn>`,
 * `AV-<year>-<nnnn>` for a credit note), then e-mailed to the client with its Factur-X PDF
 * (`emailStatus` says whether the e-mail went). 400 without an address, 409 when the version is
 * stale, and 409 with one `details` entry per missing field while the company profile is incomplete.
 * `POST /api/invoices/{id}/email`: an issued invoice's or credit note's e-mail again.
 */
const invoiceSending = documentSending('/api/invoices', invoiceWithRefsSchema);

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: invoiceSending.send,
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
  return useMutation({
    mutationFn: invoiceSending.email,
    onSettled: () => invalidateInvoiceFigures(queryClient),
  });
}
