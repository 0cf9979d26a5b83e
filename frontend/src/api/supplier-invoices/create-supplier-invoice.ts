import {
  supplierInvoiceSchema,
  type SupplierInvoice,
  type SupplierInvoiceCreateData,
} from '@btp/shared/entities/supplier-invoice';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { invalidateSupplierInvoices } from './invalidate-supplier-invoices';

/** `POST /api/supplier-invoices`: an invoice the company received; its number is the server's. */
export async function createSupplierInvoice(data: SupplierInvoiceCreateData): Promise<SupplierInvoice> {
  return supplierInvoiceSchema.parse(await api.post('/api/supplier-invoices', data));
}

export function useCreateSupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSupplierInvoice,
    onSuccess: () => invalidateSupplierInvoices(queryClient),
  });
}
