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
import { readdirSync, readFileSync } from 'node:fs';
import { XmlDocument } from 'libxml2-wasm';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors.js';
import { importMessages } from './import-errors.js';
import { readEInvoice, readInvoiceXml } from './read-e-invoice.js';
import type { ReceivedInvoice } from './received-invoice.js';
import { pdfWith } from './testing/samples.js';

const examples = new URL('../../../../e-invoicing/en16931-examples/', import.meta.url);

/** Every file of the folder, CII and UBL: a directory listing, never a list of names. */
const files = ['cii', 'ubl'].flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, examples))
    .sort()
    .map((name) => ({ folder, name, path: new URL(`${folder}/${name}`, examples) })),
);

const namespaces = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  inv: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  cn: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

/** UNTDID 1001 credit-note codes (EN 16931 code list and the French CIUS). */
const creditNoteCodes = [
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '502',
  '503',
  '532',
];

/** An XPath predicate: the `xs:boolean` at `path` is `value` ("true"/"1" or "false"/"0"). */
const booleanIs = (path: string, value: boolean) =>
  value
    ? `normalize-space(${path}) = 'true' or normalize-space(${path}) = '1'`
    : `normalize-space(${path}) = 'false' or normalize-space(${path}) = '0'`;

/** A decimal amount of the file in cents (two decimals at most, as the standard requires). */
function cents(text: string): number {
  const match = /^\s*([+-]?)(\d*)(?:\.(\d*))?\s*$/.exec(text);
  if (!match || `${match[2]}${match[3] ?? ''}` === '') throw new Error(`not an amount: "${text}"`);
  const fraction = (match[3] ?? '').replace(/0+$/, '');
  if (fraction.length > 2) throw new Error(`more than two decimals: "${text}"`);
  const value = Number(match[2] || '0') * 100 + Number(fraction.padEnd(2, '0'));
  return match[1] === '-' && value !== 0 ? -value : value;
}

interface Stated {
  syntax: 'CII' | 'UBL';
  /** A UBL `CreditNote` document. */
  creditNoteDocument: boolean;
  number: string;
  typeCode: string;
  currency: string;
  vatCurrency: string;
  totals: Record<string, number | undefined>;
  vatInVatCurrency?: number;
  lines: { net: number; quantity: string }[];
  allowances: number[];
  charges: number[];
  breakdown: { category: string; rate: number; base: number; vat: number }[];
  preceding: string[];
}

/** What a file states, read with XPath (libxml2), independently of the reader under test. */
function stated(xml: string): Stated {
  const doc = XmlDocument.fromString(xml);
  try {
    const text = (xpath: string, at?: string) => {
      const value = doc.eval(`string(${at ? `(${at})` : ''}${xpath})`, namespaces);
      return typeof value === 'string' ? value.trim() : '';
    };
    const count = (xpath: string) => Number(doc.eval(`count(${xpath})`, namespaces));
    const list = (xpath: string, each: (at: string) => string): string[] =>
      Array.from({ length: count(xpath) }, (_, index) => each(`(${xpath})[${index + 1}]`));
    const amount = (xpath: string) => {
      const value = text(xpath);
      return value === '' ? undefined : cents(value);
    };
    if (count('/rsm:CrossIndustryInvoice') === 1) {
      const document = '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument';
      const transaction = '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction';
      const settlement = `${transaction}/ram:ApplicableHeaderTradeSettlement`;
      const sum = `${settlement}/ram:SpecifiedTradeSettlementHeaderMonetarySummation`;
      const currency = text(`${settlement}/ram:InvoiceCurrencyCode`);
      const vatCurrency = text(`${settlement}/ram:TaxCurrencyCode`);
      const lineItems = `${transaction}/ram:IncludedSupplyChainTradeLineItem`;
      const taxTotal = (code: string) =>
        amount(`${sum}/ram:TaxTotalAmount[@currencyID = '${code}' or not(@currencyID)]`);
      const allowanceCharges = (indicator: boolean) =>
        list(
          `${settlement}/ram:SpecifiedTradeAllowanceCharge[${booleanIs('ram:ChargeIndicator/udt:Indicator', indicator)}]`,
          (at) => text(`${at}/ram:ActualAmount`),
        ).map(cents);
      return {
        syntax: 'CII',
        creditNoteDocument: false,
        number: text(`${document}/ram:ID`),
        typeCode: text(`${document}/ram:TypeCode`),
        currency,
        vatCurrency,
        totals: {
          lineTotalCents: amount(`${sum}/ram:LineTotalAmount`),
          allowanceTotalCents: amount(`${sum}/ram:AllowanceTotalAmount`),
          chargeTotalCents: amount(`${sum}/ram:ChargeTotalAmount`),
          netCents: amount(`${sum}/ram:TaxBasisTotalAmount`),
          vatCents: taxTotal(currency),
          totalCents: amount(`${sum}/ram:GrandTotalAmount`),
          prepaidCents: amount(`${sum}/ram:TotalPrepaidAmount`),
          roundingCents: amount(`${sum}/ram:RoundingAmount`),
          dueCents: amount(`${sum}/ram:DuePayableAmount`),
        },
        ...(vatCurrency && vatCurrency !== currency
          ? { vatInVatCurrency: amount(`${sum}/ram:TaxTotalAmount[@currencyID = '${vatCurrency}']`) }
          : {}),
        lines: list(lineItems, (at) => at).map((at) => ({
          net: cents(
            text(
              `${at}/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`,
            ),
          ),
          quantity: text(`${at}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`),
        })),
        allowances: allowanceCharges(false),
        charges: allowanceCharges(true),
        breakdown: list(`${settlement}/ram:ApplicableTradeTax`, (at) => at).map((at) => ({
          category: text(`${at}/ram:CategoryCode`),
          rate: Number(text(`${at}/ram:RateApplicablePercent`) || '0'),
          base: cents(text(`${at}/ram:BasisAmount`)),
          vat: cents(text(`${at}/ram:CalculatedAmount`)),
        })),
        preceding: list(`${settlement}/ram:InvoiceReferencedDocument`, (at) =>
          text(`${at}/ram:IssuerAssignedID`),
        ),
      };
    }
    const root = count('/inv:Invoice') === 1 ? '/inv:Invoice' : '/cn:CreditNote';
    const credit = root === '/cn:CreditNote';
    const totals = `${root}/cac:LegalMonetaryTotal`;
    const currency = text(`${root}/cbc:DocumentCurrencyCode`);
    const vatCurrency = text(`${root}/cbc:TaxCurrencyCode`);
    const allowanceCharges = (indicator: boolean) =>
      list(`${root}/cac:AllowanceCharge[${booleanIs('cbc:ChargeIndicator', indicator)}]`, (at) =>
        text(`${at}/cbc:Amount`),
      ).map(cents);
    return {
      syntax: 'UBL',
      creditNoteDocument: credit,
      number: text(`${root}/cbc:ID`),
      typeCode: text(`${root}/cbc:${credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'}`),
      currency,
      vatCurrency,
      totals: {
        lineTotalCents: amount(`${totals}/cbc:LineExtensionAmount`),
        allowanceTotalCents: amount(`${totals}/cbc:AllowanceTotalAmount`),
        chargeTotalCents: amount(`${totals}/cbc:ChargeTotalAmount`),
        netCents: amount(`${totals}/cbc:TaxExclusiveAmount`),
        vatCents: amount(`${root}/cac:TaxTotal/cbc:TaxAmount[@currencyID = '${currency}']`),
        totalCents: amount(`${totals}/cbc:TaxInclusiveAmount`),
        prepaidCents: amount(`${totals}/cbc:PrepaidAmount`),
        roundingCents: amount(`${totals}/cbc:PayableRoundingAmount`),
        dueCents: amount(`${totals}/cbc:PayableAmount`),
      },
      ...(vatCurrency && vatCurrency !== currency
        ? { vatInVatCurrency: amount(`${root}/cac:TaxTotal/cbc:TaxAmount[@currencyID = '${vatCurrency}']`) }
        : {}),
      lines: list(`${root}/cac:${credit ? 'CreditNoteLine' : 'InvoiceLine'}`, (at) => at).map((at) => ({
        net: cents(text(`${at}/cbc:LineExtensionAmount`)),
        quantity: text(`${at}/cbc:${credit ? 'CreditedQuantity' : 'InvoicedQuantity'}`),
      })),
      allowances: allowanceCharges(false),
      charges: allowanceCharges(true),
      breakdown: list(`${root}/cac:TaxTotal/cac:TaxSubtotal`, (at) => at).map((at) => ({
        category: text(`${at}/cac:TaxCategory/cbc:ID`),
        rate: Number(text(`${at}/cac:TaxCategory/cbc:Percent`) || '0'),
        base: cents(text(`${at}/cbc:TaxableAmount`)),
        vat: cents(text(`${at}/cbc:TaxAmount`)),
      })),
      preceding: list(`${root}/cac:BillingReference/cac:InvoiceDocumentReference`, (at) =>
        text(`${at}/cbc:ID`),
      ),
    };
  } finally {
    doc.dispose();
  }
}

/** The opposite of a decimal string, as the reader gives a credit note's quantities. */
const opposite = (quantity: string) => (quantity.startsWith('-') ? quantity.slice(1) : `-${quantity}`);

/** Checks every figure the reader gave against what the file states. */
function expectFigures(invoice: ReceivedInvoice, file: Stated, what: string): void {
  const total = file.totals.totalCents ?? 0;
  const negative = total < 0 || (total === 0 && (file.totals.netCents ?? 0) < 0);
  const sign = negative ? -1 : 1;
  const turn = (value: number) => (value === 0 ? 0 : sign * value);
  const credit = creditNoteCodes.includes(file.typeCode) || file.creditNoteDocument;
  expect(invoice.kind, what).toBe(credit !== negative ? 'credit_note' : 'invoice');
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
      const vatInEuros =
        file.currency === 'EUR' || (file.vatCurrency === 'EUR' && file.vatInVatCurrency !== undefined);
      if (vatInEuros) {
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
