/**
 * What the local platform reads of an invoice flow before it acknowledges and routes it: the
 * invoice must be one the product's own reception reads (`read-e-invoice.ts`, what Achats runs on a
 * supplier's file: Factur-X, CII or UBL, hostile XML refused), and its envelope gives the routing —
 * the number, date and type, the seller's and the buyer's SIREN (BT-30/BT-47 scheme 0002, else their
 * electronic address BT-34/BT-49 scheme 0225), the TTC.
 */
import { HttpError } from '../../../functions/src/lib/http-errors.js';
import { embeddedInvoiceXml } from '../../../functions/src/einvoicing/import/embedded-invoice.js';
import { looksLikePdf } from '../../../functions/src/einvoicing/import/pdf-signature.js';
import { importMessages } from '../../../functions/src/einvoicing/import/import-errors.js';
import { readInvoiceXml } from '../../../functions/src/einvoicing/import/read-e-invoice.js';
import {
  attributeOf,
  child,
  looksLikeXml,
  parseUntrustedXml,
  textAt,
  textOf,
  type XmlNode,
} from '../../../functions/src/einvoicing/import/safe-xml.js';
import { tryParseDecimal } from '@btp/shared/money';
import type { FlowInvoice } from './pa-local-store.js';

/** Why a file is not an invoice the platform accepts: the annex's reason code and a French sentence. */
export class InvoiceFlowError extends Error {
  constructor(
    readonly reasonCode: 'InvalidSchema' | 'FlowTypeError',
    message: string,
  ) {
    super(message);
    this.name = 'InvoiceFlowError';
  }
}

function sirenOf(party: XmlNode | undefined, legalPath: string[], addressPath: string[]): string | undefined {
  const legal = child(party, ...legalPath);
  const legalId = textOf(legal);
  if (legalId && /^\d{9}$/.test(legalId) && (attributeOf(legal, 'schemeID') ?? '0002') === '0002')
    return legalId;
  const address = child(party, ...addressPath);
  const addressId = textOf(address);
  if (addressId && attributeOf(address, 'schemeID') === '0225') return /^(\d{9})/.exec(addressId)?.[1];
  return undefined;
}

function cents(value: string | undefined): number | undefined {
  const parsed = value ? tryParseDecimal(value, 2) : undefined;
  return parsed?.ok ? parsed.units : undefined;
}

function ciiEnvelope(root: XmlNode): Omit<FlowInvoice, 'sellerSiren'> & { sellerSiren?: string } {
  const document = child(root, 'ExchangedDocument');
  const agreement = child(root, 'SupplyChainTradeTransaction', 'ApplicableHeaderTradeAgreement');
  const date = textAt(document, 'IssueDateTime', 'DateTimeString') ?? '';
  const legal = ['SpecifiedLegalOrganization', 'ID'];
  const address = ['URIUniversalCommunication', 'URIID'];
  return {
    number: textAt(document, 'ID') ?? '',
    issueDate: date.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3'),
    typeCode: textAt(document, 'TypeCode') ?? '380',
    sellerSiren: sirenOf(child(agreement, 'SellerTradeParty'), legal, address),
    buyerSiren: sirenOf(child(agreement, 'BuyerTradeParty'), legal, address),
    totalCents: cents(
      textAt(
        root,
        'SupplyChainTradeTransaction',
        'ApplicableHeaderTradeSettlement',
        'SpecifiedTradeSettlementHeaderMonetarySummation',
        'GrandTotalAmount',
      ),
    ),
  };
}

function ublEnvelope(
  root: XmlNode,
  creditNote: boolean,
): Omit<FlowInvoice, 'sellerSiren'> & { sellerSiren?: string } {
  const legal = ['PartyLegalEntity', 'CompanyID'];
  const address = ['EndpointID'];
  return {
    number: textAt(root, 'ID') ?? '',
    issueDate: textAt(root, 'IssueDate') ?? '',
    typeCode:
      textAt(root, creditNote ? 'CreditNoteTypeCode' : 'InvoiceTypeCode') ?? (creditNote ? '381' : '380'),
    sellerSiren: sirenOf(child(root, 'AccountingSupplierParty', 'Party'), legal, address),
    buyerSiren: sirenOf(child(root, 'AccountingCustomerParty', 'Party'), legal, address),
    totalCents: cents(textAt(root, 'LegalMonetaryTotal', 'TaxInclusiveAmount')),
  };
}

/**
 * Reads an invoice flow's file, checked against its declared syntax.
 * @throws InvoiceFlowError with a French message
 */
export async function readInvoiceFlow(
  bytes: Uint8Array,
  syntax: 'Factur-X' | 'CII' | 'UBL',
): Promise<Omit<FlowInvoice, 'sellerSiren'> & { sellerSiren?: string }> {
  let xml: Uint8Array;
  try {
    if (syntax === 'Factur-X') {
      if (!looksLikePdf(bytes))
        throw new InvoiceFlowError('FlowTypeError', 'Un flux Factur-X doit être un PDF.');
      xml = await embeddedInvoiceXml(bytes);
    } else {
      if (!looksLikeXml(bytes))
        throw new InvoiceFlowError('FlowTypeError', `Un flux ${syntax} doit être un fichier XML.`);
      xml = bytes;
    }
    // Read whole (credit notes included) as Achats reads it: a file it would refuse is refused here.
    readInvoiceXml(xml);
  } catch (error) {
    if (error instanceof InvoiceFlowError) throw error;
    if (error instanceof HttpError) throw new InvoiceFlowError('InvalidSchema', error.message);
    throw error;
  }
  const root = parseUntrustedXml(xml);
  const isCii = root.localName === 'CrossIndustryInvoice';
  if ((syntax === 'UBL') === isCii) {
    throw new InvoiceFlowError(
      'FlowTypeError',
      `Ce fichier n'est pas une facture ${syntax === 'UBL' ? 'UBL' : 'CII'}.`,
    );
  }
  const envelope = isCii ? ciiEnvelope(root.node) : ublEnvelope(root.node, root.localName === 'CreditNote');
  if (!envelope.number || !/^\d{4}-\d{2}-\d{2}$/.test(envelope.issueDate)) {
    throw new InvoiceFlowError('InvalidSchema', importMessages.missing('le numéro ou la date de la facture'));
  }
  return envelope;
}
