/**
 * Reads a received e-invoice file (docs/e-invoice-import.md), recognised by its content, never by
 * its name or declared type: `%PDF-` → the invoice XML it embeds (Factur-X, ZUGFeRD, XRechnung);
 * `<` after a BOM and white space → XML, whose root says CII or UBL 2.1 (`Invoice`,
 * `CreditNote`); anything else → 415.
 */
import { ciiNamespace, readCiiInvoice } from './cii-reader.js';
import { importMessages, importRefused, unsupportedFile } from './import-errors.js';
import { looksLikePdf } from './pdf-signature.js';
import type { ReceivedInvoice } from './received-invoice.js';
import { looksLikeXml, parseUntrustedXml } from './safe-xml.js';
import { readUblInvoice, ublCreditNoteNamespace, ublInvoiceNamespace } from './ubl-reader.js';

/** What kind of file was received: it decides the stored document's type and name. */
export type ReceivedFormat = 'pdf' | 'xml';

export interface ReadEInvoice {
  format: ReceivedFormat;
  invoice: ReceivedInvoice;
}

/** Reads an invoice XML (a file, or the one a PDF embeds). @throws HttpError 400 */
export function readInvoiceXml(bytes: Uint8Array): ReceivedInvoice {
  const root = parseUntrustedXml(bytes);
  if (root.localName === 'CrossIndustryInvoice' && root.namespace === ciiNamespace) {
    return readCiiInvoice(root.node);
  }
  if (root.localName === 'Invoice' && root.namespace === ublInvoiceNamespace)
    return readUblInvoice(root.node);
  if (root.localName === 'CreditNote' && root.namespace === ublCreditNoteNamespace) {
    return readUblInvoice(root.node, true);
  }
  throw importRefused(importMessages.notAnInvoice);
}

/**
 * Reads a received file into the invoice it carries.
 * @throws HttpError 415 for a file that is neither PDF nor XML, 400 (French) for every other refusal.
 */
export async function readEInvoice(bytes: Uint8Array): Promise<ReadEInvoice> {
  if (bytes.byteLength === 0) throw importRefused(importMessages.empty);
  if (looksLikeXml(bytes)) return { format: 'xml', invoice: readInvoiceXml(bytes) };
  if (looksLikePdf(bytes)) {
    // pdfjs (1.7 MB) is loaded for a PDF only: an XML file never evaluates it.
    const { embeddedInvoiceXml } = await import('./embedded-invoice.js');
    return { format: 'pdf', invoice: readInvoiceXml(await embeddedInvoiceXml(bytes)) };
  }
  throw unsupportedFile();
}
