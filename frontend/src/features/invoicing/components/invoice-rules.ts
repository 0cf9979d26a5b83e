import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import { centsOf, paidTotalCents, receivables } from '@btp/shared/finance';
import { sumCents } from '@btp/shared/money';

import type { InvoicesListItem } from '../../../api/invoices/list-invoices';
import { formatDate } from '../../../lib/format';

/** The tabs of spec section 2 (sent, overdue, paid, draft), with the invoice labels of spec section 4. */
export const invoiceTabs = [
  { status: 'sent', label: 'Envoyées', empty: 'Aucune facture envoyée' },
  { status: 'overdue', label: 'En retard', empty: 'Aucune facture en retard' },
  { status: 'paid', label: 'Payées', empty: 'Aucune facture payée' },
  { status: 'draft', label: 'Brouillons', empty: 'Aucun brouillon' },
] as const;

export type InvoiceTab = (typeof invoiceTabs)[number]['status'];

/**
 * The invoices as they read on `today` (France): a sent invoice past its due date reads `overdue`
 * (shared rule), even when the list was loaded before midnight.
 */
export function withStatusesOn(
  invoices: readonly InvoicesListItem[],
  today: string = calendarDateInFrance(),
): InvoicesListItem[] {
  return invoices.map((invoice) => withEffectiveStatus(invoice, today));
}

/** How many invoices each tab holds (statuses already derived). */
export function countByTab(invoices: readonly InvoicesListItem[]): Record<InvoiceTab, number> {
  const counts: Record<InvoiceTab, number> = { sent: 0, overdue: 0, paid: 0, draft: 0 };
  for (const invoice of invoices) {
    if (invoice.status in counts) counts[invoice.status as InvoiceTab] += 1;
  }
  return counts;
}

export interface InvoiceSummary {
  /** What is still owed on sent and overdue invoices. */
  pending: { cents: number; count: number };
  /** What paid invoices brought in. */
  paid: { cents: number; count: number };
  /** The part of `pending` that is overdue. */
  overdue: { cents: number; count: number };
  /** The totals of the drafts, not owed by anyone yet. */
  drafts: { cents: number; count: number };
}

/** The four summary cards of spec section 2, in cents (shared finance rules, no float). */
export function invoiceSummary(
  invoices: readonly InvoicesListItem[],
  today: string = calendarDateInFrance(),
): InvoiceSummary {
  const owed = receivables(invoices, today);
  const paid = invoices.filter((invoice) => invoice.status === 'paid');
  const drafts = invoices.filter((invoice) => invoice.status === 'draft');
  return {
    pending: { cents: owed.cents, count: owed.count },
    paid: { cents: paidTotalCents(paid), count: paid.length },
    overdue: { cents: owed.overdueCents, count: owed.overdueCount },
    drafts: { cents: sumCents(drafts.map((invoice) => centsOf(invoice.totalAmount))), count: drafts.length },
  };
}

/** "0 facture", "1 facture", "3 factures" (French keeps the singular below 2). */
export function invoiceCount(count: number): string {
  return `${count} ${count >= 2 ? 'factures' : 'facture'}`;
}

/**
 * The actions a card offers: details always; a draft is edited, deleted or sent; a sent or overdue
 * invoice is marked paid. A numbered invoice is never edited nor deleted (French invoicing law).
 */
export function invoiceActions(status: string): {
  edit: boolean;
  remove: boolean;
  send: boolean;
  pay: boolean;
} {
  const draft = status === 'draft';
  const awaiting = status === 'sent' || status === 'overdue';
  return { edit: draft, remove: draft, send: draft, pay: awaiting };
}

/** Tag colours of the invoice statuses. */
export const invoiceStatusColors: Partial<Record<string, string>> = {
  draft: 'default',
  sent: 'blue',
  overdue: 'red',
  paid: 'green',
  cancelled: 'default',
};

/** 'Échéance:' then the date, or 'Non définie' without one (spec section 2). */
export function dueDateText(dueDate: string | undefined): string {
  return `Échéance: ${dueDate ? formatDate(dueDate) : 'Non définie'}`;
}
