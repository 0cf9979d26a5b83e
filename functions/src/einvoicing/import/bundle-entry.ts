/**
 * A Lambda-shaped entry around the e-invoice reader, bundled by `infra/test/einvoice-bundle.test.ts`
 * exactly as CDK bundles a function and run outside the repository: the proof that pdfjs-dist and
 * fast-xml-parser work from inside a bundle (no worker file, no node_modules, no native canvas).
 */
import { HttpError } from '../../lib/http-errors.js';
import { readEInvoice } from './read-e-invoice.js';

export async function handler(event: { fileBase64: string }): Promise<unknown> {
  try {
    return await readEInvoice(Buffer.from(event.fileBase64, 'base64'));
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
}
