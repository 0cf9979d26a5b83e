/**
 * The e-invoicing network's state of the records a list shows (Facturation's invoices, Achats'
 * supplier invoices): one BatchGetItem of their network records per page, none for a page without
 * issued invoice. Kept apart from the exchange with the platform so that the list routes load
 * only this and the store.
 */
import type { Invoice } from '@btp/shared/entities/invoice';
import type {
  InvoiceLifecycle,
  LifecycleEvent,
  SupplierInvoiceLifecycle,
} from '@btp/shared/einvoicing-network';
import { latestReceived } from '@btp/shared/einvoicing-network-rules';
import {
  readInvoiceNetworks,
  readSupplierNetworks,
  type StoredInvoiceNetwork,
  type StoredSupplierNetwork,
} from './network-store.js';

const byTime = (a: LifecycleEvent, b: LifecycleEvent) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0);

/** An invoice's lifecycle as the API answers it: its record, and the statuses still waiting to go. */
export function lifecycleOf(record: StoredInvoiceNetwork, pending: LifecycleEvent[]): InvoiceLifecycle {
  return {
    network: record.network,
    ...(record.notSentReason ? { notSentReason: record.notSentReason } : {}),
    ...(record.flowId ? { flowId: record.flowId } : {}),
    ...(record.submittedAt ? { submittedAt: record.submittedAt } : {}),
    ...(record.acknowledgement ? { acknowledgement: record.acknowledgement } : {}),
    ...(record.retry ? { retry: record.retry } : {}),
    events: [...(record.events ?? []), ...pending].sort(byTime),
  };
}

export function supplierLifecycleOf(
  record: StoredSupplierNetwork,
  pending: LifecycleEvent[],
): SupplierInvoiceLifecycle {
  return {
    flowId: record.flowId,
    sellerSiren: record.sellerSiren,
    events: [...(record.events ?? []), ...pending].sort(byTime),
  };
}

/**
 * Each issued invoice with its `einvoicing` summary: its state and the latest status received,
 * without the rest of its statuses (the details ask `…/lifecycle`).
 */
export async function withNetworkSummaries<T extends Pick<Invoice, 'id' | 'number'>>(
  companyId: string,
  items: T[],
): Promise<(T & { einvoicing?: InvoiceLifecycle })[]> {
  const issued = issuedIds(items);
  if (issued.length === 0) return items;
  return withNetworkRecords(items, await readInvoiceNetworks(companyId, issued));
}

/** The ids of the invoices that may be on the network: those issued (numbered). */
export function issuedIds(items: readonly Pick<Invoice, 'id' | 'number'>[]): string[] {
  return items.filter((item) => item.number).map((item) => item.id);
}

/** Each invoice with the `einvoicing` summary of its network record in `records`, when it has one. */
export function withNetworkRecords<T extends Pick<Invoice, 'id'>>(
  items: T[],
  records: ReadonlyMap<string, StoredInvoiceNetwork>,
): (T & { einvoicing?: InvoiceLifecycle })[] {
  if (records.size === 0) return items;
  return items.map((item) => {
    const record = records.get(item.id);
    if (!record) return item;
    const full = lifecycleOf(record, []);
    const latest = latestReceived(full);
    return { ...item, einvoicing: { ...full, events: latest ? [latest] : [] } };
  });
}

/** Each supplier invoice received through the platform with its `einvoicing` (its latest status). */
export async function withReceivedMarks<T extends { id: string }>(
  companyId: string,
  items: T[],
): Promise<(T & { einvoicing?: SupplierInvoiceLifecycle })[]> {
  if (items.length === 0) return items;
  const records = await readSupplierNetworks(
    companyId,
    items.map((item) => item.id),
  );
  if (records.size === 0) return items;
  return items.map((item) => {
    const record = records.get(item.id);
    if (!record) return item;
    const full = supplierLifecycleOf(record, []);
    const latest = full.events.at(-1);
    return { ...item, einvoicing: { ...full, events: latest ? [latest] : [] } };
  });
}
