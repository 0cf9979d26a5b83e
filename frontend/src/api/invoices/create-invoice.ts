import {
  invoiceWithRefsSchema,
  type InvoiceCreateData,
  type InvoiceWithRefs,
} from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

/** `POST /api/invoices`: a new standard invoice with its lines, always a draft without a number. */
export async function createInvoice(data: InvoiceCreateData): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(await api.post('/api/invoices', data));
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvoice, onSuccess: () => invalidateInvoiceFigures(queryClient) });
}
