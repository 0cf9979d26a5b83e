/**
 * Credit notes (avoirs, DOCUMENTS.md § 3): `POST /api/invoices/{id}/credit-note` makes a draft that
 * cancels all or part of one issued invoice; it takes its number in its own gapless series
 * (`AV-<year>-<n>`) and is recorded on the invoice when it is sent (`invoice-service.ts`).
 */
import type {
  Invoice,
  InvoiceCreditNoteData,
  InvoiceLine,
  InvoiceWithRefs,
} from '@btp/shared/entities/invoice';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatEuro, formatQuantity, parseMoney, parseQuantity, sumCents } from '@btp/shared/money';
import { creditNoteLinkItem, linkedCreditNoteIds } from '../data/credit-note-links.js';
import { newId } from '../data/ids.js';
import type { Fields } from '../data/entity-repository.js';
import {
  createDraftInvoice,
  invoiceAsRead,
  invoiceFiguresAsRead,
  invoices,
} from '../data/entities/invoices.js';
import { badRequest, conflict, type ErrorDetail } from '../lib/http-errors.js';
import { withBillingLock } from './billing-lock.js';
import { pricedInvoice, type LineToPrice } from '@btp/shared/invoice-lines';
import { presentInvoice } from './present.js';

export const creditNoteMessages = {
  ofCreditNote: 'Un avoir ne peut pas être crédité : il annule déjà une facture.',
  ofDraft:
    "Cette facture est encore un brouillon : modifiez-la ou supprimez-la, un avoir n'annule qu'une facture émise.",
  ofCancelled: (number: string) => `La facture ${number} est annulée : elle a déjà été créditée en totalité.`,
  unknownLine: (count: number) =>
    `La ligne à créditer est inconnue : la facture compte ${count} ligne${count > 1 ? 's' : ''} (de 0 à ${count - 1}).`,
  lineTwice: 'Cette ligne est déjà choisie : une ligne ne se crédite qu’une fois par avoir.',
  quantityAboveLine: (quantity: string) =>
    `La quantité à créditer ne peut pas dépasser la quantité facturée (${quantity}).`,
  notPositive: "L'avoir doit porter sur un montant supérieur à 0.",
  aboveRemaining: (credit: number, left: number, number: string) =>
    `Cet avoir (${formatEuro(credit)} TTC) dépasserait ce qui reste à créditer sur la facture ${number} (${formatEuro(left)} TTC, avoirs en brouillon compris).`,
} as const;

/** A quantity as French text: 3200 thousandths → "3,2". */
function quantityText(thousandths: number): string {
  return formatQuantity(thousandths)
    .replace(/\.?0+$/, '')
    .replace('.', ',');
}

/** The quantity a credit note takes of a line, with the line's sign (a deduction stays a deduction). */
function creditedQuantity(line: InvoiceLine, quantity: string | undefined): string {
  if (quantity === undefined) return line.quantity;
  const thousandths = parseQuantity(quantity);
  return formatQuantity(parseQuantity(line.quantity) < 0 ? -thousandths : thousandths);
}

/**
 * The lines of a credit note of `invoice`: the chosen ones (by position; default every line), with
 * the same description, unit, price and rate and the chosen quantity, never above the line's. 400
 * with a `details` entry per refused choice.
 */
export function creditNoteLines(
  invoice: Pick<Invoice, 'lines'>,
  chosen: InvoiceCreditNoteData['lines'],
): LineToPrice[] {
  if (chosen === undefined) return invoice.lines.map(({ total: _total, ...line }) => line);
  const details: ErrorDetail[] = [];
  const seen = new Set<number>();
  const lines: LineToPrice[] = [];
  chosen.forEach((choice, index) => {
    const line = invoice.lines[choice.index];
    if (!line) {
      details.push({
        path: `lines.${index}.index`,
        message: creditNoteMessages.unknownLine(invoice.lines.length),
      });
      return;
    }
    if (seen.has(choice.index)) {
      details.push({ path: `lines.${index}.index`, message: creditNoteMessages.lineTwice });
      return;
    }
    seen.add(choice.index);
    if (
      choice.quantity !== undefined &&
      parseQuantity(choice.quantity) > Math.abs(parseQuantity(line.quantity))
    ) {
      details.push({
        path: `lines.${index}.quantity`,
        message: creditNoteMessages.quantityAboveLine(quantityText(Math.abs(parseQuantity(line.quantity)))),
      });
      return;
    }
    const { total: _total, ...rest } = line;
    lines.push({ ...rest, quantity: creditedQuantity(line, choice.quantity) });
  });
  if (details.length > 0) throw badRequest(undefined, details);
  return lines;
}

/** The date an issued invoice bears: its `issueDate`, or for one issued before it existed the day it was sent. */
function issueDateOf(invoice: Invoice): string {
  if (invoice.issueDate) return invoice.issueDate;
  return calendarDateInFrance(new Date(invoice.sentAt ?? invoice.updatedAt));
}

const creditNoteFields = [
  'kind',
  'status',
  'creditedInvoiceId',
  'totalAmount',
  'totalWithVat',
  'vatAmount',
] as const;

const isNoteOf =
  (invoiceId: string) =>
  (note: { kind?: string; creditedInvoiceId?: string | null }): boolean =>
    note.kind === 'credit_note' && note.creditedInvoiceId === invoiceId;

/** The credit notes (drafts and issued) of an invoice, from their links (`data/credit-note-links.ts`). */
async function creditNotesOf(companyId: string, invoiceId: string) {
  const ids = await linkedCreditNoteIds(companyId, invoiceId);
  const found = await invoices.getMany(companyId, ids, [...creditNoteFields]);
  return [...found.values()].filter(isNoteOf(invoiceId));
}

/**
 * `POST /api/invoices/{id}/credit-note`: a draft credit note (`kind: credit_note`) of an issued
 * invoice (not a draft, not a credit note, not cancelled; 409 otherwise): the chosen lines at the
 * same prices and rates, the invoice's client, project, quote and reverse charge, citing its
 * number and date, `reason` as its description. Refused (409) above what is left to credit: the
 * invoice's TTC less what issued credit notes took and what draft ones will take.
 */
export function createCreditNote(
  companyId: string,
  invoiceId: string,
  body: InvoiceCreditNoteData,
): Promise<InvoiceWithRefs> {
  return withBillingLock(companyId, 'INVOICE', invoiceId, async (lock) => {
    const [stored, linked] = await Promise.all([
      invoices.getOrThrow(companyId, invoiceId),
      creditNotesOf(companyId, invoiceId),
    ]);
    const invoice = invoiceAsRead(stored);
    if (invoice.kind === 'credit_note') throw conflict(creditNoteMessages.ofCreditNote);
    if (invoice.status === 'draft' || !invoice.number) throw conflict(creditNoteMessages.ofDraft);
    if (invoice.status === 'cancelled') throw conflict(creditNoteMessages.ofCancelled(invoice.number));

    const amounts = pricedInvoice(creditNoteLines(invoice, body.lines), {
      noVat: false,
      defaultVatRate: '20.00',
    });
    const creditCents = parseMoney(amounts.totalWithVat);
    if (creditCents <= 0 || parseMoney(amounts.totalAmount) <= 0)
      throw conflict(creditNoteMessages.notPositive);
    // Notes issued before the links existed (a table not rebuilt since): every invoice is read.
    const issuedCents = sumCents(
      linked
        .filter((note) => note.status !== 'draft')
        .map((note) => parseMoney(invoiceFiguresAsRead(note).totalWithVat)),
    );
    const notes =
      issuedCents === parseMoney(invoice.creditedAmount)
        ? linked
        : (await invoices.listAll(companyId, creditNoteFields)).filter(isNoteOf(invoiceId));
    const pendingCents = sumCents(
      notes
        .filter((note) => note.status === 'draft')
        .map((note) => parseMoney(invoiceFiguresAsRead(note).totalWithVat)),
    );
    const leftCents = parseMoney(invoice.totalWithVat) - parseMoney(invoice.creditedAmount) - pendingCents;
    if (creditCents > leftCents) {
      throw conflict(creditNoteMessages.aboveRemaining(creditCents, Math.max(0, leftCents), invoice.number));
    }

    const fields = {
      kind: 'credit_note',
      status: 'draft',
      clientId: invoice.clientId,
      ...(invoice.projectId ? { projectId: invoice.projectId } : {}),
      ...(invoice.quoteId ? { quoteId: invoice.quoteId } : {}),
      title: `Avoir sur la facture ${invoice.number}`,
      ...(body.reason ? { description: body.reason } : {}),
      reverseCharge: invoice.reverseCharge,
      ...amounts,
      paidAmount: '0.00',
      creditedAmount: '0.00',
      creditedInvoiceId: invoice.id,
      creditedInvoiceNumber: invoice.number,
      creditedInvoiceDate: issueDateOf(invoice),
    } as Fields<Invoice>;
    const id = newId();
    return presentInvoice(
      companyId,
      await createDraftInvoice(companyId, fields, {
        ...lock,
        id,
        extraItems: [...(lock.extraItems ?? []), creditNoteLinkItem(companyId, invoice.id, id)],
      }),
    );
  });
}
