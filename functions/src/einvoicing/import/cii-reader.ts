/**
 * Reads a UN/CEFACT CII invoice (`rsm:CrossIndustryInvoice`, the XML of Factur-X and ZUGFeRD, any
 * profile that carries the terms below: EN 16931, Extended, Basic; Basic WL and Minimum have no
 * lines) into a {@link ReceivedInvoice}.
 */
import {
  amountCents,
  checkedInvoice,
  decimalText,
  isoDate,
  legalIdentity,
  money,
  normalisedIdentifier,
  optional,
  refuseCreditNote,
  requireEuro,
  type ReceivedInvoice,
  type ReadFigures,
  withSiret,
} from './received-invoice.js';
import { importMessages, importRefused } from './import-errors.js';
import { attributeOf, child, children, textAt, textOf, type XmlNode } from './safe-xml.js';

export const ciiNamespace = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';

/** A `udt:DateTimeString` (format 102, YYYYMMDD) as YYYY-MM-DD. */
function ciiDate(node: XmlNode | undefined): string | undefined {
  return textAt(node, 'DateTimeString');
}

/** The first amount among several (e.g. BT-110 in the invoice currency and BT-111 in another), preferring `currency`. */
function amountIn(nodes: XmlNode[], currency: string | undefined): string | undefined {
  const inCurrency = nodes.find((node) => attributeOf(node, 'currencyID') === currency);
  return textOf(inCurrency ?? nodes.find((node) => !attributeOf(node, 'currencyID')) ?? nodes[0]);
}

function line(item: XmlNode, index: number): ReadFigures['lines'][number] {
  const at = `la ligne ${index + 1}`;
  const agreement = child(item, 'SpecifiedLineTradeAgreement');
  const delivery = child(item, 'SpecifiedLineTradeDelivery');
  const settlement = child(item, 'SpecifiedLineTradeSettlement');
  const quantity = child(delivery, 'BilledQuantity');
  const unit = attributeOf(quantity, 'unitCode');
  const total = amountCents(
    textAt(settlement, 'SpecifiedTradeSettlementLineMonetarySummation', 'LineTotalAmount'),
    `le montant net de ${at}`,
  );
  return {
    description:
      textAt(item, 'SpecifiedTradeProduct', 'Name') ??
      textAt(item, 'AssociatedDocumentLineDocument', 'IncludedNote', 'Content') ??
      `Ligne ${textAt(item, 'AssociatedDocumentLineDocument', 'LineID') ?? index + 1}`,
    quantity: decimalText(textOf(quantity), `la quantité de ${at}`, '1'),
    ...(unit ? { unit } : {}),
    unitPrice: decimalText(
      textAt(agreement, 'NetPriceProductTradePrice', 'ChargeAmount'),
      `le prix unitaire de ${at}`,
      money(total),
    ),
    vatRate: decimalText(
      textAt(settlement, 'ApplicableTradeTax', 'RateApplicablePercent'),
      `le taux de TVA de ${at}`,
      '0',
    ),
    total: money(total),
  };
}

/** Reads a CII invoice's root element; 400 (French) when it is a credit note or lacks a term. */
export function readCiiInvoice(root: XmlNode): ReceivedInvoice {
  const document = child(root, 'ExchangedDocument');
  refuseCreditNote(textAt(document, 'TypeCode'));
  const transaction = child(root, 'SupplyChainTradeTransaction');
  const agreement = child(transaction, 'ApplicableHeaderTradeAgreement');
  const settlement = child(transaction, 'ApplicableHeaderTradeSettlement');
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  requireEuro(currency);

  const number = textAt(document, 'ID');
  if (!number) throw importRefused(importMessages.missing('le numéro de la facture'));
  const seller = child(agreement, 'SellerTradeParty');
  const sellerName =
    textAt(seller, 'Name') ?? textAt(seller, 'SpecifiedLegalOrganization', 'TradingBusinessName');
  if (!sellerName) throw importRefused(importMessages.missing('le nom du fournisseur'));

  const legal = child(seller, 'SpecifiedLegalOrganization', 'ID');
  const vatRegistration = children(seller, 'SpecifiedTaxRegistration')
    .map((registration) => child(registration, 'ID'))
    .find((id) => attributeOf(id, 'schemeID') === 'VA');
  const vatNumber = normalisedIdentifier(textOf(vatRegistration));
  const address = child(seller, 'PostalTradeAddress');
  const countryCode = textAt(address, 'CountryID');
  const contact = child(seller, 'DefinedTradeContact');
  const electronicAddress = child(seller, 'URIUniversalCommunication', 'URIID');
  const email =
    textAt(contact, 'EmailURIUniversalCommunication', 'URIID') ??
    (attributeOf(electronicAddress, 'schemeID') === 'EM' ? textOf(electronicAddress) : undefined);
  const street = [textAt(address, 'LineOne'), textAt(address, 'LineTwo'), textAt(address, 'LineThree')]
    .filter(Boolean)
    .join(', ');

  const summation = child(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const netCents = amountCents(textAt(summation, 'TaxBasisTotalAmount'), 'le total HT');
  const vatText = amountIn(children(summation, 'TaxTotalAmount'), currency);
  const vatCents = vatText === undefined ? 0 : amountCents(vatText, 'le total de la TVA');
  const totalCents = amountCents(textAt(summation, 'GrandTotalAmount'), 'le total TTC');

  const dueDate = children(settlement, 'SpecifiedTradePaymentTerms')
    .map((terms) => ciiDate(child(terms, 'DueDateDateTime')))
    .find(Boolean);

  return checkedInvoice({
    syntax: 'CII',
    number,
    issueDate: isoDate(ciiDate(child(document, 'IssueDateTime')), 'la date de la facture', true),
    dueDate: isoDate(dueDate, "la date d'échéance"),
    seller: {
      name: sellerName,
      ...withSiret(
        legalIdentity(textOf(legal), attributeOf(legal, 'schemeID'), vatNumber, countryCode),
        textOf(children(seller, 'GlobalID').find((id) => attributeOf(id, 'schemeID') === '0009')),
      ),
      ...(vatNumber ? { vatNumber } : {}),
      ...(street ? { address: street } : {}),
      ...optional('postalCode', textAt(address, 'PostcodeCode')),
      ...optional('city', textAt(address, 'CityName')),
      ...optional('countryCode', countryCode),
      ...optional('email', email),
      ...optional('phone', textAt(contact, 'TelephoneUniversalCommunication', 'CompleteNumber')),
    },
    netCents,
    vatCents,
    totalCents,
    lines: children(transaction, 'IncludedSupplyChainTradeLineItem').map(line),
  });
}
