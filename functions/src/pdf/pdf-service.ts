/**
 * `GET /api/quotes/{id}/pdf` and `GET /api/invoices/{id}/pdf` (DOCUMENTS.md § 5): a presigned GET
 * valid 5 minutes of the PDF, never its bytes (a Lambda answer is at most 6 MB).
 *
 * - A draft gets a preview marked "BROUILLON", drawn on each request from the record as it is now
 *   (the company and the client as they are now, dated today), stored under `previews/` (deleted
 *   after a day by the bucket's lifecycle rule) and never listed.
 * - A sent quote or an issued invoice gets its archive, the PDF made when it was sent, never drawn
 *   again. One sent before archives existed gets it made once, here, from its stored record
 *   (`pdf-archive.ts`); two requests at the same time still make only one.
 */
import type { PdfDisposition } from '@btp/shared/document-pdf-query';
import type { Invoice } from '@btp/shared/entities/invoice';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { invoiceAsRead, invoices } from '../data/entities/invoices.js';
import { quoteAsRead, quotes } from '../data/entities/quotes.js';
import { newId } from '../data/ids.js';
import { documentObjectKey, previewObjectKey, putDocumentObject } from '../documents/document-storage.js';
import { presignedDownload } from '../documents/presigned-download.js';
import {
  archiveFileName,
  archiveIssuedInvoice,
  archiveSentQuote,
  drawPdf,
  PDF_MIME_TYPE,
} from './pdf-archive.js';
import { invoicePdfInput, quotePdfInput } from './pdf-sources.js';
import { renderInvoicePdf, renderQuotePdf } from './renderer.js';

/** `{ url }`: the presigned GET the browser opens. */
export interface PdfUrl {
  url: string;
}

/** "Devis DEV-2026-0001 (brouillon).pdf", "Facture (brouillon).pdf", "Avoir (brouillon).pdf". */
export function previewFileName(document: { kind: 'quote'; number: string } | Pick<Invoice, 'kind'>): string {
  if (document.kind === 'quote') return `Devis ${document.number} (brouillon).pdf`;
  return document.kind === 'credit_note' ? 'Avoir (brouillon).pdf' : 'Facture (brouillon).pdf';
}

function presign(key: string, fileName: string, disposition: PdfDisposition): Promise<string> {
  return presignedDownload(key, { fileName, mimeType: PDF_MIME_TYPE, inline: disposition === 'inline' });
}

/** Stores a draft's preview under a new random key of `previews/<companyId>/` and presigns it. */
async function previewUrl(
  companyId: string,
  pdf: Buffer,
  fileName: string,
  disposition: PdfDisposition,
): Promise<PdfUrl> {
  const key = previewObjectKey(companyId, newId());
  await putDocumentObject(key, pdf, PDF_MIME_TYPE);
  return { url: await presign(key, fileName, disposition) };
}

/** Presigns an archived PDF, saved under its document's name. */
async function archiveUrl(
  companyId: string,
  documentId: string,
  fileName: string,
  disposition: PdfDisposition,
): Promise<PdfUrl> {
  return { url: await presign(documentObjectKey(companyId, documentId), fileName, disposition) };
}

/**
 * `GET /api/quotes/{id}/pdf`: a draft's "BROUILLON" preview, or the PDF archived when the quote was
 * sent (made now, once, for a quote sent before archives existed). 404 for another company's id;
 * 409 when the client of a draft (or of such an old quote) no longer exists.
 */
export async function quotePdfUrl(
  companyId: string,
  id: string,
  disposition: PdfDisposition,
): Promise<PdfUrl> {
  const stored = await quotes.getOrThrow(companyId, id);
  if (stored.status === 'draft') {
    const quote = quoteAsRead({ ...stored, items: stored.items ?? [] });
    const input = await quotePdfInput(companyId, quote, calendarDateInFrance());
    const pdf = await drawPdf(renderQuotePdf, input);
    return previewUrl(companyId, pdf, previewFileName({ kind: 'quote', number: quote.number }), disposition);
  }
  const archived = stored.pdfDocumentId ? stored : (await archiveSentQuote(companyId, stored)).record;
  return archiveUrl(
    companyId,
    archived.pdfDocumentId as string,
    archiveFileName('quote', stored.number),
    disposition,
  );
}

/**
 * `GET /api/invoices/{id}/pdf`: a draft invoice's or credit note's "BROUILLON" preview, or the PDF
 * archived when it was issued (made now, once, from its stored record for one issued before
 * archives existed). 404 for another company's id; 409 when a draft's client no longer exists.
 */
export async function invoicePdfUrl(
  companyId: string,
  id: string,
  disposition: PdfDisposition,
): Promise<PdfUrl> {
  const stored = await invoices.getOrThrow(companyId, id);
  if (!stored.number) {
    const draft = invoiceAsRead(stored);
    const input = await invoicePdfInput(companyId, draft, calendarDateInFrance());
    const pdf = await drawPdf(renderInvoicePdf, input);
    return previewUrl(companyId, pdf, previewFileName(draft), disposition);
  }
  const archived = stored.pdfDocumentId ? stored : (await archiveIssuedInvoice(companyId, stored)).record;
  return archiveUrl(
    companyId,
    archived.pdfDocumentId as string,
    archiveFileName(stored.kind === 'credit_note' ? 'credit_note' : 'invoice', stored.number),
    disposition,
  );
}
