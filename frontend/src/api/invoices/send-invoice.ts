import { invoiceListItemSchema, type InvoiceListItem } from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

/** `POST /api/invoices/{id}/send`, no body: draft → sent, with the next number `FAC-<year>-<nnnn>`. */
export async function sendInvoice(id: string): Promise<InvoiceListItem> {
  return invoiceListItemSchema.parse(await api.post(`/api/invoices/${encodeURIComponent(id)}/send`));
}

export function useSendInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendInvoice, onSuccess: () => invalidateInvoiceFigures(queryClient) });
}
