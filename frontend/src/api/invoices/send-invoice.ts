import { invoiceListItemSchema, type InvoiceListItem } from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listDocumentsQueryOptions } from '../documents/list-documents';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

interface SendInvoiceInput {
  id: string;
  /** The version the person saw: the server answers 409 when the draft changed since. */
  version: number;
}

/**
 * `POST /api/invoices/{id}/send`: draft → sent, with the next number of its series (`FAC-<year>-<nnnn>`,
 * `AV-<year>-<nnnn>` for a credit note). 409 when the version is stale, and 409 with one `details`
 * entry per missing field while the company profile is incomplete.
 */
export async function sendInvoice({ id, version }: SendInvoiceInput): Promise<InvoiceListItem> {
  return invoiceListItemSchema.parse(
    await api.post(`/api/invoices/${encodeURIComponent(id)}/send`, { version }),
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
