/**
 * Every file of the EN 16931 examples (`e-invoicing/en16931-examples/`, the standard's own test
 * invoices, vendored unchanged) is read as the standard says: the folder is listed, so a file added
 * there is covered without touching this test. What each file states is read here independently of
 * the reader under test (XPath on libxml2, not fast-xml-parser): its type code, currencies, every
 * total (BT-106…BT-115), its lines' net amounts and quantities, its document allowances and
 * charges, its VAT breakdown and its preceding invoice. From that the test names the expected
 * outcome of each file:
 *
 * - in euros, or in another currency with the VAT also in euros (BT-6 `EUR` and BT-111): read,
 *   every figure equal to the file's, a credit note (type code of a credit note, or negative
 *   totals) with its figures turned positive;
 * - in another currency without its VAT in euros: refused with the exact French sentence. The same
 *   file given its VAT in euros (BT-6 and BT-111 added) is then read with every figure right, so no
 *   example escapes the figure checks.
 *
 * Each CII example is also read from a Factur-X PDF embedding it, with the same answer.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors.js';
import { importMessages } from './import-errors.js';
import { readEInvoice, readInvoiceXml } from './read-e-invoice.js';
import type { ReceivedInvoice } from './received-invoice.js';
import { pdfWith } from './testing/samples.js';
import {
  exampleFiles as files,
  examplesFolder as examples,
  kindOf,
  stated,
  vatInEuros,
  type Stated,
} from './testing/stated-figures.js';

/** The opposite of a decimal string, as the reader gives a credit note's quantities. */
const opposite = (quantity: string) => (quantity.startsWith('-') ? quantity.slice(1) : `-${quantity}`);

/** Checks every figure the reader gave against what the file states. */
function expectFigures(invoice: ReceivedInvoice, file: Stated, what: string): void {
  const { negative, kind } = kindOf(file);
  const sign = negative ? -1 : 1;
  const turn = (value: number) => (value === 0 ? 0 : sign * value);
  expect(invoice.kind, what).toBe(kind);
  expect(invoice.signReversed, what).toBe(negative);
  expect(invoice.number, what).toBe(file.number);
  expect(invoice.typeCode, what).toBe(file.typeCode);
  expect(invoice.currency, what).toBe(file.currency);
  for (const [name, value] of Object.entries(file.totals)) {
    // A total the file leaves out is what the others make (0 for allowances, charges, prepaid, rounding).
    if (value !== undefined)
      expect(invoice[name as keyof ReceivedInvoice], `${what} ${name}`).toBe(turn(value));
  }
  expect(
    invoice.lines.map((line) => line.totalCents),
    `${what} lines`,
  ).toEqual(file.lines.map((line) => turn(line.net)));
  expect(
    invoice.lines.map((line) => Number(line.quantity)),
    `${what} quantities`,
  ).toEqual(file.lines.map((line) => Number(negative ? opposite(line.quantity) : line.quantity)));
  expect(
    invoice.allowances.map((item) => item.amountCents),
    `${what} allowances`,
  ).toEqual(file.allowances.map(turn));
  expect(
    invoice.charges.map((item) => item.amountCents),
    `${what} charges`,
  ).toEqual(file.charges.map(turn));
  expect(
    invoice.vatBreakdown.map((entry) => ({
      category: entry.category,
      rate: Number(entry.rate),
      base: entry.baseCents,
      vat: entry.vatCents,
    })),
    `${what} VAT breakdown`,
  ).toEqual(file.breakdown.map((entry) => ({ ...entry, base: turn(entry.base), vat: turn(entry.vat) })));
  expect(
    invoice.precedingInvoices.map((preceding) => preceding.number),
    what,
  ).toEqual(file.preceding);
  expect(invoice.linesFromBreakdown, what).toBe(file.lines.length === 0);
  if (file.vatInVatCurrency !== undefined) {
    expect(invoice.vatInVatCurrencyCents, `${what} BT-111`).toBe(turn(file.vatInVatCurrency));
  }
  expect(invoice.vatEuroCents, `${what} VAT in euros`).toBe(
    file.currency === 'EUR' ? turn(file.totals.vatCents ?? 0) : turn(file.vatInVatCurrency ?? NaN),
  );
}

/** The reader's answer: the invoice, or the refusal's status and message. */
function answer(bytes: Uint8Array): ReceivedInvoice | { status: number; message: string } {
  try {
    return readInvoiceXml(bytes);
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.statusCode, message: error.message };
  }
}

/** The file with its VAT also given in euros: BT-6 `EUR` and a BT-111 (any amount: it is not checked against BT-110). */
function withVatInEuros(xml: string, file: Stated): string {
  const vat = (file.totals.vatCents ?? 0) / 100;
  const euros = (Math.round(vat * 13) / 100).toFixed(2);
  if (file.syntax === 'CII') {
    return xml
      .replace(/(<[\w-]*:?InvoiceCurrencyCode>)/, '<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode>$1')
      .replace(
        /(<\/[\w-]*:?TaxBasisTotalAmount>)/,
        `$1<ram:TaxTotalAmount currencyID="EUR">${euros}</ram:TaxTotalAmount>`,
      );
  }
  return xml
    .replace(/(<\/[\w-]*:?DocumentCurrencyCode>)/, '$1<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>')
    .replace(
      /(<[\w-]*:?LegalMonetaryTotal>)/,
      `<cac:TaxTotal><cbc:TaxAmount currencyID="EUR">${euros}</cbc:TaxAmount></cac:TaxTotal>$1`,
    );
}

describe('the EN 16931 examples (e-invoicing/en16931-examples), every file', () => {
  it('lists the folder: the CII and UBL examples and their licence are there', () => {
    expect(files.filter((file) => file.folder === 'cii').length).toBeGreaterThanOrEqual(15);
    expect(files.filter((file) => file.folder === 'ubl').length).toBeGreaterThanOrEqual(18);
    expect(readFileSync(new URL('LICENSE.txt', examples), 'utf8')).toContain('EUPL');
  });

  it.each(files)(
    '$folder/$name: read or refused as it declares, every figure as it states',
    ({ folder, name, path }) => {
      const bytes = readFileSync(path);
      const xml = bytes.toString('utf8');
      const file = stated(xml);
      const what = `${folder}/${name}`;
      expect(file.syntax).toBe(folder === 'cii' ? 'CII' : 'UBL');
      const read = answer(bytes);
      if (vatInEuros(file)) {
        if ('status' in read) throw new Error(`${what} refused: ${read.message}`);
        expectFigures(read, file, what);
        return;
      }
      expect(read, what).toEqual({ status: 400, message: importMessages.currency(file.currency) });
      // The same invoice, its VAT given in euros too: every figure read right.
      const converted = withVatInEuros(xml, file);
      const again = answer(Buffer.from(converted, 'utf8'));
      if ('status' in again) throw new Error(`${what} with its VAT in euros refused: ${again.message}`);
      expectFigures(again, stated(converted), `${what} with its VAT in euros`);
      expect(again.vatCurrency).toBe('EUR');
    },
  );

  it.each(files.filter((file) => file.folder === 'cii'))(
    '$folder/$name in a Factur-X PDF: the same answer as the XML',
    async ({ path }) => {
      const bytes = readFileSync(path);
      const pdf = await pdfWith({ name: 'factur-x.xml', content: bytes });
      let fromPdf: unknown;
      try {
        fromPdf = (await readEInvoice(pdf)).invoice;
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        fromPdf = { status: error.statusCode, message: error.message };
      }
      expect(fromPdf).toEqual(answer(bytes));
    },
  );
});
