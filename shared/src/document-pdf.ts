/**
 * `GET /api/quotes/{id}/pdf` and `GET /api/invoices/{id}/pdf` (DOCUMENTS.md § 5): the query that
 * says how the browser should open the PDF its presigned URL gives.
 */
import * as z from './lazy-zod.js';
import './zod-fr.js';

/** `attachment`: saved under its name (the default); `inline`: shown in a browser tab ("Aperçu"). */
export const pdfDispositions = ['attachment', 'inline'] as const;
export type PdfDisposition = (typeof pdfDispositions)[number];

export const pdfDispositionMessage = 'La valeur de disposition doit être « inline » ou « attachment ».';

/** `?disposition=inline|attachment`, `attachment` when absent. */
export const pdfUrlQuery = z.object({
  disposition: z.enum(pdfDispositions, { error: pdfDispositionMessage }).default('attachment'),
});
export type PdfUrlQuery = z.input<typeof pdfUrlQuery>;

export { PDF_PREVIEW_KEY_PREFIX } from './document-bucket.js';
