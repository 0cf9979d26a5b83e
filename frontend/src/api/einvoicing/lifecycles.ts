import {
  invoiceLifecycleSchema,
  supplierInvoiceLifecycleSchema,
  type InvoiceLifecycle,
  type SupplierInvoiceLifecycle,
  type SupplierInvoiceStatusData,
} from '@btp/shared/einvoicing-network';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listInvoicesQueryOptions } from '../invoices/list-invoices';
import { invalidateSupplierInvoices } from '../supplier-invoices/invalidate-supplier-invoices';
import { listSupplierInvoicesQueryOptions } from '../supplier-invoices/list-supplier-invoices';

/** `GET /api/invoices/{id}/lifecycle`: the invoice on the network and every status in and out. */
export async function getInvoiceLifecycle(id: string, signal?: AbortSignal): Promise<InvoiceLifecycle> {
  return invoiceLifecycleSchema.parse(
    await api.get(`/api/invoices/${encodeURIComponent(id)}/lifecycle`, { signal }),
  );
}

/** Under the invoices' key: every invoice write (a payment's 212) refreshes it. */
export function invoiceLifecycleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...listInvoicesQueryOptions().queryKey, id, 'lifecycle'],
    queryFn: ({ signal }) => getInvoiceLifecycle(id, signal),
  });
}

export function useInvoiceLifecycle(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...invoiceLifecycleQueryOptions(id), enabled });
}

/** `GET /api/supplier-invoices/{id}/lifecycle`: `null` for one not received through the platform. */
export async function getSupplierInvoiceLifecycle(
  id: string,
  signal?: AbortSignal,
): Promise<SupplierInvoiceLifecycle | null> {
  return supplierInvoiceLifecycleSchema
    .nullable()
    .parse(await api.get(`/api/supplier-invoices/${encodeURIComponent(id)}/lifecycle`, { signal }));
}

export function supplierInvoiceLifecycleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...listSupplierInvoicesQueryOptions().queryKey, id, 'lifecycle'],
    queryFn: ({ signal }) => getSupplierInvoiceLifecycle(id, signal),
  });
}

export function useSupplierInvoiceLifecycle(id: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...supplierInvoiceLifecycleQueryOptions(id), enabled });
}

/** `POST /api/supplier-invoices/{id}/status`: the company's answer, a CDAR to the seller. */
export async function answerSupplierInvoice({
  id,
  data,
}: {
  id: string;
  data: SupplierInvoiceStatusData;
}): Promise<SupplierInvoiceLifecycle> {
  return supplierInvoiceLifecycleSchema.parse(
    await api.post(`/api/supplier-invoices/${encodeURIComponent(id)}/status`, data),
  );
}

export function useAnswerSupplierInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerSupplierInvoice,
    onSuccess: (lifecycle, { id }) => {
      queryClient.setQueryData(supplierInvoiceLifecycleQueryOptions(id).queryKey, lifecycle);
      return invalidateSupplierInvoices(queryClient);
    },
  });
}
