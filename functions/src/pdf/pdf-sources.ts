/**
 * What a devis, a facture or an avoir is issued, drawn and e-mailed from, read once
 * (`DocumentSources`): the company (the issuer's profile), the client (both only when the document
 * is being sent or has no snapshot of them), the project, the logo, and
 * for an invoice its quote (its number printed; a situation's billing: the quote's other invoices)
 * and, for a credit note, the invoice it credits. Every step of an issue (checks, number and
 * snapshots, PDF and Factur-X, archive, e-mail) takes what it needs from it instead of reading
 * again; the PDF input (`pdf-input.ts`) is made from it without a read (`quotePdfInputOf`,
 * `invoicePdfInputOf`), so the same record and sources always give the same PDF.
 */
import type { Client } from '@btp/shared/entities/client';
import type { Company } from '@btp/shared/entities/company';
import type { Invoice } from '@btp/shared/entities/invoice';
import type { Project } from '@btp/shared/entities/project';
import type { Quote } from '@btp/shared/entities/quote';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { clients } from '../data/entities/clients.js';
import { documents } from '../data/entities/documents.js';
import { invoiceAsRead, invoices, invoicesOfQuote } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quoteAsRead, quotes } from '../data/entities/quotes.js';
import { documentObjectKey, readDocumentObject } from '../documents/document-storage.js';
import { buyerSnapshot, readIssuer, sellerSnapshot } from '../invoicing/issuer.js';
import { conflict } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import type { InvoicePdfInput, PdfLogo, QuotePdfInput } from './pdf-input.js';

export const pdfSourceMessages = {
  quoteClientGone:
    "Le client de ce devis n'existe plus : le PDF ne peut pas être établi. Choisissez un de vos clients.",
  invoiceClientGone:
    "Le client de cette facture n'existe plus : le PDF ne peut pas être établi. Choisissez un de vos clients.",
} as const;

/** The largest logo drawn, in bytes: a bigger image is left out (and logged), never an error. */
export const MAX_LOGO_BYTES = 5 * 1024 * 1024;

const logoTypes = new Set<PdfLogo['contentType']>(['image/png', 'image/jpeg']);

/**
 * The company's logo: the PNG or JPEG document `logoDocumentId` of the company, or `undefined` when
 * there is none, the document or its file is gone, or it is not such an image.
 */
export async function readLogo(
  companyId: string,
  logoDocumentId: string | undefined,
): Promise<PdfLogo | undefined> {
  if (!logoDocumentId) return undefined;
  const document = await documents.get(companyId, logoDocumentId);
  const contentType = document?.mimeType?.toLowerCase() as PdfLogo['contentType'] | undefined;
  if (!document || !contentType || !logoTypes.has(contentType)) return undefined;
  if ((document.size ?? 0) > MAX_LOGO_BYTES) {
    logger.warn('Logo trop volumineux pour un PDF : laissé de côté', { documentId: document.id });
    return undefined;
  }
  const bytes = await readDocumentObject(documentObjectKey(companyId, document.id), MAX_LOGO_BYTES);
  return bytes && bytes.byteLength > 0 ? { bytes, contentType } : undefined;
}

/** The date (`YYYY-MM-DD` in France) of an instant stored as ISO 8601, or today without one. */
function dateOf(instant: string | undefined): string {
  return calendarDateInFrance(instant ? new Date(instant) : undefined);
}

/**
 * A sent quote as the client received it: its acceptance ("Bon pour accord" recorded later), a
 * later status and the archive's own id are not part of the PDF.
 */
export function quoteAsSent(stored: Quote): Quote {
  const {
    validatedAt: _validated,
    acceptedAt: _accepted,
    signerName: _signer,
    pdfDocumentId: _archive,
    ...sent
  } = quoteAsRead({ ...stored, items: stored.items ?? [] });
  return { ...sent, status: 'sent' };
}

/**
 * An issued invoice or credit note as it was issued: payments, credit notes and a retention's
 * release recorded since (its status, `paidAmount`, `creditedAmount`, `retentionReleasedAt`) and
 * the archive's own id are not part of the PDF.
 */
export function invoiceAsIssued(stored: Invoice): Invoice {
  const {
    paidAt: _paid,
    retentionReleasedAt: _released,
    pdfDocumentId: _archive,
    ...issued
  } = invoiceAsRead(stored);
  return { ...issued, status: 'sent', paidAmount: '0.00', creditedAmount: '0.00' };
}

/**
 * Everything a document is issued, drawn and e-mailed from besides its own record, read once by
 * `readQuoteSources` / `readInvoiceSources`. What a caller has already read is given to them as
 * `known` and not read again.
 */
export interface DocumentSources {
  /** The issuer's profile with its defaults (`readIssuer`); absent when not needed (an issued invoice's snapshot). */
  company?: Partial<Company>;
  /** The document's client as it is now; absent when it no longer exists (or not needed). */
  client?: Client;
  project?: Project;
  /** The logo the seller names (PNG or JPEG), when it can be drawn. */
  logo?: PdfLogo;
  /** An invoice's quote: its number is printed, and a situation is checked against its billing. */
  quote?: Quote;
  /** A situation's billing: every invoice of its quote (`invoicesOfQuote`). */
  quoteInvoices?: Invoice[];
  /** A credit note's credited invoice, as stored. */
  credited?: Invoice;
}

/** What a caller has already read, handed to a reader so that it is not read again. */
export type KnownSources = Pick<DocumentSources, 'company' | 'client'>;

/**
 * The sources of a quote's PDF and e-mail. `send`: it is about to be sent, so the company and the
 * client as they are now are read (they become its `seller` and `buyer` snapshots). Otherwise (a
 * draft's preview, the PDF of a sent quote drawn again), they are read only when the quote has no
 * snapshot of them (a draft, or a quote sent before snapshots were kept). One read of each, in
 * parallel (the logo after the seller, who names it).
 */
export async function readQuoteSources(
  companyId: string,
  quote: Quote,
  options: { send?: boolean; known?: KnownSources } = {},
): Promise<DocumentSources> {
  const { send = false, known = {} } = options;
  const [company, client, project] = await Promise.all([
    send || !quote.seller ? (known.company ?? readIssuer(companyId)) : undefined,
    send || !quote.buyer
      ? 'client' in known
        ? known.client
        : clients.get(companyId, quote.clientId)
      : undefined,
    readProject(companyId, quote.projectId),
  ]);
  const logoDocumentId = send
    ? company?.logoDocumentId
    : (quote.seller?.logoDocumentId ?? company?.logoDocumentId);
  const logo = await readLogo(companyId, logoDocumentId);
  return {
    ...(company ? { company } : {}),
    ...(client ? { client } : {}),
    ...(project ? { project } : {}),
    ...(logo ? { logo } : {}),
  };
}

/**
 * The sources of an invoice or a credit note. `issue`: it is about to be issued, so the company and
 * the client as they are now are read (they become its snapshots), its quote's billing for a
 * situation, and the credited invoice for a credit note. Otherwise (a draft's preview, the archive
 * of an issued record), the company and the client are read only when the record has no snapshot
 * of them. One read of each, in parallel (the logo after the seller, who names it).
 */
export async function readInvoiceSources(
  companyId: string,
  invoice: Invoice,
  options: { issue?: boolean; known?: KnownSources } = {},
): Promise<DocumentSources> {
  const { issue = false, known = {} } = options;
  const needsCredited =
    invoice.kind === 'credit_note' &&
    invoice.creditedInvoiceId !== undefined &&
    (issue || !invoice.creditedInvoiceNumber || !invoice.creditedInvoiceDate);
  const needsBilling = issue && invoice.kind === 'progress' && invoice.situation !== undefined;
  const [company, client, project, quote, quoteInvoices, credited] = await Promise.all([
    issue || !invoice.seller ? (known.company ?? readIssuer(companyId)) : undefined,
    issue || !invoice.buyer
      ? 'client' in known
        ? known.client
        : clients.get(companyId, invoice.clientId)
      : undefined,
    readProject(companyId, invoice.projectId),
    invoice.quoteId ? quotes.get(companyId, invoice.quoteId) : undefined,
    needsBilling && invoice.quoteId ? invoicesOfQuote(companyId, invoice.quoteId) : undefined,
    needsCredited ? invoices.get(companyId, invoice.creditedInvoiceId as string) : undefined,
  ]);
  const logoDocumentId = issue
    ? company?.logoDocumentId
    : (invoice.seller?.logoDocumentId ?? company?.logoDocumentId);
  const logo = await readLogo(companyId, logoDocumentId);
  return {
    ...(company ? { company } : {}),
    ...(client ? { client } : {}),
    ...(project ? { project } : {}),
    ...(logo ? { logo } : {}),
    ...(quote ? { quote } : {}),
    ...(quoteInvoices ? { quoteInvoices } : {}),
    ...(credited ? { credited } : {}),
  };
}

/**
 * The input of a quote's PDF, from its sources (no read). `quote` is drawn as given (a draft, or
 * `quoteAsSent`); the seller and the buyer are the quote's snapshots when it has them (copied when
 * it was sent), else the company and the client of the sources (a draft, or a quote sent before
 * snapshots were kept). `date`: the sending date, or today for a draft. 409 when a snapshot is
 * missing and the quote's client no longer exists.
 */
export function quotePdfInputOf(quote: Quote, sources: DocumentSources, date: string): QuotePdfInput {
  const seller = quote.seller ?? sellerSnapshot(sources.company ?? {});
  let buyer = quote.buyer;
  if (!buyer) {
    if (!sources.client) throw conflict(pdfSourceMessages.quoteClientGone);
    buyer = buyerSnapshot(sources.client);
  }
  return {
    quote,
    seller,
    buyer,
    date,
    ...(sources.project ? { project: sources.project } : {}),
    ...(sources.logo ? { logo: sources.logo } : {}),
  };
}

/** The input of a quote's PDF: its sources read (`readQuoteSources`), then `quotePdfInputOf`. */
export async function quotePdfInput(
  companyId: string,
  quote: Quote,
  date: string,
  known: KnownSources = {},
): Promise<QuotePdfInput> {
  return quotePdfInputOf(quote, await readQuoteSources(companyId, quote, { known }), date);
}

/** The PDF input of a sent quote, from its stored record, dated the day it was sent. */
export async function sentQuotePdfInput(
  companyId: string,
  stored: Quote,
  known: KnownSources = {},
): Promise<QuotePdfInput> {
  return quotePdfInput(companyId, quoteAsSent(stored), dateOf(stored.sentAt), known);
}

/**
 * The input of an invoice's or a credit note's PDF, from its sources (no read). The seller and the
 * buyer are the invoice's snapshots when it has them (issued), else the company and the client of
 * the sources (a draft, or an invoice issued before snapshots existed). `date`: the issue date, or
 * today for a draft. 409 when a snapshot is missing and the client is gone.
 */
export function invoicePdfInputOf(invoice: Invoice, sources: DocumentSources, date: string): InvoicePdfInput {
  const seller = invoice.seller ?? sellerSnapshot(sources.company ?? {});
  let buyer = invoice.buyer;
  if (!buyer) {
    if (!sources.client) throw conflict(pdfSourceMessages.invoiceClientGone);
    buyer = buyerSnapshot(sources.client);
  }
  const credited = creditedOf(invoice, sources.credited);
  const quoteNumber = sources.quote?.number;
  return {
    invoice,
    seller,
    buyer,
    date,
    ...(sources.project ? { project: sources.project } : {}),
    ...(sources.logo ? { logo: sources.logo } : {}),
    ...(credited ? { credited } : {}),
    ...(quoteNumber ? { quoteNumber } : {}),
  };
}

/** The input of an invoice's PDF: its sources read (`readInvoiceSources`), then `invoicePdfInputOf`. */
export async function invoicePdfInput(
  companyId: string,
  invoice: Invoice,
  date: string,
  known: KnownSources = {},
): Promise<InvoicePdfInput> {
  return invoicePdfInputOf(invoice, await readInvoiceSources(companyId, invoice, { known }), date);
}

/** The PDF input of an issued invoice or credit note, from its stored record, dated its issue date. */
export async function issuedInvoicePdfInput(
  companyId: string,
  stored: Invoice,
  known: KnownSources = {},
): Promise<InvoicePdfInput> {
  const issued = invoiceAsIssued(stored);
  return invoicePdfInput(companyId, issued, issued.issueDate ?? dateOf(issued.sentAt), known);
}

async function readProject(companyId: string, projectId: string | undefined): Promise<Project | undefined> {
  return projectId ? projects.get(companyId, projectId) : undefined;
}

/**
 * A credit note's credited invoice, number and issue date: as the credit note recorded them, else
 * from that invoice as read (a credit note made before it copied them).
 */
function creditedOf(
  invoice: Invoice,
  credited: Invoice | undefined,
): InvoicePdfInput['credited'] | undefined {
  if (invoice.kind !== 'credit_note') return undefined;
  if (invoice.creditedInvoiceNumber && invoice.creditedInvoiceDate) {
    return { number: invoice.creditedInvoiceNumber, issueDate: invoice.creditedInvoiceDate };
  }
  if (!credited?.number) return undefined;
  return { number: credited.number, issueDate: credited.issueDate ?? dateOf(credited.sentAt) };
}
