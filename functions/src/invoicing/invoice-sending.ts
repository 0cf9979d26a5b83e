/**
 * Sending an invoice or a credit note: it is issued (the next gapless number of its series, dates,
 * snapshots) and its PDF archived as issued (DOCUMENTS.md § 5). Apart from `invoice-service.ts` so
 * that only the send route loads the PDF renderer.
 *
 * The number is only known inside the numbering transaction, which is retried whenever another
 * document of the series took the number first. Drawing the PDF inside that retry loop could take
 * seconds under contention, so instead:
 *
 * 1. before the transaction, the PDF is drawn once with the number the series would give now
 *    (`peekNextNumber`) and stored unlisted under a new document id;
 * 2. the transaction issues the invoice; when the number it takes and everything printed are those
 *    of the drawn PDF (the usual case: nobody else issued meanwhile), the same transaction lists the
 *    PDF as a document and writes `pdfDocumentId`: issued with its archive, or nothing written;
 * 3. otherwise (another document took that number first) the invoice is issued without it, the
 *    stored PDF is deleted, and the archive is made right after from the issued record
 *    (`archiveIssuedInvoice`, one more version). Should that fail, the invoice stays issued (its
 *    number is never given back: no gap) and the archive is made the first time its PDF is asked
 *    for, from the same stored record, so it shows the same thing.
 *
 * If the invoice is not issued at all (stale version, incomplete profile, a race lost on the
 * credited invoice…), the stored PDF is deleted again (best effort).
 */
import { DEFAULT_PAYMENT_TERM_DAYS } from '@btp/shared/entities/company';
import type { Invoice, InvoiceListItem } from '@btp/shared/entities/invoice';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatEuro, formatMoney, parseMoney, sumCents } from '@btp/shared/money';
import { peekNextNumber } from '../data/counters.js';
import type { Fields } from '../data/entity-repository.js';
import { staleVersionMessage } from '../data/entity-repository.js';
import { creditNoteLinkItem } from '../data/credit-note-links.js';
import { clients } from '../data/entities/clients.js';
import { invoiceAsRead, invoices, issueInvoice, seriesOf } from '../data/entities/invoices.js';
import { nowIso } from '../data/ids.js';
import { networkIssueItems } from '../einvoicing/exchange/invoice-submission.js';
import { conflict, HttpError } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import {
  archiveDocumentItems,
  archiveIssuedInvoice,
  discardPdf,
  drawPdf,
  invoiceSubject,
  storePdf,
  type StoredPdf,
} from '../pdf/pdf-archive.js';
import { invoiceAsIssued, invoicePdfInput } from '../pdf/pdf-sources.js';
import { renderInvoicePdf } from '../pdf/render.js';
import { assertDraft, invoiceMessages } from './invoice-service.js';
import { assertProfileComplete, buyerSnapshot, readIssuer, sellerSnapshot } from './issuer.js';
import { presentInvoice } from './present.js';
import { assertSituationCurrent } from './situations.js';

/** `issueDate` + `days`, both `YYYY-MM-DD`. */
function addDays(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** The invoice a credit note cancels changed between its reading and the transaction: sent again. */
class CreditedInvoiceChanged extends HttpError {
  constructor() {
    super(409, 'conflict', invoiceMessages.sendRace);
  }
}

const maxSendAttempts = 30;

/** JSON with the keys of every object sorted: equal for equal records however their keys were read. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, entry: unknown) =>
    entry && typeof entry === 'object' && !Array.isArray(entry)
      ? Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : entry,
  );
}

/** A draft never names an archive; should one carry an id, it is not its own. */
function withoutArchive(invoice: Invoice): Invoice {
  const { pdfDocumentId: _archive, ...rest } = invoice;
  return rest;
}

/** The PDF drawn before the numbering transaction, and the issued record it shows. */
class DrawnInAdvance {
  private file: StoredPdf | undefined;
  private shows: string | undefined;

  get drawn(): boolean {
    return this.file !== undefined;
  }

  /** Draws `record` (the invoice as it would be issued) and stores its PDF, unlisted. */
  async draw(companyId: string, record: Invoice, known: Parameters<typeof invoicePdfInput>[3]) {
    const issued = invoiceAsIssued(record);
    const input = await invoicePdfInput(companyId, issued, issued.issueDate ?? calendarDateInFrance(), known);
    this.file = await storePdf(companyId, await drawPdf(renderInvoicePdf, input));
    this.shows = canonicalJson(issued);
  }

  /** The stored PDF when it shows exactly `record` (same number, dates, snapshots, lines…). */
  showing(record: Invoice): StoredPdf | undefined {
    return this.file && canonicalJson(invoiceAsIssued(record)) === this.shows ? this.file : undefined;
  }

  /** The stored PDF when `issued` names it as its archive. */
  listedBy(issued: Invoice | undefined): StoredPdf | undefined {
    return this.file && issued?.pdfDocumentId === this.file.documentId ? this.file : undefined;
  }

  /** Deletes the stored PDF, unless `issued` names it as its archive. */
  async discardUnless(companyId: string, issued: Invoice | undefined, reason: string): Promise<void> {
    if (this.file && !this.listedBy(issued)) await discardPdf(companyId, this.file, reason);
  }
}

/**
 * `POST /api/invoices/{id}/send`: draft → sent, issued. Refused (409) for a stale `version`, an
 * invoice that is not a draft, one without lines or whose HT is not above 0, and (with one
 * `details` entry per missing field) while the company's legal profile is incomplete. In one
 * transaction with the number counter of its series: the number, `issueDate` (today in France),
 * `dueDate` (when absent: issue date + the company's payment term; none for a credit note),
 * `amountDue`, the `seller` and `buyer` snapshots, and (see above) the archived PDF with
 * `pdfDocumentId`. A credit note also adds its TTC to the credited invoice's `creditedAmount`
 * (guarded by that invoice's version; retried when another credit note of it was issued at the
 * same time), which turns `cancelled` once nothing is left.
 */
export async function sendInvoice(companyId: string, id: string, version: number): Promise<InvoiceListItem> {
  const sentAt = nowIso();
  const advance = new DrawnInAdvance();
  let issued: Invoice | undefined;
  try {
    let lastError: unknown;
    for (let attempt = 0; attempt < maxSendAttempts && !issued; attempt += 1) {
      try {
        issued = await sendOnce(companyId, id, version, sentAt, advance);
      } catch (error) {
        if (!(error instanceof CreditedInvoiceChanged)) throw error;
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));
      }
    }
    if (!issued) throw lastError;
  } finally {
    await advance.discardUnless(
      companyId,
      issued,
      issued ? 'number taken by another document' : 'not issued',
    );
  }
  if (!issued.pdfDocumentId) issued = await archiveAfterIssue(companyId, issued);
  return presentInvoice(companyId, issued);
}

/**
 * The archive of an invoice just issued without it. A failure is logged, not answered: the invoice
 * is issued, and its archive is made when its PDF is first asked for.
 */
async function archiveAfterIssue(companyId: string, issued: Invoice): Promise<Invoice> {
  try {
    return await archiveIssuedInvoice(companyId, issued);
  } catch (error) {
    logger.error('Archive du PDF non faite à l’émission (elle le sera à la première demande)', {
      invoiceId: issued.id,
      error,
    });
    return issued;
  }
}

async function sendOnce(
  companyId: string,
  id: string,
  version: number,
  sentAt: string,
  advance: DrawnInAdvance,
): Promise<Invoice> {
  const [stored, company] = await Promise.all([invoices.getOrThrow(companyId, id), readIssuer(companyId)]);
  const draft = invoiceAsRead(stored);
  if (version !== draft.version) throw conflict(staleVersionMessage);
  assertDraft(draft, 'envoyée');
  if (draft.lines.length === 0) throw conflict(invoiceMessages.noLines);
  if (parseMoney(draft.totalAmount) <= 0) throw conflict(invoiceMessages.notPositive);
  assertProfileComplete(company, { forInvoice: true });
  await assertSituationCurrent(companyId, draft);
  const client = await clients.get(companyId, draft.clientId);
  if (!client) throw conflict(invoiceMessages.clientGone);

  const issueDate = calendarDateInFrance();
  const isCreditNote = draft.kind === 'credit_note';
  // A credit note also writes its credited invoice's `creditedAmount` and the link between them.
  const extraItems = isCreditNote
    ? [
        await creditedInvoiceItem(companyId, draft),
        creditNoteLinkItem(companyId, String(draft.creditedInvoiceId), draft.id),
      ]
    : [];
  // The e-invoicing network's record of the issued invoice, in the same transaction (issue 30).
  const networkItems = await networkIssueItems(companyId);
  const seller = sellerSnapshot(company);
  const buyer = buyerSnapshot(client);
  const paymentTermDays = company.paymentTermDays ?? DEFAULT_PAYMENT_TERM_DAYS;
  const series = seriesOf(draft);
  /** The invoice as it is issued with `number` (its archive, if any, is set below). */
  const issuedAs = (current: Invoice, number: string): Invoice => ({
    ...withoutArchive(invoiceAsRead(current)),
    status: 'sent',
    sentAt,
    issueDate,
    dueDate: isCreditNote ? undefined : (current.dueDate ?? addDays(issueDate, paymentTermDays)),
    amountDue: draft.amountDue,
    seller,
    buyer,
    number,
  });
  if (!advance.drawn) {
    await advance.draw(companyId, issuedAs(stored, await peekNextNumber(companyId, series)), {
      company,
      client,
    });
  }
  return issueInvoice(
    companyId,
    id,
    (current, number) => {
      const record = issuedAs(current, number);
      const file = advance.showing(record);
      return file ? { ...record, pdfDocumentId: file.documentId } : record;
    },
    (current) => assertDraft(current, 'envoyée'),
    version,
    {
      series,
      extraItems,
      explainExtra: () => new CreditedInvoiceChanged(),
      issuedItems: (issued) => {
        const file = advance.listedBy(issued);
        return [
          ...(file ? archiveDocumentItems(companyId, file, invoiceSubject(issued)) : []),
          ...networkItems(issued),
        ];
      },
    },
  );
}

/**
 * The write that records a credit note's TTC on the invoice it cancels, guarded by that invoice's
 * version: refused (409) when the invoice is already cancelled or has less left to credit.
 */
async function creditedInvoiceItem(companyId: string, note: Invoice) {
  const stored = note.creditedInvoiceId ? await invoices.get(companyId, note.creditedInvoiceId) : undefined;
  if (!stored) throw conflict(invoiceMessages.creditedInvoiceGone);
  const credited = invoiceAsRead(stored);
  const number = credited.number ?? '';
  if (credited.status === 'cancelled') throw conflict(invoiceMessages.creditedInvoiceCancelled(number));
  const totalCents = parseMoney(credited.totalWithVat);
  const creditedCents = sumCents([parseMoney(credited.creditedAmount), parseMoney(note.totalWithVat)]);
  if (creditedCents > totalCents) {
    throw conflict(
      invoiceMessages.creditAboveRemaining(
        number,
        formatEuro(totalCents - parseMoney(credited.creditedAmount)),
      ),
    );
  }
  return invoices.replaceItem(companyId, stored, {
    ...credited,
    creditedAmount: formatMoney(creditedCents),
    status: creditedCents >= totalCents ? 'cancelled' : credited.status,
  } as Fields<Invoice>).item;
}
