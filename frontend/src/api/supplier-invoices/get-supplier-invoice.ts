import {
  supplierInvoiceWithRefsSchema,
  type SupplierInvoiceWithRefs,
} from '@btp/shared/entities/supplier-invoice';
import { queryOptions } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listSupplierInvoicesQueryOptions } from './list-supplier-invoices';

/** `GET /api/supplier-invoices/{id}`: one supplier invoice whole, an imported e-invoice's `items` included. */
export async function getSupplierInvoice(id: string, signal?: AbortSignal): Promise<SupplierInvoiceWithRefs> {
  return supplierInvoiceWithRefsSchema.parse(
    await api.get(`/api/supplier-invoices/${encodeURIComponent(id)}`, { signal }),
  );
}

/** Under the list's key, so that every write that refreshes the list refreshes the open invoice too. */
export function getSupplierInvoiceQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...listSupplierInvoicesQueryOptions().queryKey, id],
    queryFn: ({ signal }) => getSupplierInvoice(id, signal),
  });
}
