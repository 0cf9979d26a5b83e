import {
  invoiceWithRefsSchema,
  type InvoiceWithRefs,
  type InvoiceUpdateData,
} from '@btp/shared/entities/invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateInvoiceFigures } from './invalidate-invoice-figures';

interface UpdateInvoiceInput {
  id: string;
  /** The whole editable record with its lines, plus the `version` read. */
  data: InvoiceUpdateData;
}

/** `PUT /api/invoices/{id}`: drafts only (a numbered invoice answers 409). */
export async function updateInvoice({ id, data }: UpdateInvoiceInput): Promise<InvoiceWithRefs> {
  return invoiceWithRefsSchema.parse(await api.put(`/api/invoices/${encodeURIComponent(id)}`, data));
}

export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateInvoice, onSuccess: () => invalidateInvoiceFigures(queryClient) });
}
