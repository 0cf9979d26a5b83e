import { isCreditNote, outstandingCents } from '@btp/shared/finance';
import { awaitsPayment, calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';

import type { InvoicesListItem } from '../../../api/invoices/list-invoices';
import { formatDate } from '../../../lib/format';

/**
 * The tabs of spec section 2 (sent, overdue, paid, draft) with the invoice labels of spec section
 * 4, then the invoices cancelled by a credit note and the credit notes themselves (DOCUMENTS.md § 3).
 * Credit notes, drafts included, are listed under 'Avoirs' only.
 */
export const invoiceTabs = [
  { key: 'sent', label: 'Envoyées', empty: 'Aucune facture envoyée' },
  { key: 'overdue', label: 'En retard', empty: 'Aucune facture en retard' },
  { key: 'paid', label: 'Payées', empty: 'Aucune facture payée' },
  { key: 'draft', label: 'Brouillons', empty: 'Aucun brouillon' },
  { key: 'cancelled', label: 'Annulées', empty: 'Aucune facture annulée' },
  { key: 'credit_notes', label: 'Avoirs', empty: 'Aucun avoir' },
] as const;

export type InvoiceTab = (typeof invoiceTabs)[number]['key'];

export { isCreditNote };

/** The tab a record (its status already derived) is listed under, if any. */
export function tabOf(invoice: InvoicesListItem): InvoiceTab | undefined {
  if (isCreditNote(invoice)) return 'credit_notes';
  return invoiceTabs.find((tab) => tab.key === invoice.status)?.key;
}

/**
 * The invoices as they read on `today` (France): a sent invoice past its due date reads `overdue`
 * (shared rule), even when the list was loaded before midnight. A credit note is never overdue.
 */
export function withStatusesOn(
  invoices: readonly InvoicesListItem[],
  today: string = calendarDateInFrance(),
): InvoicesListItem[] {
  return invoices.map((invoice) => (isCreditNote(invoice) ? invoice : withEffectiveStatus(invoice, today)));
}

/** How many records each tab holds (statuses already derived). */
export function countByTab(invoices: readonly InvoicesListItem[]): Record<InvoiceTab, number> {
  const counts = Object.fromEntries(invoiceTabs.map((tab) => [tab.key, 0])) as Record<InvoiceTab, number>;
  for (const invoice of invoices) {
    const tab = tabOf(invoice);
    if (tab !== undefined) counts[tab] += 1;
  }
  return counts;
}

/**
 * What the client still has to pay on an issued invoice awaiting payment, TTC: amount due − paid −
 * credited, ≥ 0 (shared rule); 0 for a draft, a paid or cancelled invoice, a credit note.
 */
export function remainingCents(invoice: InvoicesListItem): number {
  return outstandingCents(invoice);
}

/** "0 facture", "1 facture", "3 factures" (French keeps the singular below 2). */
export function invoiceCount(count: number): string {
  return `${count} ${count >= 2 ? 'factures' : 'facture'}`;
}

/** What a card offers besides 'Voir détails'. */
export interface InvoiceActions {
  edit: boolean;
  remove: boolean;
  send: boolean;
  pay: boolean;
  credit: boolean;
}

/**
 * The drafts edited in the invoice editor: a credit note's lines are the server's; a situation's too,
 * but its title, description and due date are edited there (its lines read-only).
 */
const editableKinds: ReadonlySet<string> = new Set(['standard', 'deposit', 'progress']);

/**
 * The actions a card offers: a draft is sent or deleted, and edited when it is an invoice, a deposit
 * or a situation (whose lines the server computes from its quote; credit notes are not edited);
 * a sent or overdue invoice is marked paid; an issued invoice (sent, overdue or paid) is credited.
 * A numbered invoice is never edited nor deleted (French invoicing law).
 */
export function invoiceActions(invoice: { status: string; kind?: string | undefined }): InvoiceActions {
  const draft = invoice.status === 'draft';
  const creditNote = isCreditNote(invoice);
  const awaiting = awaitsPayment(invoice.status);
  return {
    edit: draft && editableKinds.has(invoice.kind ?? 'standard'),
    remove: draft,
    send: draft,
    pay: awaiting && !creditNote,
    credit: !creditNote && (awaiting || invoice.status === 'paid'),
  };
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

/** "Avoir de la facture FAC-2026-0003 du 10/04/2026": what a credit note cancels. */
export function creditedInvoiceText(creditNote: InvoicesListItem): string {
  const number = creditNote.creditedInvoiceNumber ?? 'sans numéro';
  const date =
    creditNote.creditedInvoiceDate === undefined ? '' : ` du ${formatDate(creditNote.creditedInvoiceDate)}`;
  return `Avoir de la facture ${number}${date}`;
}

/**
 * How the PDF buttons name the record, after 'Télécharger le PDF' or 'Aperçu': 'de la facture
 * FAC-2026-0001', "de l'avoir AV-2026-0001", or by its title while a draft has no number.
 */
export function pdfNameOf(invoice: Pick<InvoicesListItem, 'kind' | 'number' | 'title'>): string {
  const name = invoice.number ?? invoice.title;
  return isCreditNote(invoice) ? `de l'avoir ${name}` : `de la facture ${name}`;
}

/** "Situation n° 2 — devis DEV-2026-0001": what a situation de travaux bills; undefined for other invoices. */
export function situationText(invoice: Pick<InvoicesListItem, 'kind' | 'situation'>): string | undefined {
  if (invoice.kind !== 'progress' || invoice.situation === undefined) return undefined;
  return `Situation n° ${invoice.situation.index} — devis ${invoice.situation.quoteNumber}`;
}
