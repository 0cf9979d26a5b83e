import { supplierInvoiceListItemSchema } from '@btp/shared/entities/supplier-invoice';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { usePagedList } from '../list-pages';

/** A supplier invoice as the list answers it: without `items` (`getSupplierInvoice` reads them). */
export type SupplierInvoicesListItem = z.infer<typeof supplierInvoiceListItemSchema>;

/**
 * `GET /api/supplier-invoices`: the company's records, most recent first (at most 1,000). Every successful write
 * on them invalidates `listSupplierInvoicesQueryOptions().queryKey` (spec section 7).
 */
export async function listSupplierInvoices(signal?: AbortSignal): Promise<SupplierInvoicesListItem[]> {
  return supplierInvoiceListItemSchema.array().parse(await api.get('/api/supplier-invoices', { signal }));
}

export function listSupplierInvoicesQueryOptions() {
  return queryOptions({
    queryKey: ['supplier-invoices'],
    queryFn: ({ signal }) => listSupplierInvoices(signal),
  });
}

export function useSupplierInvoicesList() {
  return useQuery(listSupplierInvoicesQueryOptions());
}

/** The list screen's records, a screen (`SCREEN_LIST_LIMIT`) a page ('Charger plus' reads the next, API.md "Lists"). */
export function useSupplierInvoicesPages() {
  return usePagedList<SupplierInvoicesListItem>('supplier-invoices', '/api/supplier-invoices', (body) =>
    supplierInvoiceListItemSchema.array().parse(body),
  );
}
