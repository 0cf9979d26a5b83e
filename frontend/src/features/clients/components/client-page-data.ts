import { labelOf, paymentMethodLabels } from '@btp/shared/enums';
import { centsOf, isCreditNote, outstandingCents, receivables, revenueHtCents } from '@btp/shared/finance';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import { sumCents } from '@btp/shared/money';

import type { DocumentsListItem } from '../../../api/documents/list-documents';
import type { InvoicesListItem } from '../../../api/invoices/list-invoices';

/**
 * What a client's page (issue 21) computes from the company's lists: the records of one client, the
 * payments received on its invoices and its totals, with the shared finance rules (`finance.ts`).
 */

/** The records of one client (each list holds the company's, at most 1,000). */
export function ofClient<T extends { clientId?: string | undefined }>(
  records: readonly T[] | undefined,
  clientId: string,
): T[] {
  return (records ?? []).filter((record) => record.clientId === clientId);
}

/** The invoices as they read on `today` (France): a sent invoice past its due date reads `overdue`. */
export function withStatusesToday(
  invoices: readonly InvoicesListItem[],
  today: string = calendarDateInFrance(),
): InvoicesListItem[] {
  return invoices.map((invoice) => (isCreditNote(invoice) ? invoice : withEffectiveStatus(invoice, today)));
}

/**
 * The client's documents: those linked to the client itself, to one of its projects, quotes or
 * invoices (the archived PDFs of its devis and factures among them).
 */
export function documentsOfClient(
  documents: readonly DocumentsListItem[] | undefined,
  clientId: string,
  linked: { projectIds: Iterable<string>; quoteIds: Iterable<string>; invoiceIds: Iterable<string> },
): DocumentsListItem[] {
  const projects = new Set(linked.projectIds);
  const quotes = new Set(linked.quoteIds);
  const invoices = new Set(linked.invoiceIds);
  return (documents ?? []).filter(
    (document) =>
      document.clientId === clientId ||
      (document.projectId !== undefined && projects.has(document.projectId)) ||
      (document.quoteId !== undefined && quotes.has(document.quoteId)) ||
      (document.invoiceId !== undefined && invoices.has(document.invoiceId)),
  );
}

/** One payment received on an invoice of the client. */
export interface ReceivedPayment {
  /** Unique on the page. */
  key: string;
  invoice: Pick<InvoicesListItem, 'id' | 'number' | 'title'>;
  cents: number;
  /** An instant or a calendar date; absent when the invoice does not say. */
  paidAt?: string | undefined;
  method?: string | undefined;
  reference?: string | undefined;
}

/** The readable fields of one entry of an invoice's `payments` (read defensively: it may be absent or change). */
function paymentEntry(
  value: unknown,
): { id?: string; cents: number; paidAt?: string; method?: string; reference?: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const entry = value as Record<string, unknown>;
  const amount = entry.amount;
  if (typeof amount !== 'string' && typeof amount !== 'number') return undefined;
  const text = (field: string) => {
    const read = entry[field];
    return typeof read === 'string' && read.trim() !== '' ? read : undefined;
  };
  const id = text('id');
  const paidAt = text('paidAt');
  const method = text('method');
  const reference = text('reference');
  return {
    cents: centsOf(amount),
    ...(id === undefined ? {} : { id }),
    ...(paidAt === undefined ? {} : { paidAt }),
    ...(method === undefined ? {} : { method }),
    ...(reference === undefined ? {} : { reference }),
  };
}

/**
 * The payments received on the client's invoices (credit notes left out), most recent first: each
 * entry of an invoice's `payments` when it has some, else its `paidAmount` paid on `paidAt`.
 */
export function receivedPayments(invoices: readonly InvoicesListItem[]): ReceivedPayment[] {
  const payments: ReceivedPayment[] = [];
  for (const invoice of invoices) {
    if (isCreditNote(invoice)) continue;
    const ref = { id: invoice.id, number: invoice.number, title: invoice.title };
    const listed = (invoice as { payments?: unknown }).payments;
    const entries = Array.isArray(listed)
      ? listed.map(paymentEntry).filter((entry) => entry !== undefined && entry.cents !== 0)
      : [];
    if (entries.length > 0) {
      entries.forEach((entry, index) => {
        if (entry === undefined) return;
        payments.push({
          key: `${invoice.id}:${entry.id ?? index}`,
          invoice: ref,
          cents: entry.cents,
          paidAt: entry.paidAt,
          method: entry.method,
          reference: entry.reference,
        });
      });
      continue;
    }
    const paid = centsOf(invoice.paidAmount);
    if (paid > 0) payments.push({ key: invoice.id, invoice: ref, cents: paid, paidAt: invoice.paidAt });
  }
  // Most recent first; undated ones last.
  return payments.sort((a, b) => (b.paidAt ?? '').localeCompare(a.paidAt ?? ''));
}

/** A payment method's French label (the shared `paymentMethodLabels`); an unknown one as it was given. */
export function paymentMethodLabel(method: string): string {
  return labelOf(paymentMethodLabels, method, method);
}

/** The client's totals, in cents. */
export interface ClientTotals {
  /** HT of its issued invoices, less its issued credit notes ("CA facturé HT"). */
  invoicedCents: number;
  /** HT cashed ("CA encaissé HT"): paid invoices less their credit notes (shared rule). */
  cashedCents: number;
  /** TTC still owed on its invoices awaiting payment ("En attente TTC"), and how many. */
  pendingCents: number;
  pendingCount: number;
  /** The part of it that is overdue. */
  overdueCents: number;
  /** TTC received (the payments listed). */
  receivedCents: number;
}

/** The totals of the client's invoices (statuses already as they read today). */
export function clientTotals(
  invoices: readonly InvoicesListItem[],
  today: string = calendarDateInFrance(),
): ClientTotals {
  const issued = invoices.filter((invoice) => invoice.status !== 'draft');
  const billed = sumCents(
    issued.map((invoice) => (isCreditNote(invoice) ? -1 : 1) * centsOf(invoice.totalAmount)),
  );
  const owed = receivables(invoices, today);
  return {
    invoicedCents: billed,
    cashedCents: revenueHtCents(invoices),
    pendingCents: owed.cents,
    pendingCount: owed.count,
    overdueCents: owed.overdueCents,
    receivedCents: sumCents(receivedPayments(invoices).map((payment) => payment.cents)),
  };
}

/** What remains to pay on an invoice awaiting payment, TTC (0 otherwise). */
export function remainingToPay(invoice: InvoicesListItem): number {
  return outstandingCents(invoice);
}
