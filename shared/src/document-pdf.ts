/**
 * `GET /api/quotes/{id}/pdf` and `GET /api/invoices/{id}/pdf` (DOCUMENTS.md § 5): the query that
 * says how the browser should open the PDF its presigned URL gives. The functions parse it without
 * zod (`document-pdf-query.ts`, which holds its values).
 */
import { pdfDispositionMessage, pdfDispositions } from './document-pdf-query.js';
import * as z from './lazy-zod.js';
import './zod-fr.js';

export { pdfDispositionMessage, pdfDispositions, type PdfDisposition } from './document-pdf-query.js';

/** `?disposition=inline|attachment`, `attachment` when absent. */
export const pdfUrlQuery = z.object({
  disposition: z.enum(pdfDispositions, { error: pdfDispositionMessage }).default('attachment'),
});
export type PdfUrlQuery = z.input<typeof pdfUrlQuery>;

export { PDF_PREVIEW_KEY_PREFIX } from './document-bucket.js';
