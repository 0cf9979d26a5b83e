/**
 * Reads an OASIS UBL 2.1 invoice (`Invoice`, as EN 16931 and Peppol BIS Billing 3.0 use it) into a
 * {@link ReceivedInvoice}.
 */
import { importMessages, importRefused } from './import-errors.js';
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
import { attributeOf, child, children, textAt, textOf, type XmlNode } from './safe-xml.js';

export const ublInvoiceNamespace = 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2';
export const ublCreditNoteNamespace = 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2';

function amountIn(nodes: XmlNode[], currency: string | undefined): string | undefined {
  const inCurrency = nodes.find((node) => attributeOf(node, 'currencyID') === currency);
  return textOf(inCurrency ?? nodes[0]);
}

function line(item: XmlNode, index: number): ReadFigures['lines'][number] {
  const at = `la ligne ${index + 1}`;
  const quantity = child(item, 'InvoicedQuantity');
  const unit = attributeOf(quantity, 'unitCode');
  const total = amountCents(textAt(item, 'LineExtensionAmount'), `le montant net de ${at}`);
  return {
    description:
      textAt(item, 'Item', 'Name') ??
      textAt(item, 'Item', 'Description') ??
      `Ligne ${textAt(item, 'ID') ?? index + 1}`,
    quantity: decimalText(textOf(quantity), `la quantité de ${at}`, '1'),
    ...(unit ? { unit } : {}),
    unitPrice: decimalText(textAt(item, 'Price', 'PriceAmount'), `le prix unitaire de ${at}`, money(total)),
    vatRate: decimalText(
      textAt(item, 'Item', 'ClassifiedTaxCategory', 'Percent'),
      `le taux de TVA de ${at}`,
      '0',
    ),
    total: money(total),
  };
}

/** Reads a UBL `Invoice` root element; 400 (French) when it is a credit note or lacks a term. */
export function readUblInvoice(root: XmlNode): ReceivedInvoice {
  refuseCreditNote(textAt(root, 'InvoiceTypeCode'));
  const currency = textAt(root, 'DocumentCurrencyCode');
  requireEuro(currency);
  const number = textAt(root, 'ID');
  if (!number) throw importRefused(importMessages.missing('le numéro de la facture'));

  const party = child(root, 'AccountingSupplierParty', 'Party');
  const legalEntity = child(party, 'PartyLegalEntity');
  const name = textAt(legalEntity, 'RegistrationName') ?? textAt(party, 'PartyName', 'Name');
  if (!name) throw importRefused(importMessages.missing('le nom du fournisseur'));
  const legal = child(legalEntity, 'CompanyID');
  const vatScheme = children(party, 'PartyTaxScheme').find(
    (scheme) => (textAt(scheme, 'TaxScheme', 'ID') ?? 'VAT').toUpperCase() === 'VAT',
  );
  const vatNumber = normalisedIdentifier(textAt(vatScheme, 'CompanyID'));
  const address = child(party, 'PostalAddress');
  const countryCode = textAt(address, 'Country', 'IdentificationCode');
  const street = [
    textAt(address, 'StreetName'),
    textAt(address, 'AdditionalStreetName'),
    textAt(address, 'AddressLine', 'Line'),
  ]
    .filter(Boolean)
    .join(', ');
  const endpoint = child(party, 'EndpointID');
  const email =
    textAt(party, 'Contact', 'ElectronicMail') ??
    (attributeOf(endpoint, 'schemeID') === 'EM' ? textOf(endpoint) : undefined);

  const totals = child(root, 'LegalMonetaryTotal');
  const netCents = amountCents(textAt(totals, 'TaxExclusiveAmount'), 'le total HT');
  const vatText = amountIn(
    children(root, 'TaxTotal').flatMap((total) => children(total, 'TaxAmount')),
    currency,
  );
  const vatCents = vatText === undefined ? 0 : amountCents(vatText, 'le total de la TVA');
  const totalCents = amountCents(textAt(totals, 'TaxInclusiveAmount'), 'le total TTC');

  return checkedInvoice({
    syntax: 'UBL',
    number,
    issueDate: isoDate(textAt(root, 'IssueDate'), 'la date de la facture', true),
    dueDate: isoDate(
      textAt(root, 'DueDate') ?? textAt(root, 'PaymentMeans', 'PaymentDueDate'),
      "la date d'échéance",
    ),
    seller: {
      name,
      ...withSiret(
        legalIdentity(textOf(legal), attributeOf(legal, 'schemeID'), vatNumber, countryCode),
        textOf(
          children(party, 'PartyIdentification')
            .map((identification) => child(identification, 'ID'))
            .find((id) => attributeOf(id, 'schemeID') === '0009'),
        ),
      ),
      ...(vatNumber ? { vatNumber } : {}),
      ...(street ? { address: street } : {}),
      ...optional('postalCode', textAt(address, 'PostalZone')),
      ...optional('city', textAt(address, 'CityName')),
      ...optional('countryCode', countryCode),
      ...optional('email', email),
      ...optional('phone', textAt(party, 'Contact', 'Telephone')),
    },
    netCents,
    vatCents,
    totalCents,
    lines: children(root, 'InvoiceLine').map(line),
  });
}
