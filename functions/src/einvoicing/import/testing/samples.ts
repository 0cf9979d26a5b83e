/**
 * Test files for the e-invoice import: the hand-written CII and UBL invoices beside this module, a
 * Factur-X PDF made from any XML (pdfkit, the XML attached as a PDF/A-3 associated file), and the
 * hostile files the import must refuse.
 */
import { readFileSync } from 'node:fs';
import PDFDocument from 'pdfkit';

const here = new URL('.', import.meta.url);

/** `cii-en16931-invoice.xml`: FA-2026-00412 of Matériaux Dupont & Fils, 902.50 HT, 124.25 TVA, 1026.75 TTC. */
export const ciiInvoiceXml = (): string => readFileSync(new URL('cii-en16931-invoice.xml', here), 'utf8');

/** `ubl-invoice.xml`: 2026/INV/0087 of Élec Pro SAS, 256.50 HT, 51.30 TVA, 307.80 TTC. */
export const ublInvoiceXml = (): string => readFileSync(new URL('ubl-invoice.xml', here), 'utf8');

/** A one-page PDF, with `attachment` embedded under its name when given (as a Factur-X generator does). */
export function pdfWith(attachment?: { name: string; content: string | Buffer }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', compress: true });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.text('Facture');
    if (attachment) {
      const content =
        typeof attachment.content === 'string' ? Buffer.from(attachment.content) : attachment.content;
      // @types/pdfkit 0.17 does not declare `file` (pdfkit ≥ 0.13).
      (doc as unknown as { file(data: Buffer, options: Record<string, unknown>): void }).file(content, {
        name: attachment.name,
        type: 'text/xml',
        relationship: 'Alternative',
        description: 'Factur-X',
      });
    }
    doc.end();
  });
}

/** A Factur-X PDF of `xml` (the CII sample by default). */
export const facturXPdf = (xml: string = ciiInvoiceXml()): Promise<Buffer> =>
  pdfWith({ name: 'factur-x.xml', content: xml });

/** The CII sample with some of its text replaced (`[from, to]` pairs, each must be found). */
export function ciiWith(...replacements: [string, string][]): string {
  let xml = ciiInvoiceXml();
  for (const [from, to] of replacements) {
    if (!xml.includes(from)) throw new Error(`not in the sample: ${from}`);
    xml = xml.replace(from, to);
  }
  return xml;
}

/** The UBL sample with some of its text replaced. */
export function ublWith(...replacements: [string, string][]): string {
  let xml = ublInvoiceXml();
  for (const [from, to] of replacements) {
    if (!xml.includes(from)) throw new Error(`not in the sample: ${from}`);
    xml = xml.replace(from, to);
  }
  return xml;
}

/** An invoice whose seller name would be the content of /etc/passwd if external entities were resolved. */
export const xxeInvoice = (): string =>
  ciiWith(
    [
      '<rsm:CrossIndustryInvoice',
      '<!DOCTYPE rsm:CrossIndustryInvoice [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>\n<rsm:CrossIndustryInvoice',
    ],
    ['<ram:Name>Matériaux Dupont &amp; Fils</ram:Name>', '<ram:Name>&xxe;</ram:Name>'],
  );

/** "Billion laughs": ten levels of ten entities, 10^9 "lol" once expanded. */
export function billionLaughs(): string {
  const entities = ['<!ENTITY lol0 "lol">'];
  for (let level = 1; level <= 9; level += 1) {
    entities.push(`<!ENTITY lol${level} "${`&lol${level - 1};`.repeat(10)}">`);
  }
  return `<?xml version="1.0"?>\n<!DOCTYPE lolz [\n${entities.join('\n')}\n]>\n<lolz>&lol9;</lolz>`;
}

/** `depth` nested elements (`<a><a>…</a></a>`): 10 MB for a depth of about 1.4 million. */
export function nestedXml(depth: number): string {
  return `${'<a>'.repeat(depth)}${'</a>'.repeat(depth)}`;
}

/** The first bytes of a PNG image. */
export const pngBytes = (): Buffer =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
