/**
 * The invoice XML embedded in a Factur-X / ZUGFeRD / XRechnung PDF, read with pdfjs-dist (Mozilla's
 * PDF.js, pure JavaScript, maintained against hostile PDFs by a browser vendor).
 *
 * pdfjs normally parses in a Web Worker; in Node and in a Lambda bundle it runs its "fake worker"
 * in-process instead. It finds that worker through `globalThis.pdfjsWorker`, which is set here
 * from a static import of the worker module, so esbuild puts it in the bundle and pdfjs never tries
 * to `import()` a worker file from disk. Nothing is rendered: no fonts, no eval, no WebAssembly
 * decoders, no system fonts, no XFA; only the catalog's embedded files are read. The native canvas
 * package pdfjs would use in Node is absent from a bundle: `pdfjs-node-globals.ts` stands in for it.
 */
// First: pdfjs' display module needs these globals as soon as it is loaded.
import './pdfjs-node-globals.js';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import * as pdfjsWorker from 'pdfjs-dist/legacy/build/pdf.worker.mjs';
import { importMessages, importRefused } from './import-errors.js';

(globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = pdfjsWorker;

/** The names an invoice XML carries in a PDF (lower case): Factur-X, ZUGFeRD 1 and 2, XRechnung. */
export const embeddedInvoiceNames = ['factur-x.xml', 'zugferd-invoice.xml', 'xrechnung.xml'];

interface Attachment {
  filename?: string;
  content?: Uint8Array;
}

/** The embedded files of a PDF by name, or a 400 when pdfjs cannot open it. */
async function attachmentsOf(pdf: Uint8Array): Promise<Attachment[]> {
  const task = getDocument({
    // pdfjs takes ownership of (detaches) the buffer it is given: hand it a copy.
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    useWasm: false,
    enableXfa: false,
    disableAutoFetch: true,
    disableStream: true,
    disableRange: true,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    verbosity: VerbosityLevel.ERRORS,
  });
  try {
    const document = await task.promise;
    const attachments = (await document.getAttachments()) as Record<string, Attachment> | null;
    return Object.values(attachments ?? {});
  } catch {
    throw importRefused(importMessages.pdfUnreadable);
  } finally {
    await task.destroy().catch(() => undefined);
  }
}

/**
 * The bytes of the invoice XML a PDF embeds (`factur-x.xml`, `zugferd-invoice.xml`,
 * `ZUGFeRD-invoice.xml`, `xrechnung.xml`, any case).
 * @throws HttpError 400 when the PDF cannot be read or embeds no invoice.
 */
export async function embeddedInvoiceXml(pdf: Uint8Array): Promise<Uint8Array> {
  const attachments = await attachmentsOf(pdf);
  for (const name of embeddedInvoiceNames) {
    const found = attachments.find((attachment) => attachment.filename?.toLowerCase() === name);
    if (found?.content && found.content.byteLength > 0) return found.content;
  }
  throw importRefused(importMessages.pdfWithoutInvoice);
}
