/**
 * Issuing an invoice or a credit note (DOCUMENTS.md § 5–6): draft → sent, the next gapless number of
 * its series, its dates and snapshots, its Factur-X PDF archived. One path, each step handed what
 * the earlier ones read (docs/architecture.md, "Issuing and sending a document"):
 *
 * 1. `readInvoiceIssue`: the draft (read by the caller) and its sources, read once
 *    (`pdf/pdf-sources.ts`): the company, the client, the project, the logo, the quote (with all its
 *    invoices for a situation: its billing), the credited invoice of a credit note;
 * 2. `checkInvoiceIssue`: the version, a draft with lines and a positive HT, the company's legal
 *    profile, a situation still current (computed from the billing read in 1), the client;
 * 3. `issueInvoiceDocument`: the number, dates and snapshots, the PDF with its Factur-X XML drawn
 *    from the sources, stored and listed as the archive in the numbering transaction. The answer
 *    carries the PDF's bytes for the e-mail (`sending/invoice-mail.ts`), which reads nothing again.
 *
 * The number is only known inside the numbering transaction, which is retried whenever another
 * document of the series took the number first. Drawing the PDF inside that retry loop could take
 * seconds under contention, so instead:
 *
 * - before the transaction, the PDF is drawn once with the number the series would give now
 *   (`peekNextNumber`) and stored unlisted under a new document id;
 * - the transaction issues the invoice; when the number it takes and everything printed are those
 *   of the drawn PDF (the usual case: nobody else issued meanwhile), the same transaction lists the
 *   PDF as a document and writes `pdfDocumentId`: issued with its archive, or nothing written;
 * - otherwise (another document took that number first) the invoice is issued without it, the
 *   stored PDF is deleted, and the archive is drawn again right after from the issued record and the
 *   same sources (one more version). Should that fail, the invoice stays issued (its number is never
 *   given back: no gap) and the archive is made the first time its PDF is asked for, from the same
 *   stored record, so it shows the same thing.
 *
 * If the invoice is not issued at all (stale version, incomplete profile, a race lost on the
 * credited invoice…), the stored PDF is deleted again (best effort).
 */
import { DEFAULT_PAYMENT_TERM_DAYS } from '@btp/shared/entities/company-profile';
import type { Client } from '@btp/shared/entities/client';
import type { Invoice, InvoiceWithRefs } from '@btp/shared/entities/invoice';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatEuro, formatMoney, parseMoney, sumCents } from '@btp/shared/money';
import { peekNextNumber } from '../data/counters.js';
import type { Fields } from '../data/entity-repository.js';
import { staleVersionMessage } from '../data/entity-repository.js';
import { creditNoteLinkItem } from '../data/credit-note-links.js';
import { invoiceAsRead, invoices, issueInvoice, seriesOf } from '../data/entities/invoices.js';
import { nowIso } from '../data/ids.js';
import { networkIssueItems } from '../einvoicing/exchange/invoice-submission.js';
import { conflict, HttpError } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import {
  archiveDocumentItems,
  archiveInvoiceDrawn,
  discardPdf,
  drawPdf,
  invoiceSubject,
  storePdf,
  type StoredPdf,
} from '../pdf/pdf-archive.js';
import {
  invoiceAsIssued,
  invoicePdfInputOf,
  readInvoiceSources,
  type DocumentSources,
} from '../pdf/pdf-sources.js';
import { renderInvoicePdf } from '../pdf/renderer.js';
import { assertDraft, invoiceMessages } from './invoice-refusals.js';
import { assertProfileComplete, buyerSnapshot, sellerSnapshot } from './issuer.js';
import { presentInvoice } from './present.js';

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
  /** The PDF's bytes, handed to the e-mail once it is the archive. */
  bytes: Buffer | undefined;

  get drawn(): boolean {
    return this.file !== undefined;
  }

  /** Draws `record` (the invoice as it would be issued) from its sources and stores its PDF, unlisted. */
  async draw(companyId: string, record: Invoice, sources: DocumentSources) {
    const issued = invoiceAsIssued(record);
    const input = invoicePdfInputOf(issued, sources, issued.issueDate ?? calendarDateInFrance());
    this.bytes = await drawPdf(renderInvoicePdf, input);
    this.file = await storePdf(companyId, this.bytes);
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

/** Everything the issue of an invoice reads, read once (step 1) and handed to every later step. */
export interface InvoiceIssue {
  companyId: string;
  /** The draft as stored: the version the issue is guarded by. */
  stored: Invoice;
  /** The draft as the API reads it (`invoiceAsRead`). */
  draft: Invoice;
  sources: DocumentSources;
}

/** An invoice just issued, and its archive's bytes when they were drawn by the issue. */
export interface IssuedInvoice {
  invoice: Invoice;
  /** Absent when the archive could not be made at once (made on the first request for its PDF). */
  pdf?: Buffer;
}

/** Step 1: the sources of the draft `stored` (read by the caller), read once for the whole issue. */
export async function readInvoiceIssue(companyId: string, stored: Invoice): Promise<InvoiceIssue> {
  const draft = invoiceAsRead(stored);
  const sources = await readInvoiceSources(companyId, draft, { issue: true });
  return { companyId, stored, draft, sources };
}

/**
 * Step 2: refuses (409) a stale `version`, an invoice that is not a draft, one without lines or
 * whose HT is not above 0, (with one `details` entry per missing field) a company whose legal
 * profile is incomplete, a situation whose figures no longer follow from its quote's billing, and
 * an invoice whose client no longer exists. Reads nothing: all of it was read in step 1.
 */
export async function checkInvoiceIssue(issue: InvoiceIssue, version: number): Promise<void> {
  const { draft, sources } = issue;
  if (version !== draft.version) throw conflict(staleVersionMessage);
  assertDraft(draft, 'envoyée');
  if (draft.lines.length === 0) throw conflict(invoiceMessages.noLines);
  if (parseMoney(draft.totalAmount) <= 0) throw conflict(invoiceMessages.notPositive);
  assertProfileComplete(sources.company ?? {}, { forInvoice: true });
  if (draft.kind === 'progress') {
    // A situation's check (its quote's billing recomputed) is loaded for a situation only.
    const { assertSituationCurrent } = await import('./situations.js');
    await assertSituationCurrent(issue.companyId, draft, sources);
  }
  if (!sources.client) throw conflict(invoiceMessages.clientGone);
}

/**
 * Step 3: issues a checked draft. In one transaction with the number counter of its series: the
 * number, `issueDate` (today in France), `dueDate` (when absent: issue date + the company's payment
 * term; none for a credit note), `amountDue`, the `seller` and `buyer` snapshots, and (see above)
 * the archived PDF with `pdfDocumentId`. A credit note also adds its TTC to the credited invoice's
 * `creditedAmount` (guarded by that invoice's version; retried with that invoice read again when
 * another credit note of it was issued at the same time), which turns `cancelled` once nothing is
 * left.
 */
export async function issueInvoiceDocument(issue: InvoiceIssue): Promise<IssuedInvoice> {
  const { companyId } = issue;
  const sentAt = nowIso();
  const advance = new DrawnInAdvance();
  let credited = issue.sources.credited;
  let issued: Invoice | undefined;
  try {
    let lastError: unknown;
    for (let attempt = 0; attempt < maxSendAttempts && !issued; attempt += 1) {
      try {
        issued = await issueOnce(issue, sentAt, advance, credited);
      } catch (error) {
        if (!(error instanceof CreditedInvoiceChanged)) throw error;
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(100, 5 * 2 ** attempt)));
        credited = await invoices.get(companyId, issue.draft.creditedInvoiceId as string);
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
  if (issued.pdfDocumentId) return { invoice: issued, ...(advance.bytes ? { pdf: advance.bytes } : {}) };
  return archiveAfterIssue(issue, issued);
}

/**
 * `POST /api/invoices/{id}/send` without the e-mail (the demo data, the tests): steps 1 to 3, the
 * invoice answered as the API shows it.
 */
export async function sendInvoice(companyId: string, id: string, version: number): Promise<InvoiceWithRefs> {
  const issue = await readInvoiceIssue(companyId, await invoices.getOrThrow(companyId, id));
  await checkInvoiceIssue(issue, version);
  const { invoice } = await issueInvoiceDocument(issue);
  return presentInvoice(companyId, invoice, issue.sources);
}

/**
 * The archive of an invoice just issued without it, drawn from the issued record and the sources
 * of the issue. A failure is logged, not answered: the invoice is issued, and its archive is made
 * when its PDF is first asked for.
 */
async function archiveAfterIssue(issue: InvoiceIssue, issued: Invoice): Promise<IssuedInvoice> {
  try {
    const shown = invoiceAsIssued(issued);
    const input = invoicePdfInputOf(shown, issue.sources, shown.issueDate ?? calendarDateInFrance());
    const archived = await archiveInvoiceDrawn(issue.companyId, issued, input);
    return { invoice: archived.record, ...(archived.pdf ? { pdf: archived.pdf } : {}) };
  } catch (error) {
    logger.error('Archive du PDF non faite à l’émission (elle le sera à la première demande)', {
      invoiceId: issued.id,
      error,
    });
    return { invoice: issued };
  }
}

async function issueOnce(
  issue: InvoiceIssue,
  sentAt: string,
  advance: DrawnInAdvance,
  credited: Invoice | undefined,
): Promise<Invoice> {
  const { companyId, stored, draft, sources } = issue;
  const company = sources.company ?? {};
  const issueDate = calendarDateInFrance();
  const isCreditNote = draft.kind === 'credit_note';
  // A credit note also writes its credited invoice's `creditedAmount` and the link between them.
  const extraItems = isCreditNote
    ? [
        creditedInvoiceItem(companyId, draft, credited),
        creditNoteLinkItem(companyId, String(draft.creditedInvoiceId), draft.id),
      ]
    : [];
  // The e-invoicing network's record of the issued invoice, in the same transaction (issue 30).
  const networkItems = await networkIssueItems(companyId);
  const seller = sellerSnapshot(company);
  const buyer = buyerSnapshot(sources.client as Client);
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
    await advance.draw(companyId, issuedAs(stored, await peekNextNumber(companyId, series)), sources);
  }
  return issueInvoice(
    companyId,
    draft.id,
    (current, number) => {
      const record = issuedAs(current, number);
      const file = advance.showing(record);
      return file ? { ...record, pdfDocumentId: file.documentId } : record;
    },
    (current) => assertDraft(current, 'envoyée'),
    draft.version,
    {
      // The draft read in step 1: the transaction is guarded by its version.
      current: stored,
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
 * The write that records a credit note's TTC on the invoice it cancels (`stored`, as read), guarded
 * by that invoice's version: refused (409) when the invoice is gone, already cancelled or has less
 * left to credit.
 */
function creditedInvoiceItem(companyId: string, note: Invoice, stored: Invoice | undefined) {
  if (!stored || stored.id !== note.creditedInvoiceId) throw conflict(invoiceMessages.creditedInvoiceGone);
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
