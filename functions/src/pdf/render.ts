/**
 * The PDF of a devis, a facture or an avoir (DOCUMENTS.md § 5). First cut: the routes can call it;
 * the layout and the mandatory mentions follow.
 */
import PDFDocument from 'pdfkit';
import { INTER_BOLD_WOFF, INTER_REGULAR_WOFF } from './assets.generated.js';
import type { InvoicePdfInput, QuotePdfInput } from './pdf-input.js';

const regular = Buffer.from(INTER_REGULAR_WOFF, 'base64');
const bold = Buffer.from(INTER_BOLD_WOFF, 'base64');

function render(draw: (doc: PDFKit.PDFDocument) => void, date: string): Promise<Buffer> {
  const at = new Date(`${date}T12:00:00Z`);
  // pdfkit takes a font's bytes as its default font (no standard Helvetica is ever loaded); its
  // types only know a font name.
  const doc = new PDFDocument({
    size: 'A4',
    font: regular as unknown as string,
    info: { CreationDate: at, ModDate: at },
  });
  doc.registerFont('Inter', regular);
  doc.registerFont('Inter-Bold', bold);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

export async function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  return render((doc) => {
    doc.font('Inter-Bold').fontSize(16).text(`Devis n° ${input.quote.number}`);
    doc.font('Inter').fontSize(10).text(input.seller.name).text(input.buyer.name);
  }, input.date);
}

export async function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  return render((doc) => {
    const title = input.invoice.kind === 'credit_note' ? 'Avoir' : 'Facture';
    doc
      .font('Inter-Bold')
      .fontSize(16)
      .text(input.invoice.number ? `${title} n° ${input.invoice.number}` : `${title} (brouillon)`);
    doc.font('Inter').fontSize(10).text(input.seller.name).text(input.buyer.name);
  }, input.date);
}
