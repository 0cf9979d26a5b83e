import {
  supplierInvoiceSchema,
  type SupplierInvoice,
  type SupplierInvoicePayData,
} from '@btp/shared/entities/supplier-invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateSupplierInvoices } from './invalidate-supplier-invoices';

/**
 * `POST /api/supplier-invoices/{id}/pay`: a payment to the supplier (a refund, for a credit note
 * crediting no invoice); the record is `paid` once nothing remains.
 */
export async function paySupplierInvoice(input: {
  id: string;
  data: SupplierInvoicePayData;
}): Promise<SupplierInvoice> {
  return supplierInvoiceSchema.parse(
    await api.post(`/api/supplier-invoices/${encodeURIComponent(input.id)}/pay`, input.data),
  );
}

export function usePaySupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: paySupplierInvoice,
    onSuccess: () => invalidateSupplierInvoices(queryClient),
  });
}
