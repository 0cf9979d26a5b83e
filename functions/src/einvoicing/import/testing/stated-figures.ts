/**
 * What an e-invoice file states, read with XPath on libxml2 (libxml2-wasm), independently of the
 * reader under test (fast-xml-parser): its type code, currencies, every total (BT-106…BT-115), its
 * lines' net amounts and quantities, its document allowances and charges, its VAT breakdown and its
 * preceding invoices. The EN 16931 examples tests (unit and API) compare the reader's answer and
 * the recorded supplier invoice with it. Test support only.
 */
import { readdirSync } from 'node:fs';
import { XmlDocument } from 'libxml2-wasm';

/** The EN 16931 examples vendored unchanged (CEN/TC 434 and the European Commission, EUPL 1.2). */
export const examplesFolder = new URL('../../../../../e-invoicing/en16931-examples/', import.meta.url);

/** Every file of the examples, CII and UBL: a directory listing, never a list of names. */
export const exampleFiles = ['cii', 'ubl'].flatMap((folder) =>
  readdirSync(new URL(`${folder}/`, examplesFolder))
    .sort()
    .map((name) => ({ folder, name, path: new URL(`${folder}/${name}`, examplesFolder) })),
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

/** UNTDID 1001 credit-note codes (EN 16931 code list and the French CIUS), stated here apart from the reader's. */
export const creditNoteCodes = [
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

export interface Stated {
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
export function stated(xml: string): Stated {
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

/** Whether a file's figures are to be turned (negative totals), and whether it is a credit note. */
export function kindOf(file: Stated): { negative: boolean; kind: 'invoice' | 'credit_note' } {
  const total = file.totals.totalCents ?? 0;
  const negative = total < 0 || (total === 0 && (file.totals.netCents ?? 0) < 0);
  const credit = creditNoteCodes.includes(file.typeCode) || file.creditNoteDocument;
  return { negative, kind: credit !== negative ? 'credit_note' : 'invoice' };
}

/** Whether the file gives its VAT in euros (a euro invoice, or BT-6 `EUR` with BT-111). */
export const vatInEuros = (file: Stated): boolean =>
  file.currency === 'EUR' || (file.vatCurrency === 'EUR' && file.vatInVatCurrency !== undefined);
