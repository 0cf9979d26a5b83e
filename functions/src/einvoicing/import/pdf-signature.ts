/**
 * Whether received bytes are a PDF, apart from the reader of its embedded invoice
 * (`embedded-invoice.ts`, pdfjs), which is loaded only for a PDF.
 */

/** Whether bytes start like a PDF (`%PDF-` within the first 1 024 bytes, as readers allow). */
export function looksLikePdf(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 1024)).includes(
    '%PDF-',
    0,
    'latin1',
  );
}
