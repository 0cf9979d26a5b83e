import { invoiceListItemSchema } from '@btp/shared/entities/invoice';
import type { z } from '@btp/shared/zod-fr';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listKey, listPath, type ListParams } from '../list-params';
import { usePagedList } from '../list-pages';

/**
 * An invoice as `GET /api/invoices` lists it: what the cards show, no lines nor snapshots
 * (`GET /api/invoices/{id}`, `getInvoice`, answers them).
 */
export type InvoicesListItem = z.infer<typeof invoiceListItemSchema>;

/**
 * `GET /api/invoices`: the company's records, most recent first (at most 1,000); with `params`, those
 * matching `q` in `sort` order (the server searches and sorts). Every successful write
 * on them invalidates `listInvoicesQueryOptions().queryKey` (spec section 7).
 */
export async function listInvoices(signal?: AbortSignal, params?: ListParams): Promise<InvoicesListItem[]> {
  return invoiceListItemSchema.array().parse(await api.get(listPath('/api/invoices', params), { signal }));
}

export function listInvoicesQueryOptions(params?: ListParams) {
  return queryOptions({
    queryKey: listKey('invoices', params),
    queryFn: ({ signal }) => listInvoices(signal, params),
  });
}

/** The list; with a search or a sort, the previous answer stays shown while the next one loads. */
export function useInvoicesList(params?: ListParams) {
  return useQuery({ ...listInvoicesQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * The list screen's records, a screen (`SCREEN_LIST_LIMIT`) a page ('Charger plus' reads the next, API.md "Lists"), matching
 * `params` (the server searches and sorts).
 */
export function useInvoicesPages(params?: ListParams) {
  return usePagedList<InvoicesListItem>(
    'invoices',
    '/api/invoices',
    (body) => invoiceListItemSchema.array().parse(body),
    params,
  );
}
