/**
 * What the PDF of a devis, a facture or an avoir is drawn from (`pdf-input.ts`), gathered from the
 * table and the documents bucket: the record as sent, the seller and the buyer (an invoice's
 * snapshots once issued; the company and the client as they are now otherwise), the project, the
 * company's logo, the credited invoice of a credit note, the quote of an invoice. The renderer
 * reads nothing else, so the same record always gives the same input.
 */
import type { Client } from '@btp/shared/entities/client';
import type { Company } from '@btp/shared/entities/company';
import type { Invoice } from '@btp/shared/entities/invoice';
import type { Project } from '@btp/shared/entities/project';
import type { Quote } from '@btp/shared/entities/quote';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { clients } from '../data/entities/clients.js';
import { documents } from '../data/entities/documents.js';
import { invoiceAsRead, invoices } from '../data/entities/invoices.js';
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

/** The company and the client when the caller has already read them (not read again). */
export interface KnownSources {
  company?: Partial<Company>;
  client?: Client;
}

/**
 * The input of a quote's PDF. `quote` is drawn as given (a draft, or `quoteAsSent`); the seller and
 * the buyer are the quote's snapshots when it has them (copied when it was sent), else the company
 * and the client as they are now (a draft, or a quote sent before snapshots were kept); the logo is
 * the one the seller names. `date`: the sending date, or today for a draft. 409 when a snapshot is
 * missing and the quote's client no longer exists.
 */
export async function quotePdfInput(
  companyId: string,
  quote: Quote,
  date: string,
  known: KnownSources = {},
): Promise<QuotePdfInput> {
  const [company, client, project] = await Promise.all([
    quote.seller ? undefined : (known.company ?? readIssuer(companyId)),
    quote.buyer ? undefined : (known.client ?? clients.get(companyId, quote.clientId)),
    readProject(companyId, quote.projectId),
  ]);
  const seller = quote.seller ?? sellerSnapshot(company ?? {});
  let buyer = quote.buyer;
  if (!buyer) {
    if (!client) throw conflict(pdfSourceMessages.quoteClientGone);
    buyer = buyerSnapshot(client);
  }
  const logo = await readLogo(companyId, seller.logoDocumentId);
  return {
    quote,
    seller,
    buyer,
    date,
    ...(project ? { project } : {}),
    ...(logo ? { logo } : {}),
  };
}

/** The PDF input of a sent quote, from its stored record, dated the day it was sent. */
export function sentQuotePdfInput(companyId: string, stored: Quote): Promise<QuotePdfInput> {
  return quotePdfInput(companyId, quoteAsSent(stored), dateOf(stored.sentAt));
}

/**
 * The input of an invoice's or a credit note's PDF. The seller and the buyer are the invoice's
 * snapshots when it has them (issued), else the company and the client as they are now (a draft,
 * or an invoice issued before snapshots existed); the logo is the one the seller names. `date`:
 * the issue date, or today for a draft. 409 when a snapshot is missing and the client is gone.
 */
export async function invoicePdfInput(
  companyId: string,
  invoice: Invoice,
  date: string,
  known: KnownSources = {},
): Promise<InvoicePdfInput> {
  const [company, client, project, credited, quoteNumber] = await Promise.all([
    invoice.seller ? undefined : (known.company ?? readIssuer(companyId)),
    invoice.buyer ? undefined : (known.client ?? clients.get(companyId, invoice.clientId)),
    readProject(companyId, invoice.projectId),
    creditedOf(companyId, invoice),
    invoice.quoteId
      ? quotes.get(companyId, invoice.quoteId).then((quote) => quote?.number)
      : Promise.resolve(undefined),
  ]);
  const seller = invoice.seller ?? sellerSnapshot(company ?? {});
  let buyer = invoice.buyer;
  if (!buyer) {
    if (!client) throw conflict(pdfSourceMessages.invoiceClientGone);
    buyer = buyerSnapshot(client);
  }
  const logo = await readLogo(companyId, seller.logoDocumentId);
  return {
    invoice,
    seller,
    buyer,
    date,
    ...(project ? { project } : {}),
    ...(logo ? { logo } : {}),
    ...(credited ? { credited } : {}),
    ...(quoteNumber ? { quoteNumber } : {}),
  };
}

/** The PDF input of an issued invoice or credit note, from its stored record, dated its issue date. */
export function issuedInvoicePdfInput(companyId: string, stored: Invoice): Promise<InvoicePdfInput> {
  const issued = invoiceAsIssued(stored);
  return invoicePdfInput(companyId, issued, issued.issueDate ?? dateOf(issued.sentAt));
}

async function readProject(companyId: string, projectId: string | undefined): Promise<Project | undefined> {
  return projectId ? projects.get(companyId, projectId) : undefined;
}

/**
 * A credit note's credited invoice, number and issue date: as the credit note recorded them, else
 * read from that invoice (a credit note made before it copied them).
 */
async function creditedOf(
  companyId: string,
  invoice: Invoice,
): Promise<InvoicePdfInput['credited'] | undefined> {
  if (invoice.kind !== 'credit_note') return undefined;
  if (invoice.creditedInvoiceNumber && invoice.creditedInvoiceDate) {
    return { number: invoice.creditedInvoiceNumber, issueDate: invoice.creditedInvoiceDate };
  }
  const credited = invoice.creditedInvoiceId
    ? await invoices.get(companyId, invoice.creditedInvoiceId)
    : undefined;
  if (!credited?.number) return undefined;
  return { number: credited.number, issueDate: credited.issueDate ?? dateOf(credited.sentAt) };
}
