/**
 * Reads an OASIS UBL 2.1 `Invoice` or `CreditNote` (as EN 16931 and Peppol BIS Billing 3.0 use
 * them) into a {@link ReceivedInvoice}. Elements are found by their local name, whatever the
 * prefixes the file gives the `cac` / `cbc` namespaces. docs/e-invoice-import.md has the mapping
 * of every business term.
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

export const ublInvoiceNamespace = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const ublCreditNoteNamespace = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

/** An element's text with its `schemeID`, when it has a text. */
function identifier(node: XmlNode | undefined): ReceivedIdentifier | undefined {
  const value = textOf(node);
  if (value === undefined) return undefined;
  return { value, ...optional('scheme', attributeOf(node, 'schemeID')) };
}

const isCharge = (node: XmlNode): boolean =>
  ['true', '1'].includes((textAt(node, 'ChargeIndicator') ?? '').toLowerCase());

/** An `AllowanceCharge` (BG-20/21 at document level, BG-27/28 on a line). */
function allowanceCharge(node: XmlNode, what: string, documentLevel: boolean): ReceivedAllowanceCharge {
  const category = child(node, 'TaxCategory');
  return {
    amountCents: amountCents(textAt(node, 'Amount'), `le montant de ${what}`),
    ...optional('baseCents', optionalAmountCents(textAt(node, 'BaseAmount'), `la base de ${what}`)),
    ...optional(
      'percent',
      optionalDecimalText(textAt(node, 'MultiplierFactorNumeric'), `le pourcentage de ${what}`),
    ),
    ...optional('reason', textAt(node, 'AllowanceChargeReason')),
    ...optional('reasonCode', textAt(node, 'AllowanceChargeReasonCode')),
    ...(documentLevel
      ? {
          ...optional('vatCategory', textAt(category, 'ID')),
          vatRate: decimalText(textAt(category, 'Percent'), `le taux de TVA de ${what}`, '0'),
        }
      : {}),
  };
}

function allowancesAndCharges(
  node: XmlNode | undefined,
  where: string,
  documentLevel: boolean,
): { allowances: ReceivedAllowanceCharge[]; charges: ReceivedAllowanceCharge[] } {
  const all = children(node, 'AllowanceCharge');
  return {
    allowances: all
      .filter((item) => !isCharge(item))
      .map((item, index) => allowanceCharge(item, `la remise ${index + 1} ${where}`, documentLevel)),
    charges: all
      .filter(isCharge)
      .map((item, index) => allowanceCharge(item, `les frais ${index + 1} ${where}`, documentLevel)),
  };
}

function line(item: XmlNode, index: number): ReceivedLine {
  const id = textAt(item, 'ID');
  const at = `la ligne ${id ?? index + 1}`;
  const quantity = child(item, 'InvoicedQuantity') ?? child(item, 'CreditedQuantity');
  const product = child(item, 'Item');
  const tax = child(product, 'ClassifiedTaxCategory');
  const price = child(item, 'Price');
  const priceAllowance = child(price, 'AllowanceCharge');
  const period = child(item, 'InvoicePeriod');
  const totalCents = amountCents(textAt(item, 'LineExtensionAmount'), `le montant net de ${at} (BT-131)`);
  const name = textAt(product, 'Name');
  const itemDescription = textAt(product, 'Description');
  const note = children(item, 'Note')
    .map((node) => textOf(node))
    .filter(Boolean)
    .join('\n');
  const { allowances, charges } = allowancesAndCharges(item, `de ${at}`, false);
  return {
    ...optional('id', id),
    description: name ?? itemDescription ?? (note || `Ligne ${id ?? index + 1}`),
    ...optional('itemDescription', name ? itemDescription : undefined),
    ...optional('note', note || undefined),
    quantity: decimalText(textOf(quantity), `la quantité de ${at}`, '1'),
    ...optional('unit', attributeOf(quantity, 'unitCode')),
    unitPrice: decimalText(textAt(price, 'PriceAmount'), `le prix unitaire de ${at}`, money(totalCents)),
    ...optional(
      'grossPrice',
      optionalDecimalText(textAt(priceAllowance, 'BaseAmount'), `le prix brut de ${at}`),
    ),
    ...optional(
      'priceDiscount',
      optionalDecimalText(textAt(priceAllowance, 'Amount'), `la remise sur le prix de ${at}`),
    ),
    ...optional(
      'priceBaseQuantity',
      optionalDecimalText(textAt(price, 'BaseQuantity'), `la quantité de base du prix de ${at}`),
    ),
    ...optional('vatCategory', textAt(tax, 'ID')),
    vatRate: decimalText(textAt(tax, 'Percent'), `le taux de TVA de ${at}`, '0'),
    allowances,
    charges,
    total: money(totalCents),
    totalCents,
    ...optional('sellerItemId', textAt(product, 'SellersItemIdentification', 'ID')),
    ...optional('buyerItemId', textAt(product, 'BuyersItemIdentification', 'ID')),
    ...optional('buyerAccountingReference', textAt(item, 'AccountingCost')),
    ...optional('orderLineReference', textAt(item, 'OrderLineReference', 'LineID')),
    ...optional('periodStart', isoDate(textAt(period, 'StartDate'), `le début de période de ${at}`)),
    ...optional('periodEnd', isoDate(textAt(period, 'EndDate'), `la fin de période de ${at}`)),
  };
}

function vatBreakdown(subtotal: XmlNode, index: number): ReceivedVatBreakdown {
  const what = `la ligne ${index + 1} du détail de la TVA`;
  const category = child(subtotal, 'TaxCategory');
  const code = textAt(category, 'ID');
  if (!code) throw importRefused(importMessages.missing(`la catégorie de TVA de ${what} (BT-118)`));
  return {
    category: code,
    rate: decimalText(textAt(category, 'Percent'), `le taux de ${what}`, '0'),
    baseCents: amountCents(textAt(subtotal, 'TaxableAmount'), `la base de ${what} (BT-116)`),
    vatCents: amountCents(textAt(subtotal, 'TaxAmount'), `la TVA de ${what} (BT-117)`),
    ...optional('exemptionReason', textAt(category, 'TaxExemptionReason')),
    ...optional('exemptionReasonCode', textAt(category, 'TaxExemptionReasonCode')),
  };
}

/** The VAT number (TaxScheme VAT) or the other tax registration of a party. */
function taxSchemeId(party: XmlNode | undefined, vat: boolean): string | undefined {
  const scheme = children(party, 'PartyTaxScheme').find(
    (item) => ((textAt(item, 'TaxScheme', 'ID') ?? 'VAT').toUpperCase() === 'VAT') === vat,
  );
  return textAt(scheme, 'CompanyID');
}

const partyIdentifiers = (party: XmlNode | undefined): ReceivedIdentifier[] =>
  children(party, 'PartyIdentification')
    .map((identification) => identifier(child(identification, 'ID')))
    .filter((id): id is ReceivedIdentifier => id !== undefined);

function seller(party: XmlNode | undefined): ReceivedSeller {
  const legalEntity = child(party, 'PartyLegalEntity');
  const tradingName = textAt(party, 'PartyName', 'Name');
  const name = textAt(legalEntity, 'RegistrationName') ?? tradingName;
  if (!name) throw importRefused(importMessages.missing('le nom du fournisseur'));
  const legalRegistration = identifier(child(legalEntity, 'CompanyID'));
  const vatNumber = normalisedIdentifier(taxSchemeId(party, true));
  const address = child(party, 'PostalAddress');
  const countryCode = textAt(address, 'Country', 'IdentificationCode')?.toUpperCase();
  const street = [
    textAt(address, 'StreetName'),
    textAt(address, 'AdditionalStreetName'),
    textAt(address, 'AddressLine', 'Line'),
  ]
    .filter(Boolean)
    .join(', ');
  const electronicAddress = identifier(child(party, 'EndpointID'));
  const identifiers = partyIdentifiers(party);
  return {
    name,
    ...optional('tradingName', tradingName !== name ? tradingName : undefined),
    ...withSiret(legalIdentity(legalRegistration, vatNumber, countryCode), identifiers),
    ...optional('vatNumber', vatNumber),
    ...optional('taxRegistration', taxSchemeId(party, false)),
    ...optional('legalRegistration', legalRegistration),
    identifiers,
    ...optional('electronicAddress', electronicAddress),
    ...optional('address', street || undefined),
    ...optional('postalCode', textAt(address, 'PostalZone')),
    ...optional('city', textAt(address, 'CityName')),
    ...optional('countryCode', countryCode),
    ...optional(
      'email',
      textAt(party, 'Contact', 'ElectronicMail') ??
        (electronicAddress?.scheme === 'EM' ? electronicAddress.value : undefined),
    ),
    ...optional('phone', textAt(party, 'Contact', 'Telephone')),
  };
}

function buyer(party: XmlNode | undefined): ReceivedBuyer {
  const legalEntity = child(party, 'PartyLegalEntity');
  const legalRegistration = identifier(child(legalEntity, 'CompanyID'));
  const vatNumber = normalisedIdentifier(taxSchemeId(party, true));
  const countryCode = textAt(party, 'PostalAddress', 'Country', 'IdentificationCode');
  const identifiers = partyIdentifiers(party);
  return {
    ...optional('name', textAt(legalEntity, 'RegistrationName') ?? textAt(party, 'PartyName', 'Name')),
    ...withSiret(legalIdentity(legalRegistration, vatNumber, countryCode), identifiers),
    ...optional('vatNumber', vatNumber),
    ...optional('legalRegistration', legalRegistration),
    identifiers,
    ...optional('electronicAddress', identifier(child(party, 'EndpointID'))),
  };
}

/**
 * Reads a UBL `Invoice` or `CreditNote` root element (`creditNote` for the latter); 400 (French)
 * when a term is missing, malformed or does not add up.
 */
export function readUblInvoice(root: XmlNode, creditNote = false): ReceivedInvoice {
  const number = textAt(root, 'ID');
  if (!number) throw importRefused(importMessages.missing('le numéro de la facture'));
  const items = children(root, creditNote ? 'CreditNoteLine' : 'InvoiceLine');
  if (items.length > maxReceivedLines) throw importRefused(importMessages.tooManyLines(maxReceivedLines));
  const totals = child(root, 'LegalMonetaryTotal');
  const taxTotals = children(root, 'TaxTotal');
  const vatTotals: ReadVatTotal[] = taxTotals.flatMap((total) =>
    children(total, 'TaxAmount').map((node) => ({
      cents: amountCents(textOf(node), 'le total de la TVA (BT-110)'),
      ...optional('currency', attributeOf(node, 'currencyID')),
    })),
  );
  const { allowances, charges } = allowancesAndCharges(root, 'du document', true);
  const amount = (name: string, what: string) => optionalAmountCents(textAt(totals, name), what);
  const period = child(root, 'InvoicePeriod');

  const read: ReadDocument = {
    syntax: 'UBL',
    typeCode: textAt(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode'),
    creditNoteDocument: creditNote,
    ...optional('specification', textAt(root, 'CustomizationID')),
    number,
    issueDate: isoDate(textAt(root, 'IssueDate'), 'la date de la facture', true),
    ...optional(
      'dueDate',
      isoDate(
        textAt(root, 'DueDate') ??
          children(root, 'PaymentMeans')
            .map((means) => textAt(means, 'PaymentDueDate'))
            .find(Boolean),
        "la date d'échéance",
      ),
    ),
    ...optional(
      'paymentTerms',
      children(root, 'PaymentTerms')
        .map((terms) => textAt(terms, 'Note'))
        .filter(Boolean)
        .join('\n') || undefined,
    ),
    notes: children(root, 'Note')
      .map((node) => textOf(node))
      .filter((note): note is string => note !== undefined),
    ...optional('buyerReference', textAt(root, 'BuyerReference')),
    ...optional('orderReference', textAt(root, 'OrderReference', 'ID')),
    ...optional('contractReference', textAt(root, 'ContractDocumentReference', 'ID')),
    ...optional('projectReference', textAt(root, 'ProjectReference', 'ID')),
    ...optional('periodStart', isoDate(textAt(period, 'StartDate'), 'le début de la période facturée')),
    ...optional('periodEnd', isoDate(textAt(period, 'EndDate'), 'la fin de la période facturée')),
    precedingInvoices: children(root, 'BillingReference').flatMap((reference) => {
      const document = child(reference, 'InvoiceDocumentReference');
      const referenced = textAt(document, 'ID');
      if (!referenced) return [];
      const date = isoDate(textAt(document, 'IssueDate'), 'la date de la facture précédente (BT-26)');
      return [{ number: referenced, ...optional('issueDate', date) }];
    }),
    seller: seller(child(root, 'AccountingSupplierParty', 'Party')),
    buyer: buyer(child(root, 'AccountingCustomerParty', 'Party')),
    currency: textAt(root, 'DocumentCurrencyCode'),
    ...optional('vatCurrency', textAt(root, 'TaxCurrencyCode')),
    vatTotals,
    lines: items.map(line),
    allowances,
    charges,
    // The breakdown is in the TaxTotal of the document currency (the one with subtotals).
    vatBreakdown: taxTotals.flatMap((total) => children(total, 'TaxSubtotal')).map(vatBreakdown),
    lineTotalCents: amount('LineExtensionAmount', 'la somme des lignes (BT-106)'),
    allowanceTotalCents: amount('AllowanceTotalAmount', 'le total des remises (BT-107)'),
    chargeTotalCents: amount('ChargeTotalAmount', 'le total des frais (BT-108)'),
    netCents: amountCents(textAt(totals, 'TaxExclusiveAmount'), 'le total HT'),
    totalCents: amountCents(textAt(totals, 'TaxInclusiveAmount'), 'le total TTC'),
    prepaidCents: amount('PrepaidAmount', 'le montant déjà payé (BT-113)'),
    roundingCents: amount('PayableRoundingAmount', "l'arrondi (BT-114)"),
    dueCents: amount('PayableAmount', 'le montant à payer (BT-115)'),
  };
  return receivedInvoice(read);
}
