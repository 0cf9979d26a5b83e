import {
  invoiceListItemSchema,
  type InvoiceListItem,
  type InvoicePayData,
} from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

interface PayInvoiceInput {
  id: string;
  /** Paid amount (defaults to the total on the server), payment instant, version read. */
  data: InvoicePayData;
}

/** `POST /api/invoices/{id}/pay`: sent or overdue → paid. */
export async function payInvoice({ id, data }: PayInvoiceInput): Promise<InvoiceListItem> {
  return invoiceListItemSchema.parse(await api.post(`/api/invoices/${encodeURIComponent(id)}/pay`, data));
}

export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payInvoice, onSuccess: () => invalidateInvoiceFigures(queryClient) });
}
