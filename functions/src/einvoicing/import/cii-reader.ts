/**
 * Reads a UN/CEFACT CII invoice (`CrossIndustryInvoice`, the XML of Factur-X, ZUGFeRD and XRechnung
 * CII, every profile: EN 16931, Extended, Basic, Basic WL and Minimum, the last two without lines)
 * into a {@link ReceivedInvoice}. Elements are found by their local name, whatever the prefix the
 * file gives their namespace. docs/e-invoice-import.md has the mapping of every business term.
 */
import { importMessages, importRefused } from './import-errors.js';
import { receivedInvoice, type ReadDocument, type ReadVatTotal } from './invoice-figures.js';
import {
  amountCents,
  decimalText,
  isoDate,
  legalIdentity,
  maxReceivedLines,
  money,
  normalisedIdentifier,
  optional,
  optionalAmountCents,
  optionalDecimalText,
  type ReceivedAllowanceCharge,
  type ReceivedBuyer,
  type ReceivedIdentifier,
  type ReceivedInvoice,
  type ReceivedLine,
  type ReceivedSeller,
  type ReceivedVatBreakdown,
  withSiret,
} from './received-invoice.js';
import { attributeOf, child, children, textAt, textOf, type XmlNode } from './safe-xml.js';

export const ciiNamespace = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/** A `udt:DateTimeString` / `qdt:DateTimeString` (format 102, YYYYMMDD), as written. */
const dateText = (node: XmlNode | undefined): string | undefined => textAt(node, 'DateTimeString');

/** An element's text with its `schemeID`, when it has a text. */
function identifier(node: XmlNode | undefined): ReceivedIdentifier | undefined {
  const value = textOf(node);
  if (value === undefined) return undefined;
  return { value, ...optional('scheme', attributeOf(node, 'schemeID')) };
}

/** Every text of the elements along a path (`IncludedNote/Content`…). */
function texts(node: XmlNode | undefined, name: string, ...path: string[]): string[] {
  return children(node, name)
    .map((item) => (path.length ? textAt(item, ...path) : textOf(item)))
    .filter((text): text is string => text !== undefined);
}

/** A `ChargeIndicator/Indicator`: true for a charge, false for an allowance. */
const isCharge = (node: XmlNode): boolean =>
  ['true', '1'].includes((textAt(node, 'ChargeIndicator', 'Indicator') ?? '').toLowerCase());

/** An allowance or charge (BG-20/21 at document level, BG-27/28 on a line). */
function allowanceCharge(node: XmlNode, what: string, documentLevel: boolean): ReceivedAllowanceCharge {
  const tax = child(node, 'CategoryTradeTax');
  const category = textAt(tax, 'CategoryCode');
  return {
    amountCents: amountCents(textAt(node, 'ActualAmount'), `le montant de ${what}`),
    ...optional('baseCents', optionalAmountCents(textAt(node, 'BasisAmount'), `la base de ${what}`)),
    ...optional(
      'percent',
      optionalDecimalText(textAt(node, 'CalculationPercent'), `le pourcentage de ${what}`),
    ),
    ...optional('reason', textAt(node, 'Reason')),
    ...optional('reasonCode', textAt(node, 'ReasonCode')),
    ...(documentLevel
      ? {
          ...optional('vatCategory', category),
          vatRate: decimalText(textAt(tax, 'RateApplicablePercent'), `le taux de TVA de ${what}`, '0'),
        }
      : {}),
  };
}

/** Allowances and charges of a settlement, split, named for the messages. */
function allowancesAndCharges(
  settlement: XmlNode | undefined,
  where: string,
  documentLevel: boolean,
): { allowances: ReceivedAllowanceCharge[]; charges: ReceivedAllowanceCharge[] } {
  const all = children(settlement, 'SpecifiedTradeAllowanceCharge');
  const allowances = all.filter((node) => !isCharge(node));
  const charges = all.filter(isCharge);
  return {
    allowances: allowances.map((node, index) =>
      allowanceCharge(node, `la remise ${index + 1} ${where}`, documentLevel),
    ),
    charges: charges.map((node, index) =>
      allowanceCharge(node, `les frais ${index + 1} ${where}`, documentLevel),
    ),
  };
}

/**
 * Whether a line is kept. Factur-X Extended may add sub-lines under a group line
 * (`LineStatusReasonCode` DETAIL, whose amounts the GROUP line already counts) and lines for
 * information only (INFORMATION): neither is part of the invoice's sums.
 */
function countedLine(item: XmlNode): boolean {
  const status = textAt(item, 'AssociatedDocumentLineDocument', 'LineStatusReasonCode')?.toUpperCase();
  return status !== 'DETAIL' && status !== 'INFORMATION';
}

function line(item: XmlNode, index: number): ReceivedLine {
  const document = child(item, 'AssociatedDocumentLineDocument');
  const id = textAt(document, 'LineID');
  const at = `la ligne ${id ?? index + 1}`;
  const product = child(item, 'SpecifiedTradeProduct');
  const agreement = child(item, 'SpecifiedLineTradeAgreement');
  const delivery = child(item, 'SpecifiedLineTradeDelivery');
  const settlement = child(item, 'SpecifiedLineTradeSettlement');
  const quantity = child(delivery, 'BilledQuantity');
  const tax = child(settlement, 'ApplicableTradeTax');
  const gross = child(agreement, 'GrossPriceProductTradePrice');
  const net = child(agreement, 'NetPriceProductTradePrice');
  const period = child(settlement, 'BillingSpecifiedPeriod');
  const totalCents = amountCents(
    textAt(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
    `le montant net de ${at} (BT-131)`,
  );
  const name = textAt(product, 'Name');
  const itemDescription = textAt(product, 'Description');
  const note = texts(document, 'IncludedNote', 'Content').join('\n') || undefined;
  const category = textAt(tax, 'CategoryCode');
  const { allowances, charges } = allowancesAndCharges(settlement, `de ${at}`, false);
  return {
    ...optional('id', id),
    description: name ?? itemDescription ?? note ?? `Ligne ${id ?? index + 1}`,
    ...optional('itemDescription', name ? itemDescription : undefined),
    ...optional('note', note),
    quantity: decimalText(textOf(quantity), `la quantité de ${at}`, '1'),
    ...optional('unit', attributeOf(quantity, 'unitCode')),
    unitPrice: decimalText(textAt(net, 'ChargeAmount'), `le prix unitaire de ${at}`, money(totalCents)),
    ...optional('grossPrice', optionalDecimalText(textAt(gross, 'ChargeAmount'), `le prix brut de ${at}`)),
    ...optional(
      'priceDiscount',
      optionalDecimalText(
        textAt(gross, 'AppliedTradeAllowanceCharge', 'ActualAmount'),
        `la remise sur le prix de ${at}`,
      ),
    ),
    ...optional(
      'priceBaseQuantity',
      optionalDecimalText(
        textAt(net, 'BasisQuantity') ?? textAt(gross, 'BasisQuantity'),
        `la quantité de base du prix de ${at}`,
      ),
    ),
    ...optional('vatCategory', category),
    vatRate: decimalText(textAt(tax, 'RateApplicablePercent'), `le taux de TVA de ${at}`, '0'),
    allowances,
    charges,
    total: money(totalCents),
    totalCents,
    ...optional('sellerItemId', textAt(product, 'SellerAssignedID')),
    ...optional('buyerItemId', textAt(product, 'BuyerAssignedID')),
    ...optional(
      'buyerAccountingReference',
      textAt(settlement, 'ReceivableSpecifiedTradeAccountingAccount', 'ID'),
    ),
    ...optional('orderLineReference', textAt(agreement, 'BuyerOrderReferencedDocument', 'LineID')),
    ...optional(
      'periodStart',
      isoDate(dateText(child(period, 'StartDateTime')), `le début de période de ${at}`),
    ),
    ...optional('periodEnd', isoDate(dateText(child(period, 'EndDateTime')), `la fin de période de ${at}`)),
  };
}

/** A VAT breakdown entry (BG-23). */
function vatBreakdown(tax: XmlNode, index: number): ReceivedVatBreakdown {
  const what = `la ligne ${index + 1} du détail de la TVA`;
  const category = textAt(tax, 'CategoryCode');
  if (!category) throw importRefused(importMessages.missing(`la catégorie de TVA de ${what} (BT-118)`));
  return {
    category,
    rate: decimalText(textAt(tax, 'RateApplicablePercent'), `le taux de ${what}`, '0'),
    baseCents: amountCents(textAt(tax, 'BasisAmount'), `la base de ${what} (BT-116)`),
    vatCents: amountCents(textAt(tax, 'CalculatedAmount'), `la TVA de ${what} (BT-117)`),
    ...optional('exemptionReason', textAt(tax, 'ExemptionReason')),
    ...optional('exemptionReasonCode', textAt(tax, 'ExemptionReasonCode')),
    ...optional(
      'taxPointDate',
      isoDate(textAt(tax, 'TaxPointDate', 'DateString'), `la date de TVA de ${what}`),
    ),
  };
}

/** The identifiers of a trade party: `ID` (no scheme) and `GlobalID` (with one). */
function partyIdentifiers(party: XmlNode | undefined): ReceivedIdentifier[] {
  return [...children(party, 'ID'), ...children(party, 'GlobalID')]
    .map(identifier)
    .filter((id): id is ReceivedIdentifier => id !== undefined);
}

/** The tax registration of a party with a scheme (`VA` VAT number, `FC` tax number). */
const taxRegistration = (party: XmlNode | undefined, scheme: string): string | undefined =>
  textOf(
    children(party, 'SpecifiedTaxRegistration')
      .map((registration) => child(registration, 'ID'))
      .find((id) => attributeOf(id, 'schemeID')?.toUpperCase() === scheme),
  );

function seller(party: XmlNode | undefined): ReceivedSeller {
  const legalOrganization = child(party, 'SpecifiedLegalOrganization');
  const tradingName = textAt(legalOrganization, 'TradingBusinessName');
  const name = textAt(party, 'Name') ?? tradingName;
  if (!name) throw importRefused(importMessages.missing('le nom du fournisseur'));
  const legalRegistration = identifier(child(legalOrganization, 'ID'));
  const vatNumber = normalisedIdentifier(taxRegistration(party, 'VA'));
  const address = child(party, 'PostalTradeAddress');
  const countryCode = textAt(address, 'CountryID')?.toUpperCase();
  const contact = child(party, 'DefinedTradeContact');
  const electronicAddress = identifier(child(party, 'URIUniversalCommunication', 'URIID'));
  const identifiers = partyIdentifiers(party);
  const street = [textAt(address, 'LineOne'), textAt(address, 'LineTwo'), textAt(address, 'LineThree')]
    .filter(Boolean)
    .join(', ');
  return {
    name,
    ...optional('tradingName', tradingName !== name ? tradingName : undefined),
    ...withSiret(legalIdentity(legalRegistration, vatNumber, countryCode), identifiers),
    ...optional('vatNumber', vatNumber),
    ...optional('taxRegistration', taxRegistration(party, 'FC')),
    ...optional('legalRegistration', legalRegistration),
    identifiers,
    ...optional('electronicAddress', electronicAddress),
    ...optional('address', street || undefined),
    ...optional('postalCode', textAt(address, 'PostcodeCode')),
    ...optional('city', textAt(address, 'CityName')),
    ...optional('countryCode', countryCode),
    ...optional(
      'email',
      textAt(contact, 'EmailURIUniversalCommunication', 'URIID') ??
        (electronicAddress?.scheme === 'EM' ? electronicAddress.value : undefined),
    ),
    ...optional('phone', textAt(contact, 'TelephoneUniversalCommunication', 'CompleteNumber')),
  };
}

function buyer(party: XmlNode | undefined): ReceivedBuyer {
  const legalRegistration = identifier(child(party, 'SpecifiedLegalOrganization', 'ID'));
  const vatNumber = normalisedIdentifier(taxRegistration(party, 'VA'));
  const countryCode = textAt(party, 'PostalTradeAddress', 'CountryID');
  const identifiers = partyIdentifiers(party);
  return {
    ...optional('name', textAt(party, 'Name')),
    ...withSiret(legalIdentity(legalRegistration, vatNumber, countryCode), identifiers),
    ...optional('vatNumber', vatNumber),
    ...optional('legalRegistration', legalRegistration),
    identifiers,
    ...optional('electronicAddress', identifier(child(party, 'URIUniversalCommunication', 'URIID'))),
  };
}

/** Reads a CII invoice's root element; 400 (French) when a term is missing, malformed or does not add up. */
export function readCiiInvoice(root: XmlNode): ReceivedInvoice {
  const context = child(root, 'ExchangedDocumentContext');
  const document = child(root, 'ExchangedDocument');
  const transaction = child(root, 'SupplyChainTradeTransaction');
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const summation = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');

  const number = textAt(document, 'ID');
  if (!number) throw importRefused(importMessages.missing('le numéro de la facture'));
  const items = children(transaction, 'IncludedSupplyChainTradeLineItem').filter(countedLine);
  if (items.length > maxReceivedLines) throw importRefused(importMessages.tooManyLines(maxReceivedLines));
  const { allowances, charges } = allowancesAndCharges(settlement, 'du document', true);
  const paymentTerms = children(settlement, 'SpecifiedTradePaymentTerms');
  const period = child(settlement, 'BillingSpecifiedPeriod');
  const vatTotals: ReadVatTotal[] = children(summation, 'TaxTotalAmount').map((node) => ({
    cents: amountCents(textOf(node), 'le total de la TVA (BT-110)'),
    ...optional('currency', attributeOf(node, 'currencyID')),
  }));
  const amount = (name: string, what: string) => optionalAmountCents(textAt(summation, name), what);

  const read: ReadDocument = {
    syntax: 'CII',
    typeCode: textAt(document, 'TypeCode'),
    creditNoteDocument: false,
    ...optional('specification', textAt(context, 'GuidelineSpecifiedDocumentContextParameter', 'ID')),
    number,
    issueDate: isoDate(dateText(child(document, 'IssueDateTime')), 'la date de la facture', true),
    ...optional(
      'dueDate',
      isoDate(
        paymentTerms.map((terms) => dateText(child(terms, 'DueDateDateTime'))).find(Boolean),
        "la date d'échéance",
      ),
    ),
    ...optional(
      'paymentTerms',
      paymentTerms
        .map((terms) => textAt(terms, 'Description'))
        .filter(Boolean)
        .join('\n') || undefined,
    ),
    notes: texts(document, 'IncludedNote', 'Content'),
    ...optional('buyerReference', textAt(agreement, 'BuyerReference')),
    ...optional('orderReference', textAt(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')),
    ...optional('contractReference', textAt(agreement, 'ContractReferencedDocument', 'IssuerAssignedID')),
    ...optional('projectReference', textAt(agreement, 'SpecifiedProcuringProject', 'ID')),
    ...optional(
      'periodStart',
      isoDate(dateText(child(period, 'StartDateTime')), 'le début de la période facturée'),
    ),
    ...optional(
      'periodEnd',
      isoDate(dateText(child(period, 'EndDateTime')), 'la fin de la période facturée'),
    ),
    precedingInvoices: children(settlement, 'InvoiceReferencedDocument').flatMap((reference) => {
      const referenced = textAt(reference, 'IssuerAssignedID');
      if (!referenced) return [];
      const date = isoDate(
        dateText(child(reference, 'FormattedIssueDateTime')),
        'la date de la facture précédente (BT-26)',
      );
      return [{ number: referenced, ...optional('issueDate', date) }];
    }),
    seller: seller(child(agreement, 'SellerTradeParty')),
    buyer: buyer(child(agreement, 'BuyerTradeParty')),
    currency: textAt(settlement, 'InvoiceCurrencyCode'),
    ...optional('vatCurrency', textAt(settlement, 'TaxCurrencyCode')),
    vatTotals,
    lines: items.map(line),
    allowances,
    charges,
    vatBreakdown: children(settlement, 'ApplicableTradeTax').map(vatBreakdown),
    lineTotalCents: amount('LineTotalAmount', 'la somme des lignes (BT-106)'),
    allowanceTotalCents: amount('AllowanceTotalAmount', 'le total des remises (BT-107)'),
    chargeTotalCents: amount('ChargeTotalAmount', 'le total des frais (BT-108)'),
    netCents: amountCents(textAt(summation, 'TaxBasisTotalAmount'), 'le total HT'),
    totalCents: amountCents(textAt(summation, 'GrandTotalAmount'), 'le total TTC'),
    prepaidCents: amount('TotalPrepaidAmount', 'le montant déjà payé (BT-113)'),
    roundingCents: amount('RoundingAmount', "l'arrondi (BT-114)"),
    dueCents: amount('DuePayableAmount', 'le montant à payer (BT-115)'),
  };
  return receivedInvoice(read);
}
