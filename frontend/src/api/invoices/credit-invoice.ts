import {
  invoiceWithRefsSchema,
  type InvoiceCreditNoteData,
  type InvoiceWithRefs,
} from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

interface CreditInvoiceInput {
  /** The issued invoice to credit. */
  id: string;
  /** The lines to credit (none: the whole invoice) and the reason printed on the credit note. */
  data: InvoiceCreditNoteData;
}

/**
 * `POST /api/invoices/{id}/credit-note`: a draft credit note (avoir) citing the issued invoice. It
 * takes its number (`AV-<year>-<nnnn>`) when it is sent, like an invoice.
 */
export async function creditInvoice({ id, data }: CreditInvoiceInput): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(
    await api.post(`/api/invoices/${encodeURIComponent(id)}/credit-note`, data),
  );
}

export function useCreditInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: creditInvoice, onSuccess: () => invalidateInvoiceFigures(queryClient) });
}
