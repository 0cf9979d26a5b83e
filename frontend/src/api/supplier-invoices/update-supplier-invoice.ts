import {
  supplierInvoiceSchema,
  type SupplierInvoice,
  type SupplierInvoiceUpdateData,
} from '@btp/shared/entities/supplier-invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateSupplierInvoices } from './invalidate-supplier-invoices';

interface UpdateSupplierInvoiceInput {
  id: string;
  /** The whole editable record plus the `version` read (a stale one is a 409). */
  data: SupplierInvoiceUpdateData;
}

/** `PUT /api/supplier-invoices/{id}`: any field, the status included. */
export async function updateSupplierInvoice({
  id,
  data,
}: UpdateSupplierInvoiceInput): Promise<SupplierInvoice> {
  return supplierInvoiceSchema.parse(await api.put(`/api/supplier-invoices/${encodeURIComponent(id)}`, data));
}

export function useUpdateSupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSupplierInvoice,
    onSuccess: () => invalidateSupplierInvoices(queryClient),
  });
}
