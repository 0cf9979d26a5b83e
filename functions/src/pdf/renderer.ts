/**
 * The PDF renderer (`render.ts`: pdfkit, fontkit, the embedded fonts, the Factur-X XML), loaded the
 * first time a PDF is drawn: a function evaluates it only on the code path that draws, and in a
 * Lambda bundle it is a chunk of its own (infra/lib/bundling.ts), not part of what starts.
 */
import type { InvoicePdfInput, QuotePdfInput } from './pdf-input.js';

/** A devis (draft preview, sent, or signed online). */
export async function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  const { renderQuotePdf: render } = await import('./render.js');
  return render(input);
}

/** A facture or an avoir (draft preview, or issued: a Factur-X file). */
export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { renderInvoicePdf: render } = await import('./render.js');
  return render(input);
}
