/**
 * Test data for the e-invoice reader: an invoice model with lines at several VAT categories and
 * rates, allowances and charges at both levels, prepaid and rounding amounts, and its writers in
 * CII (Factur-X EN 16931, in the order of its XSD) and UBL 2.1 (`Invoice` or `CreditNote`). The
 * writers write exactly the model's figures, so a test can write a consistent invoice, or one
 * whose figure it changed, and see what the reader answers. A seeded generator makes random
 * consistent invoices (the figures computed as EN 16931 says). Test support only.
 */
import { divideRounded, formatMoney } from '@btp/shared/money';
import type { seededRandom } from '@btp/shared/testing/seeded-random';

type Random = ReturnType<typeof seededRandom>;

/** An allowance or a charge; at document level with its VAT category and rate. */
export interface ModelAllowanceCharge {
  amountCents: number;
  baseCents?: number;
  percent?: string;
  reason?: string;
  reasonCode?: string;
  category?: string;
  rate?: string;
}

export interface ModelLine {
  id: string;
  name: string;
  quantity: string;
  unit: string;
  /** The net price, a decimal string. */
  price: string;
  category: string;
  /** Absent for the categories without a rate (E, AE, K, G, O are written without one in UBL only when absent). */
  rate: string;
  allowances: ModelAllowanceCharge[];
  charges: ModelAllowanceCharge[];
  netCents: number;
}

export interface ModelVat {
  category: string;
  rate: string;
  baseCents: number;
  vatCents: number;
  exemptionReason?: string;
  exemptionReasonCode?: string;
}

export interface InvoiceModel {
  number: string;
  typeCode: string;
  issueDate: string;
  dueDate: string;
  paymentTerms: string;
  currency: string;
  /** BT-6 and BT-111, when the VAT is also given in another currency. */
  vatCurrency?: { code: string; vatCents: number };
  preceding?: { number: string; issueDate: string };
  lines: ModelLine[];
  allowances: ModelAllowanceCharge[];
  charges: ModelAllowanceCharge[];
  breakdown: ModelVat[];
  lineTotalCents: number;
  /** BT-107 / BT-108 are written when given. */
  allowanceTotalCents?: number;
  chargeTotalCents?: number;
  netCents: number;
  vatCents: number;
  totalCents: number;
  prepaidCents?: number;
  roundingCents?: number;
  dueCents: number;
}

const money = formatMoney;

/** XML text escaped for an element or an attribute value. */
const esc = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const date102 = (iso: string) => iso.replace(/-/g, '');

/** Exemption reasons the categories without tax need (BR-E-10, BR-AE-10, BR-IC-10, BR-G-10, BR-O-10). */
const exemptions: Record<string, { reason: string; code: string }> = {
  E: { reason: 'Exonération de TVA, article 261 du CGI', code: 'VATEX-EU-132' },
  AE: { reason: 'Autoliquidation, article 283-2 nonies du CGI', code: 'VATEX-EU-AE' },
  K: { reason: 'Livraison intracommunautaire exonérée, article 262 ter I du CGI', code: 'VATEX-EU-IC' },
  G: { reason: 'Exportation hors UE, article 262 I du CGI', code: 'VATEX-EU-G' },
  O: { reason: 'Hors champ de la TVA', code: 'VATEX-EU-O' },
};

/** Whether a category is written without a rate in CII/UBL (O has none). */
const hasRate = (category: string) => category !== 'O';

const key = (category: string, rate: string) => `${category}|${Number(rate)}`;

function ciiAllowanceCharge(item: ModelAllowanceCharge, charge: boolean, documentLevel: boolean): string {
  return [
    '<ram:SpecifiedTradeAllowanceCharge>',
    `<ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator>`,
    item.percent === undefined ? '' : `<ram:CalculationPercent>${item.percent}</ram:CalculationPercent>`,
    item.baseCents === undefined ? '' : `<ram:BasisAmount>${money(item.baseCents)}</ram:BasisAmount>`,
    `<ram:ActualAmount>${money(item.amountCents)}</ram:ActualAmount>`,
    item.reasonCode === undefined ? '' : `<ram:ReasonCode>${esc(item.reasonCode)}</ram:ReasonCode>`,
    item.reason === undefined ? '' : `<ram:Reason>${esc(item.reason)}</ram:Reason>`,
    documentLevel
      ? `<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${item.category}</ram:CategoryCode>${
          item.category && hasRate(item.category)
            ? `<ram:RateApplicablePercent>${item.rate}</ram:RateApplicablePercent>`
            : ''
        }</ram:CategoryTradeTax>`
      : '',
    '</ram:SpecifiedTradeAllowanceCharge>',
  ].join('');
}

/** The model as a CII invoice (Factur-X profile EN 16931), its elements in the XSD's order. */
export function ciiXml(model: InvoiceModel): string {
  const categories = new Set(model.breakdown.map((entry) => entry.category));
  const onlyO = categories.size === 1 && categories.has('O');
  const intraCommunity = categories.has('K');
  const lines = model.lines.map((line) =>
    [
      '<ram:IncludedSupplyChainTradeLineItem>',
      `<ram:AssociatedDocumentLineDocument><ram:LineID>${line.id}</ram:LineID></ram:AssociatedDocumentLineDocument>`,
      `<ram:SpecifiedTradeProduct><ram:Name>${esc(line.name)}</ram:Name></ram:SpecifiedTradeProduct>`,
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${line.price}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>`,
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${line.unit}">${line.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>`,
      '<ram:SpecifiedLineTradeSettlement>',
      `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${line.category}</ram:CategoryCode>${
        hasRate(line.category) ? `<ram:RateApplicablePercent>${line.rate}</ram:RateApplicablePercent>` : ''
      }</ram:ApplicableTradeTax>`,
      ...line.allowances.map((item) => ciiAllowanceCharge(item, false, false)),
      ...line.charges.map((item) => ciiAllowanceCharge(item, true, false)),
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${money(line.netCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>`,
      '</ram:SpecifiedLineTradeSettlement>',
      '</ram:IncludedSupplyChainTradeLineItem>',
    ].join(''),
  );
  const breakdown = model.breakdown.map((entry) =>
    [
      '<ram:ApplicableTradeTax>',
      `<ram:CalculatedAmount>${money(entry.vatCents)}</ram:CalculatedAmount>`,
      '<ram:TypeCode>VAT</ram:TypeCode>',
      entry.exemptionReason ? `<ram:ExemptionReason>${esc(entry.exemptionReason)}</ram:ExemptionReason>` : '',
      `<ram:BasisAmount>${money(entry.baseCents)}</ram:BasisAmount>`,
      `<ram:CategoryCode>${entry.category}</ram:CategoryCode>`,
      entry.exemptionReasonCode
        ? `<ram:ExemptionReasonCode>${entry.exemptionReasonCode}</ram:ExemptionReasonCode>`
        : '',
      hasRate(entry.category) ? `<ram:RateApplicablePercent>${entry.rate}</ram:RateApplicablePercent>` : '',
      '</ram:ApplicableTradeTax>',
    ].join(''),
  );
  const optionalAmount = (name: string, cents: number | undefined) =>
    cents === undefined ? '' : `<ram:${name}>${money(cents)}</ram:${name}>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    '<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>',
    `<rsm:ExchangedDocument><ram:ID>${esc(model.number)}</ram:ID><ram:TypeCode>${model.typeCode}</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">${date102(model.issueDate)}</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>`,
    '<rsm:SupplyChainTradeTransaction>',
    ...lines,
    '<ram:ApplicableHeaderTradeAgreement>',
    '<ram:SellerTradeParty><ram:Name>Matériaux Dupont &amp; Fils</ram:Name>',
    '<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">732829320</ram:ID></ram:SpecifiedLegalOrganization>',
    '<ram:PostalTradeAddress><ram:PostcodeCode>69003</ram:PostcodeCode><ram:LineOne>12 rue des Artisans</ram:LineOne><ram:CityName>Lyon</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>',
    onlyO
      ? ''
      : '<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR44732829320</ram:ID></ram:SpecifiedTaxRegistration>',
    '</ram:SellerTradeParty>',
    '<ram:BuyerTradeParty><ram:Name>Entreprise Martin Bâtiment</ram:Name>',
    '<ram:PostalTradeAddress><ram:PostcodeCode>75011</ram:PostcodeCode><ram:LineOne>5 avenue de la République</ram:LineOne><ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress>',
    onlyO
      ? ''
      : '<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR32552100554</ram:ID></ram:SpecifiedTaxRegistration>',
    '</ram:BuyerTradeParty>',
    '</ram:ApplicableHeaderTradeAgreement>',
    intraCommunity
      ? '<ram:ApplicableHeaderTradeDelivery><ram:ShipToTradeParty><ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty><ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">' +
        date102(model.issueDate) +
        '</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent></ram:ApplicableHeaderTradeDelivery>'
      : '<ram:ApplicableHeaderTradeDelivery/>',
    '<ram:ApplicableHeaderTradeSettlement>',
    model.vatCurrency ? `<ram:TaxCurrencyCode>${model.vatCurrency.code}</ram:TaxCurrencyCode>` : '',
    `<ram:InvoiceCurrencyCode>${model.currency}</ram:InvoiceCurrencyCode>`,
    '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>30</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>FR7630006000011234567890189</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>',
    ...breakdown,
    ...model.allowances.map((item) => ciiAllowanceCharge(item, false, true)),
    ...model.charges.map((item) => ciiAllowanceCharge(item, true, true)),
    `<ram:SpecifiedTradePaymentTerms><ram:Description>${esc(model.paymentTerms)}</ram:Description><ram:DueDateDateTime><udt:DateTimeString format="102">${date102(model.dueDate)}</udt:DateTimeString></ram:DueDateDateTime></ram:SpecifiedTradePaymentTerms>`,
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    `<ram:LineTotalAmount>${money(model.lineTotalCents)}</ram:LineTotalAmount>`,
    optionalAmount('ChargeTotalAmount', model.chargeTotalCents),
    optionalAmount('AllowanceTotalAmount', model.allowanceTotalCents),
    `<ram:TaxBasisTotalAmount>${money(model.netCents)}</ram:TaxBasisTotalAmount>`,
    `<ram:TaxTotalAmount currencyID="${model.currency}">${money(model.vatCents)}</ram:TaxTotalAmount>`,
    model.vatCurrency && model.vatCurrency.code !== model.currency
      ? `<ram:TaxTotalAmount currencyID="${model.vatCurrency.code}">${money(model.vatCurrency.vatCents)}</ram:TaxTotalAmount>`
      : '',
    optionalAmount('RoundingAmount', model.roundingCents),
    `<ram:GrandTotalAmount>${money(model.totalCents)}</ram:GrandTotalAmount>`,
    optionalAmount('TotalPrepaidAmount', model.prepaidCents),
    `<ram:DuePayableAmount>${money(model.dueCents)}</ram:DuePayableAmount>`,
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    model.preceding
      ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${esc(model.preceding.number)}</ram:IssuerAssignedID><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${date102(model.preceding.issueDate)}</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>`
      : '',
    '</ram:ApplicableHeaderTradeSettlement>',
    '</rsm:SupplyChainTradeTransaction>',
    '</rsm:CrossIndustryInvoice>',
  ].join('\n');
}

function ublAllowanceCharge(
  item: ModelAllowanceCharge,
  charge: boolean,
  documentLevel: boolean,
  currency: string,
): string {
  return [
    '<cac:AllowanceCharge>',
    `<cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator>`,
    item.reasonCode === undefined
      ? ''
      : `<cbc:AllowanceChargeReasonCode>${esc(item.reasonCode)}</cbc:AllowanceChargeReasonCode>`,
    item.reason === undefined
      ? ''
      : `<cbc:AllowanceChargeReason>${esc(item.reason)}</cbc:AllowanceChargeReason>`,
    item.percent === undefined
      ? ''
      : `<cbc:MultiplierFactorNumeric>${item.percent}</cbc:MultiplierFactorNumeric>`,
    `<cbc:Amount currencyID="${currency}">${money(item.amountCents)}</cbc:Amount>`,
    item.baseCents === undefined
      ? ''
      : `<cbc:BaseAmount currencyID="${currency}">${money(item.baseCents)}</cbc:BaseAmount>`,
    documentLevel
      ? `<cac:TaxCategory><cbc:ID>${item.category}</cbc:ID>${
          item.category && hasRate(item.category) ? `<cbc:Percent>${item.rate}</cbc:Percent>` : ''
        }<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>`
      : '',
    '</cac:AllowanceCharge>',
  ].join('');
}

/** The model as a UBL 2.1 `Invoice`, or a `CreditNote` when `creditNote`. */
export function ublXml(model: InvoiceModel, creditNote = false): string {
  const root = creditNote ? 'CreditNote' : 'Invoice';
  const c = model.currency;
  const amount = (name: string, cents: number | undefined) =>
    cents === undefined ? '' : `<cbc:${name} currencyID="${c}">${money(cents)}</cbc:${name}>`;
  const lines = model.lines.map((line) =>
    [
      `<cac:${root}Line>`,
      `<cbc:ID>${line.id}</cbc:ID>`,
      `<cbc:${creditNote ? 'Credited' : 'Invoiced'}Quantity unitCode="${line.unit}">${line.quantity}</cbc:${creditNote ? 'Credited' : 'Invoiced'}Quantity>`,
      amount('LineExtensionAmount', line.netCents),
      ...line.allowances.map((item) => ublAllowanceCharge(item, false, false, c)),
      ...line.charges.map((item) => ublAllowanceCharge(item, true, false, c)),
      `<cac:Item><cbc:Name>${esc(line.name)}</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>${line.category}</cbc:ID>${
        hasRate(line.category) ? `<cbc:Percent>${line.rate}</cbc:Percent>` : ''
      }<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>`,
      `<cac:Price><cbc:PriceAmount currencyID="${c}">${line.price}</cbc:PriceAmount></cac:Price>`,
      `</cac:${root}Line>`,
    ].join(''),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">`,
    '<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>',
    `<cbc:ID>${esc(model.number)}</cbc:ID>`,
    `<cbc:IssueDate>${model.issueDate}</cbc:IssueDate>`,
    creditNote ? '' : `<cbc:DueDate>${model.dueDate}</cbc:DueDate>`,
    `<cbc:${root}TypeCode>${model.typeCode}</cbc:${root}TypeCode>`,
    `<cbc:DocumentCurrencyCode>${c}</cbc:DocumentCurrencyCode>`,
    model.vatCurrency ? `<cbc:TaxCurrencyCode>${model.vatCurrency.code}</cbc:TaxCurrencyCode>` : '',
    model.preceding
      ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${esc(model.preceding.number)}</cbc:ID><cbc:IssueDate>${model.preceding.issueDate}</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>`
      : '',
    '<cac:AccountingSupplierParty><cac:Party><cac:PostalAddress><cbc:CityName>Lyon</cbc:CityName><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>FR44732829320</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>Matériaux Dupont &amp; Fils</cbc:RegistrationName><cbc:CompanyID schemeID="0002">732829320</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>',
    '<cac:AccountingCustomerParty><cac:Party><cac:PostalAddress><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyLegalEntity><cbc:RegistrationName>Entreprise Martin Bâtiment</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>',
    `<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode>${
      creditNote ? `<cbc:PaymentDueDate>${model.dueDate}</cbc:PaymentDueDate>` : ''
    }</cac:PaymentMeans>`,
    `<cac:PaymentTerms><cbc:Note>${esc(model.paymentTerms)}</cbc:Note></cac:PaymentTerms>`,
    ...model.allowances.map((item) => ublAllowanceCharge(item, false, true, c)),
    ...model.charges.map((item) => ublAllowanceCharge(item, true, true, c)),
    '<cac:TaxTotal>',
    amount('TaxAmount', model.vatCents),
    ...model.breakdown.map((entry) =>
      [
        '<cac:TaxSubtotal>',
        amount('TaxableAmount', entry.baseCents),
        amount('TaxAmount', entry.vatCents),
        `<cac:TaxCategory><cbc:ID>${entry.category}</cbc:ID>`,
        hasRate(entry.category) ? `<cbc:Percent>${entry.rate}</cbc:Percent>` : '',
        entry.exemptionReasonCode
          ? `<cbc:TaxExemptionReasonCode>${entry.exemptionReasonCode}</cbc:TaxExemptionReasonCode>`
          : '',
        entry.exemptionReason
          ? `<cbc:TaxExemptionReason>${esc(entry.exemptionReason)}</cbc:TaxExemptionReason>`
          : '',
        '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>',
        '</cac:TaxSubtotal>',
      ].join(''),
    ),
    '</cac:TaxTotal>',
    model.vatCurrency && model.vatCurrency.code !== c
      ? `<cac:TaxTotal><cbc:TaxAmount currencyID="${model.vatCurrency.code}">${money(model.vatCurrency.vatCents)}</cbc:TaxAmount></cac:TaxTotal>`
      : '',
    '<cac:LegalMonetaryTotal>',
    amount('LineExtensionAmount', model.lineTotalCents),
    amount('TaxExclusiveAmount', model.netCents),
    amount('TaxInclusiveAmount', model.totalCents),
    amount('AllowanceTotalAmount', model.allowanceTotalCents),
    amount('ChargeTotalAmount', model.chargeTotalCents),
    amount('PrepaidAmount', model.prepaidCents),
    amount('PayableRoundingAmount', model.roundingCents),
    amount('PayableAmount', model.dueCents),
    '</cac:LegalMonetaryTotal>',
    ...lines,
    `</${root}>`,
  ].join('\n');
}

/** `rate` % of `cents`, rounded to the cent, halves away from zero. */
export function percentOf(cents: number, rate: string): number {
  const [integer = '0', fraction = ''] = rate.split('.');
  return Number(
    divideRounded(BigInt(cents) * BigInt(`${integer}${fraction}`), 100n * 10n ** BigInt(fraction.length)),
  );
}

/** `quantity × price`, rounded to the cent (both decimal strings). */
function product(quantity: string, price: string): number {
  const [qi = '0', qf = ''] = quantity.replace('-', '').split('.');
  const [pi = '0', pf = ''] = price.split('.');
  const scale = 10n ** BigInt(qf.length + pf.length);
  const magnitude = divideRounded(BigInt(`${qi}${qf}`) * BigInt(`${pi}${pf}`) * 100n, scale);
  return Number(quantity.startsWith('-') ? -magnitude : magnitude);
}

const standardRates = ['20', '10', '5.5', '2.1', '19', '7'];
const untaxed = ['Z', 'E', 'AE', 'K', 'G'];
const units = ['C62', 'HUR', 'MTK', 'KGM', 'MTR', 'LTR'];

/** The totals and breakdown of a model whose lines, allowances and charges are set (EN 16931's rules). */
export function withTotals(
  model: Omit<
    InvoiceModel,
    | 'breakdown'
    | 'lineTotalCents'
    | 'allowanceTotalCents'
    | 'chargeTotalCents'
    | 'netCents'
    | 'vatCents'
    | 'totalCents'
    | 'dueCents'
  >,
  vatDeviation: (entry: ModelVat) => number = () => 0,
): InvoiceModel {
  const entries = new Map<string, ModelVat>();
  const entry = (category: string, rate: string): ModelVat => {
    const found = entries.get(key(category, rate));
    if (found) return found;
    const exemption = exemptions[category];
    const created: ModelVat = {
      category,
      rate,
      baseCents: 0,
      vatCents: 0,
      ...(exemption ? { exemptionReason: exemption.reason, exemptionReasonCode: exemption.code } : {}),
    };
    entries.set(key(category, rate), created);
    return created;
  };
  for (const line of model.lines) entry(line.category, line.rate).baseCents += line.netCents;
  for (const item of model.allowances)
    entry(item.category ?? 'S', item.rate ?? '0').baseCents -= item.amountCents;
  for (const item of model.charges)
    entry(item.category ?? 'S', item.rate ?? '0').baseCents += item.amountCents;
  const breakdown = [...entries.values()].map((vat) => {
    const computed =
      hasRate(vat.category) && !untaxed.includes(vat.category) ? percentOf(vat.baseCents, vat.rate) : 0;
    const withComputed = { ...vat, vatCents: computed };
    return { ...withComputed, vatCents: computed + vatDeviation(withComputed) };
  });
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const lineTotalCents = sum(model.lines.map((line) => line.netCents));
  const allowanceTotalCents = sum(model.allowances.map((item) => item.amountCents));
  const chargeTotalCents = sum(model.charges.map((item) => item.amountCents));
  const netCents = lineTotalCents - allowanceTotalCents + chargeTotalCents;
  const vatCents = sum(breakdown.map((vat) => vat.vatCents));
  const totalCents = netCents + vatCents;
  return {
    ...model,
    breakdown,
    lineTotalCents,
    ...(model.allowances.length ? { allowanceTotalCents } : {}),
    ...(model.charges.length ? { chargeTotalCents } : {}),
    netCents,
    vatCents,
    totalCents,
    dueCents: totalCents - (model.prepaidCents ?? 0) + (model.roundingCents ?? 0),
  };
}

/** A decimal string of `digits` decimals for `units` (e.g. 1234, 2 → "12.34"). */
const decimal = (value: number, digits: number): string => {
  const sign = value < 0 ? '-' : '';
  const text = String(Math.abs(value)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
};

/**
 * A random consistent invoice: 1 to 12 lines at one to four VAT categories and rates (standard
 * rates, and sometimes one of Z, E, AE, K, G; or an invoice wholly O), line and document
 * allowances and charges, sometimes a prepaid and a rounding amount, the VAT of a rate sometimes
 * off by less than one unit (as the standard's tolerance allows).
 */
export function randomInvoice(random: Random, number: string): InvoiceModel {
  const wholeO = random.next() < 0.08;
  const rates = wholeO
    ? [{ category: 'O', rate: '0' }]
    : Array.from({ length: random.int(1, 3) }, () => ({ category: 'S', rate: random.pick(standardRates) }));
  if (!wholeO && random.next() < 0.4) rates.push({ category: random.pick(untaxed), rate: '0' });
  const lines: ModelLine[] = Array.from({ length: random.int(1, 12) }, (_, index) => {
    const vat = random.pick(rates);
    const quantity = decimal(random.int(1, 50_000), random.pick([0, 1, 2, 3]));
    const price = decimal(random.int(1, 500_000), random.pick([2, 2, 3, 4]));
    const gross = product(quantity, price);
    const allowances: ModelAllowanceCharge[] =
      random.next() < 0.25
        ? [
            {
              amountCents: Math.max(1, Math.floor(gross / random.int(5, 40))),
              reason: 'Remise quantité',
              reasonCode: '95',
            },
          ]
        : [];
    const charges: ModelAllowanceCharge[] =
      random.next() < 0.15
        ? [{ amountCents: random.int(100, 5_000), reason: 'Emballage', reasonCode: 'ABL' }]
        : [];
    const netCents =
      gross -
      allowances.reduce((total, item) => total + item.amountCents, 0) +
      charges.reduce((total, item) => total + item.amountCents, 0);
    return {
      id: String(index + 1),
      name: `Article ${index + 1} <${vat.category}> & co`,
      quantity,
      unit: random.pick(units),
      price,
      category: vat.category,
      rate: vat.rate,
      allowances,
      charges,
      netCents,
    };
  });
  const used = [...new Map(lines.map((line) => [key(line.category, line.rate), line])).values()];
  const documentItem = (reason: string, reasonCode: string): ModelAllowanceCharge => {
    const line = random.pick(used);
    // A percentage of the lines at that rate: the invoice stays positive.
    const baseCents = lines
      .filter((other) => key(other.category, other.rate) === key(line.category, line.rate))
      .reduce((total, other) => total + other.netCents, 0);
    const percent = random.pick(['2', '5', '2.5', '10']);
    return {
      amountCents: percentOf(baseCents, percent),
      baseCents,
      percent,
      reason,
      reasonCode,
      category: line.category,
      rate: line.rate,
    };
  };
  const allowances =
    random.next() < 0.4
      ? Array.from({ length: random.int(1, 2) }, () => documentItem('Remise commerciale', '95'))
      : [];
  const charges = random.next() < 0.3 ? [documentItem('Frais de transport', 'FC')] : [];
  const prepaid = random.next() < 0.3;
  const rounding = random.next() < 0.2;
  const model = withTotals(
    {
      number,
      typeCode: random.pick(['380', '380', '380', '389', '386', '384']),
      issueDate: '2026-11-03',
      dueDate: '2026-12-03',
      paymentTerms: 'Paiement à 30 jours',
      currency: 'EUR',
      ...(random.next() < 0.3 ? { preceding: { number: 'FA-2026-00001', issueDate: '2026-10-01' } } : {}),
      lines,
      allowances,
      charges,
      ...(rounding ? { roundingCents: random.int(-49, 49) } : {}),
    },
    (vat) => (vat.vatCents !== 0 && random.next() < 0.2 ? random.int(-99, 99) : 0),
  );
  if (!prepaid) return model;
  const prepaidCents = Math.floor(model.totalCents / random.int(2, 5));
  return { ...model, prepaidCents, dueCents: model.dueCents - prepaidCents };
}

/** The same invoice with every amount and quantity negated (an invoice whose totals are negative). */
export function negated(model: InvoiceModel): InvoiceModel {
  const item = (entry: ModelAllowanceCharge): ModelAllowanceCharge => ({
    ...entry,
    amountCents: -entry.amountCents,
    ...(entry.baseCents === undefined ? {} : { baseCents: -entry.baseCents }),
  });
  const opposite = (cents: number | undefined) => (cents === undefined ? undefined : -cents);
  return {
    ...model,
    ...(model.vatCurrency
      ? { vatCurrency: { ...model.vatCurrency, vatCents: -model.vatCurrency.vatCents } }
      : {}),
    lines: model.lines.map((line) => ({
      ...line,
      quantity: line.quantity.startsWith('-') ? line.quantity.slice(1) : `-${line.quantity}`,
      allowances: line.allowances.map(item),
      charges: line.charges.map(item),
      netCents: -line.netCents,
    })),
    allowances: model.allowances.map(item),
    charges: model.charges.map(item),
    breakdown: model.breakdown.map((vat) => ({ ...vat, baseCents: -vat.baseCents, vatCents: -vat.vatCents })),
    lineTotalCents: -model.lineTotalCents,
    ...(model.allowanceTotalCents === undefined ? {} : { allowanceTotalCents: -model.allowanceTotalCents }),
    ...(model.chargeTotalCents === undefined ? {} : { chargeTotalCents: -model.chargeTotalCents }),
    netCents: -model.netCents,
    vatCents: -model.vatCents,
    totalCents: -model.totalCents,
    ...(model.prepaidCents === undefined ? {} : { prepaidCents: opposite(model.prepaidCents) }),
    ...(model.roundingCents === undefined ? {} : { roundingCents: opposite(model.roundingCents) }),
    dueCents: -model.dueCents,
  };
}
