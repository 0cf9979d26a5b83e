import {
  invoiceListItemSchema,
  type InvoiceCreateData,
  type InvoiceListItem,
} from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

/** `POST /api/invoices`: a new invoice, always a draft without a number. */
/** The paid amount is not sent: a new invoice has nothing paid. */
export async function createInvoice(data: Omit<InvoiceCreateData, 'paidAmount'>): Promise<InvoiceListItem> {
  return invoiceListItemSchema.parse(await api.post('/api/invoices', data));
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvoice, onSuccess: () => invalidateInvoiceFigures(queryClient) });
}
