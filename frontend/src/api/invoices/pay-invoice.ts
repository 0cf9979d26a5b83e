import {
  invoiceWithRefsSchema,
  type InvoiceWithRefs,
  type InvoicePayData,
} from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

interface PayInvoiceInput {
  id: string;
  /**
   * This payment: its amount (defaults to what remains on the server), instant, means, reference,
   * and the version read.
   */
  data: InvoicePayData;
}

/**
 * `POST /api/invoices/{id}/pay`: adds one payment to a sent or overdue invoice (its `payments`);
 * it turns `paid` once nothing remains.
 */
export async function payInvoice({ id, data }: PayInvoiceInput): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(await api.post(`/api/invoices/${encodeURIComponent(id)}/pay`, data));
}

export function usePayInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payInvoice, onSuccess: () => invalidateInvoiceFigures(queryClient) });
}
