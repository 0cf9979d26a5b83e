/**
 * The archive of what was sent (DOCUMENTS.md § 5): the PDF of a devis once sent, of a facture or an
 * avoir once issued, made once and kept as a document of the company (type `quote` / `invoice`,
 * linked to its record, its client and its project), its id on the record as `pdfDocumentId`.
 *
 * Order of the writes, so that a fault never leaves half of it: the PDF is drawn, then its object
 * is stored under a new document id (unlisted: no record points to it), then one transaction lists
 * the document and writes `pdfDocumentId` on the record (with the sending itself when it happens
 * then). When that transaction fails, the object is deleted again (best effort: an object left
 * behind is invisible, and logged). So a listed archive always has its file, and a record names
 * an archive only once it is listed.
 */
import type { DocumentRecord } from '@btp/shared/entities/document';
import type { Invoice } from '@btp/shared/entities/invoice';
import type { Quote } from '@btp/shared/entities/quote';
import {
  staleVersionMessage,
  type BaseRecord,
  type EntityRepository,
  type Fields,
} from '../data/entity-repository.js';
import { documents } from '../data/entities/documents.js';
import { invoices } from '../data/entities/invoices.js';
import { quotes } from '../data/entities/quotes.js';
import { newId } from '../data/ids.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import { linksOf, type DocumentLinks } from '../documents/document-links.js';
import { deleteDocumentObject, documentObjectKey, putDocumentObject } from '../documents/document-storage.js';
import { conflict, HttpError } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import type { InvoicePdfInput, PdfLogo } from './pdf-input.js';
import { issuedInvoicePdfInput, sentQuotePdfInput, type KnownSources } from './pdf-sources.js';
import { renderInvoicePdf, renderQuotePdf } from './renderer.js';

export const PDF_MIME_TYPE = 'application/pdf';

/** What an archived PDF is the PDF of. */
export type ArchivedKind = 'quote' | 'invoice' | 'credit_note';

/** "Devis DEV-2026-0001.pdf", "Facture FAC-2026-0001.pdf", "Avoir AV-2026-0001.pdf". */
export function archiveFileName(kind: ArchivedKind, number: string): string {
  const label = kind === 'quote' ? 'Devis' : kind === 'credit_note' ? 'Avoir' : 'Facture';
  return `${label} ${number}.pdf`;
}

/** The record an archive belongs to: its kind, number and links. */
export interface ArchiveSubject {
  kind: ArchivedKind;
  number: string;
  links: DocumentLinks;
}

export function quoteSubject(quote: Pick<Quote, 'id' | 'number' | 'clientId' | 'projectId'>): ArchiveSubject {
  return {
    kind: 'quote',
    number: quote.number,
    links: { quoteId: quote.id, clientId: quote.clientId, projectId: quote.projectId },
  };
}

/** An issued invoice's or credit note's subject (`number` is set once issued). */
export function invoiceSubject(
  invoice: Pick<Invoice, 'id' | 'kind' | 'number' | 'clientId' | 'projectId'>,
): ArchiveSubject {
  return {
    kind: invoice.kind === 'credit_note' ? 'credit_note' : 'invoice',
    number: invoice.number ?? '',
    links: { invoiceId: invoice.id, clientId: invoice.clientId, projectId: invoice.projectId },
  };
}

/** A PDF stored under a new document id, not listed yet. */
export interface StoredPdf {
  documentId: string;
  /** Bytes. */
  size: number;
}

/** Stores a PDF under a new document id (`companies/<c>/documents/<id>`), unlisted until its record is written. */
export async function storePdf(companyId: string, pdf: Buffer): Promise<StoredPdf> {
  const documentId = newId();
  await putDocumentObject(documentObjectKey(companyId, documentId), pdf, PDF_MIME_TYPE);
  return { documentId, size: pdf.byteLength };
}

/** Deletes a stored PDF no record will list; a failure leaves it behind, invisible and logged. */
export async function discardPdf(companyId: string, stored: StoredPdf, reason: string): Promise<void> {
  try {
    await deleteDocumentObject(documentObjectKey(companyId, stored.documentId));
  } catch (error) {
    logger.warn('PDF laissé dans le bucket', { documentId: stored.documentId, reason, error });
  }
}

/**
 * The items that list a stored PDF as a document of the company: named after its record, of type
 * `quote` or `invoice`, linked to the record, its client and its project.
 */
export function archiveDocumentItems(
  companyId: string,
  stored: StoredPdf,
  subject: ArchiveSubject,
): TransactItem[] {
  const name = archiveFileName(subject.kind, subject.number);
  const fields: Fields<DocumentRecord> = {
    name,
    type: subject.kind === 'quote' ? 'quote' : 'invoice',
    ...linksOf(subject.links),
    tags: [],
    originalName: name,
    mimeType: PDF_MIME_TYPE,
    size: stored.size,
    path: documentObjectKey(companyId, stored.documentId),
  };
  return documents.createItems(companyId, fields, stored.documentId).items;
}

/**
 * Draws a PDF; when that fails with a logo (an image the renderer cannot read), draws it again
 * without the logo, which is never a reason not to send a document.
 */
export async function drawPdf<I extends { logo?: PdfLogo }>(
  render: (input: I) => Promise<Buffer>,
  input: I,
): Promise<Buffer> {
  try {
    return await render(input);
  } catch (error) {
    if (!input.logo) throw error;
    logger.warn('Logo illisible : PDF établi sans lui', { error });
    const { logo: _logo, ...withoutLogo } = input;
    return render(withoutLogo as I);
  }
}

const maxAttachAttempts = 5;

/** A record with its archive, and the archive's bytes when they were drawn here (not read back). */
export interface Archived<R> {
  record: R;
  /** Absent when another request had made the archive first (its bytes are in the bucket). */
  pdf?: Buffer;
}

/**
 * Lists `stored` as the archive of `current` (a sent quote or an issued invoice that has none) and
 * writes its `pdfDocumentId`, in one transaction guarded by the record's version. When the record
 * changed meanwhile: if it now has an archive (another request made it), that one is kept and ours
 * deleted; otherwise (a payment, an acceptance) the write is tried again on the new version.
 * Answers the record as written (or as found with its archive), and whether ours is its archive.
 */
async function attachArchive<R extends BaseRecord & { pdfDocumentId?: string }>(
  repository: EntityRepository<R>,
  companyId: string,
  current: R,
  stored: StoredPdf,
  subject: ArchiveSubject,
): Promise<{ record: R; ours: boolean }> {
  let record = current;
  for (let attempt = 0; attempt < maxAttachAttempts; attempt += 1) {
    const { record: next, item } = repository.replaceItem(companyId, record, {
      ...record,
      pdfDocumentId: stored.documentId,
    } as Fields<R>);
    try {
      await transactWrite([item, ...archiveDocumentItems(companyId, stored, subject)], (index) =>
        index === 0 ? conflict(staleVersionMessage) : undefined,
      );
      return { record: next, ours: true };
    } catch (error) {
      if (!(error instanceof HttpError && error.statusCode === 409)) {
        await discardPdf(companyId, stored, 'archive not listed');
        throw error;
      }
    }
    record = await repository.getOrThrow(companyId, current.id);
    if (record.pdfDocumentId) {
      await discardPdf(companyId, stored, 'archived by a concurrent request');
      return { record, ours: false };
    }
  }
  await discardPdf(companyId, stored, 'archive not listed');
  throw conflict(staleVersionMessage);
}

/**
 * Makes the archive of a quote sent before archives existed, from its stored record (the company
 * and the client as they are now: a quote keeps no snapshot; `known` when the caller has read
 * them), dated the day it was sent. Answers the quote with its `pdfDocumentId`, and the PDF drawn.
 */
export async function archiveSentQuote(
  companyId: string,
  stored: Quote,
  known: KnownSources = {},
): Promise<Archived<Quote>> {
  const pdf = await drawPdf(renderQuotePdf, await sentQuotePdfInput(companyId, stored, known));
  const file = await storePdf(companyId, pdf);
  const { record, ours } = await attachArchive(quotes, companyId, stored, file, quoteSubject(stored));
  return { record, ...(ours ? { pdf } : {}) };
}

/**
 * Makes the archive of an issued invoice or credit note that has none (issued before archives
 * existed, or whose archive could not be made when it was sent), from its stored record: its
 * number, issue date and snapshots, as issued (`known`: the company and the client when the caller
 * has read them, for a record issued before snapshots). Answers the invoice with its
 * `pdfDocumentId`, and the PDF drawn.
 */
export async function archiveIssuedInvoice(
  companyId: string,
  stored: Invoice,
  known: KnownSources = {},
): Promise<Archived<Invoice>> {
  return archiveInvoiceDrawn(companyId, stored, await issuedInvoicePdfInput(companyId, stored, known));
}

/** Draws `input` (an issued invoice's), stores it and lists it as the archive of `stored`. */
export async function archiveInvoiceDrawn(
  companyId: string,
  stored: Invoice,
  input: InvoicePdfInput,
): Promise<Archived<Invoice>> {
  const pdf = await drawPdf(renderInvoicePdf, input);
  const file = await storePdf(companyId, pdf);
  const { record, ours } = await attachArchive(invoices, companyId, stored, file, invoiceSubject(stored));
  return { record, ...(ours ? { pdf } : {}) };
}
