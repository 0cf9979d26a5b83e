/**
 * The `factur-x.xml` of an issued facture or avoir (DOCUMENTS.md § 6, `docs/factur-x.md`): a UN/CEFACT
 * CII D16B document of the Factur-X 1.0x profile EN 16931 (`urn:cen.eu:en16931:2017`), with the
 * French rules of the e-invoicing reform (BR-FR-*: SIREN, electronic addresses, notes PMD/PMT/AAB,
 * billing frame BT-23).
 *
 * It is made from the same input as the PDF (`InvoicePdfInput`) and says what the PDF says: the
 * sentences of the notes and of the payment terms are `document-content.ts`'s, the figures are the
 * invoice's as stored (lines, `vatBreakdown`, totals), never recomputed. Money stays decimal text
 * ("1234.50"); the only arithmetic (the sign of a line whose price is negative) is done in cents.
 *
 * EN 16931 has no field for the retenue de garantie of a situation (BR-CO-16 fixes BT-115 = BT-112 −
 * BT-113 + BT-114): BT-115 is the TTC, and a note (subject AAI) and the payment terms (BT-20) state
 * the retention and the net à payer the PDF prints.
 */
import { sectionPath } from '@btp/shared/quote-sections';
import type { BuyerSnapshot, Invoice, InvoiceLine, SellerSnapshot } from '@btp/shared/entities/invoice';
import { normaliseIdentifier } from '@btp/shared/legal-identity';
import { formatMoney, formatQuantity, parseMoney, parseQuantity } from '@btp/shared/money';
import {
  RECOVERY_INDEMNITY_MENTION,
  SERVICES_CATEGORY_MENTION,
  euro,
  invoiceContent,
  legalFormLine,
  rateLabel,
} from '../pdf/document-content.js';
import type { InvoicePdfInput } from '../pdf/pdf-input.js';
import { Xml } from './xml-writer.js';

export { xmlText } from './xml-writer.js';

/** The Factur-X profile this module writes (BT-24). */
export const FACTUR_X_GUIDELINE = 'urn:cen.eu:en16931:2017';
/** The name of the XML inside the PDF, and the Factur-X XMP's `fx:ConformanceLevel`. */
export const FACTUR_X_FILENAME = 'factur-x.xml';
export const FACTUR_X_CONFORMANCE_LEVEL = 'EN 16931';

/** UNTDID 1001 document type codes (BT-3) of our invoice kinds (BR-FR-04 accepts all three). */
export const invoiceTypeCodes: Record<Invoice['kind'], string> = {
  standard: '380',
  progress: '380',
  deposit: '386',
  credit_note: '381',
};

/** The PMT note of a client who is not a professional (BR-FR-05 wants one; the 40 € do not apply). */
export const RECOVERY_INDEMNITY_NOT_APPLICABLE =
  'Indemnité forfaitaire pour frais de recouvrement : sans objet, le client n’est pas un professionnel (art. L441-10 du Code de commerce)';
export const AUTOLIQUIDATION_REASON = 'Autoliquidation : TVA due par le preneur (art. 283-2 nonies du CGI)';
export const FRANCHISE_REASON = 'TVA non applicable, art. 293 B du CGI';

const present = (value: string | undefined | null): value is string => value != null && value.trim() !== '';

/** UN/ECE Recommendation 20 unit codes (BT-130) of the units the trade writes; C62 ("one") otherwise. */
const unitCodes: Record<string, string> = {
  'm²': 'MTK',
  m2: 'MTK',
  'm³': 'MTQ',
  m3: 'MTQ',
  m: 'MTR',
  ml: 'MTR',
  km: 'KMT',
  forfait: 'LS',
  ens: 'LS',
  ensemble: 'LS',
  u: 'H87',
  'u.': 'H87',
  unité: 'H87',
  pce: 'H87',
  pièce: 'H87',
  h: 'HUR',
  heure: 'HUR',
  heures: 'HUR',
  j: 'DAY',
  jour: 'DAY',
  jours: 'DAY',
  kg: 'KGM',
  t: 'TNE',
  tonne: 'TNE',
  l: 'LTR',
  litre: 'LTR',
};

export function unitCode(unit: string | undefined): string {
  return unitCodes[(unit ?? '').trim().toLowerCase()] ?? 'C62';
}

/** ISO 3166-1 alpha-2 of a country as the company or the client wrote it; France when blank. */
const countryCodes: Record<string, string> = {
  france: 'FR',
  belgique: 'BE',
  luxembourg: 'LU',
  suisse: 'CH',
  allemagne: 'DE',
  espagne: 'ES',
  italie: 'IT',
  monaco: 'MC',
  'pays-bas': 'NL',
  portugal: 'PT',
  'royaume-uni': 'GB',
};

export function countryCode(country: string | undefined): string {
  const name = (country ?? '').trim();
  if (name === '') return 'FR';
  if (/^[A-Za-z]{2}$/.test(name)) return name.toUpperCase();
  return countryCodes[name.toLowerCase()] ?? 'FR';
}

type VatCategory = 'S' | 'Z' | 'E' | 'AE';

/**
 * The EN 16931 VAT category of a rate on this invoice (`docs/factur-x.md`): franchise (293 B) E,
 * autoliquidation AE, otherwise S, or Z for a line at 0 % in the normal regime.
 */
function vatCategory(input: InvoicePdfInput, rate: string): VatCategory {
  if (input.seller.vatRegime === 'franchise') return 'E';
  if (input.invoice.reverseCharge) return 'AE';
  return parseMoney(rate) === 0 ? 'Z' : 'S';
}

/** The exemption reason (BT-120) and its VATEX code (BT-121) of a category that has one. */
function exemption(category: VatCategory): { reason: string; code: string } | undefined {
  if (category === 'E') return { reason: FRANCHISE_REASON, code: 'VATEX-FR-FRANCHISE' };
  if (category === 'AE') return { reason: AUTOLIQUIDATION_REASON, code: 'VATEX-EU-AE' };
  return undefined;
}

/** "20.00" as CII writes a percent. */
const percent = (rate: string) => formatMoney(parseMoney(rate));

function addressLines(address: string | undefined): string[] {
  return (address ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(present);
}

function postalAddress(
  xml: Xml,
  entity: { address?: string; postalCode?: string; city?: string; country?: string },
): void {
  const lines = addressLines(entity.address);
  xml.group('ram:PostalTradeAddress', () => {
    xml.leaf('ram:PostcodeCode', entity.postalCode);
    xml.leaf('ram:LineOne', lines[0]);
    xml.leaf('ram:LineTwo', lines[1]);
    xml.leaf('ram:LineThree', lines.slice(2).join(', '));
    xml.leaf('ram:CityName', entity.city);
    xml.leaf('ram:CountryID', countryCode(entity.country));
  });
}

function digits(value: string | undefined): string | undefined {
  if (!present(value)) return undefined;
  const normalised = normaliseIdentifier(value);
  return normalised === '' ? undefined : normalised;
}

function sellerParty(xml: Xml, seller: SellerSnapshot): void {
  const siren = digits(seller.siren) ?? digits(seller.siret)?.slice(0, 9);
  const siret = digits(seller.siret);
  const vatNumber = digits(seller.vatNumber);
  xml.group('ram:SellerTradeParty', () => {
    if (siret && /^\d{14}$/.test(siret)) xml.leaf('ram:GlobalID', siret, { schemeID: '0009' });
    xml.leaf('ram:Name', seller.name);
    // BT-33: what the PDF prints of the legal form, capital and registration.
    xml.leaf('ram:Description', [legalFormLine(seller), seller.registration].filter(present).join(' – '));
    xml.group('ram:SpecifiedLegalOrganization', () => {
      xml.leaf('ram:ID', siren, { schemeID: '0002' });
    });
    if (present(seller.phone) || present(seller.email)) {
      xml.group('ram:DefinedTradeContact', () => {
        if (present(seller.phone)) {
          xml.group('ram:TelephoneUniversalCommunication', () =>
            xml.leaf('ram:CompleteNumber', seller.phone),
          );
        }
        if (present(seller.email)) {
          xml.group('ram:EmailURIUniversalCommunication', () => xml.leaf('ram:URIID', seller.email));
        }
      });
    }
    postalAddress(xml, seller);
    // BT-34 (BR-FR-13): the seller's address in the French e-invoicing directory, its SIREN.
    xml.group('ram:URIUniversalCommunication', () => xml.leaf('ram:URIID', siren, { schemeID: '0225' }));
    if (vatNumber) {
      xml.group('ram:SpecifiedTaxRegistration', () => xml.leaf('ram:ID', vatNumber, { schemeID: 'VA' }));
    } else if (siren) {
      // No VAT number (VAT franchise): BR-E-02 wants the seller's tax registration (BT-32); in
      // France a business is identified for tax purposes by its SIREN.
      xml.group('ram:SpecifiedTaxRegistration', () => xml.leaf('ram:ID', siren, { schemeID: 'FC' }));
    }
  });
}

function isCompany(buyer: BuyerSnapshot): boolean {
  return buyer.kind !== 'individual';
}

function buyerParty(xml: Xml, buyer: BuyerSnapshot): void {
  const company = isCompany(buyer);
  const siren = company ? (digits(buyer.siren) ?? digits(buyer.siret)?.slice(0, 9)) : undefined;
  const siret = company ? digits(buyer.siret) : undefined;
  const vatNumber = digits(buyer.vatNumber);
  xml.group('ram:BuyerTradeParty', () => {
    if (siret && /^\d{14}$/.test(siret)) xml.leaf('ram:GlobalID', siret, { schemeID: '0009' });
    xml.leaf('ram:Name', buyer.name);
    if (siren) {
      xml.group('ram:SpecifiedLegalOrganization', () => xml.leaf('ram:ID', siren, { schemeID: '0002' }));
    }
    postalAddress(xml, buyer);
    // BT-49 (BR-FR-12): a company's directory address is its SIREN (scheme 0225); a private client
    // has none, so its e-mail address (scheme EM) when known.
    if (siren) {
      xml.group('ram:URIUniversalCommunication', () => xml.leaf('ram:URIID', siren, { schemeID: '0225' }));
    } else if (present(buyer.email)) {
      xml.group('ram:URIUniversalCommunication', () =>
        xml.leaf('ram:URIID', buyer.email?.trim(), { schemeID: 'EM' }),
      );
    }
    if (vatNumber) {
      xml.group('ram:SpecifiedTaxRegistration', () => xml.leaf('ram:ID', vatNumber, { schemeID: 'VA' }));
    }
  });
}

/** A line as CII wants it: the net price (BT-146) never negative, the sign carried by the quantity. */
function signedLine(line: InvoiceLine): { quantity: string; price: string } {
  const priceCents = parseMoney(line.unitPrice);
  if (priceCents >= 0)
    return { quantity: formatQuantity(parseQuantity(line.quantity)), price: line.unitPrice };
  return { quantity: formatQuantity(-parseQuantity(line.quantity)), price: formatMoney(-priceCents) };
}

/** A situation's line note (BT-127): what the PDF's table says of the quote line it bills. */
function situationLineNote(invoice: Invoice, line: InvoiceLine): string | undefined {
  const detail = invoice.situation?.lines.find((entry) => entry.itemId === line.itemId);
  if (!detail || !line.itemId) return undefined;
  return (
    `Marché ${euro(detail.saleTotal)} HT ; cumul précédent ${rateLabel(detail.previousPercent)} ` +
    `(${euro(detail.previousAmount)}) ; cumul à date ${rateLabel(detail.cumulativePercent)} ` +
    `(${euro(detail.cumulativeAmount)}) ; cette situation ${euro(detail.amount)} HT`
  );
}

function lineItem(xml: Xml, input: InvoicePdfInput, line: InvoiceLine, index: number): void {
  const { quantity, price } = signedLine(line);
  const category = vatCategory(input, line.vatRate);
  // BT-127: the lot of the devis the line comes from ("2 Maçonnerie › 2.1 Fondations"), then a
  // situation's figures.
  const note =
    [sectionPath(line.section, input.invoice.sections ?? []), situationLineNote(input.invoice, line)]
      .filter((part): part is string => part !== undefined)
      .join(' ; ') || undefined;
  xml.group('ram:IncludedSupplyChainTradeLineItem', () => {
    xml.group('ram:AssociatedDocumentLineDocument', () => {
      xml.leaf('ram:LineID', String(index + 1));
      if (note) xml.group('ram:IncludedNote', () => xml.leaf('ram:Content', note));
    });
    xml.group('ram:SpecifiedTradeProduct', () => xml.leaf('ram:Name', line.description));
    xml.group('ram:SpecifiedLineTradeAgreement', () =>
      xml.group('ram:NetPriceProductTradePrice', () => xml.leaf('ram:ChargeAmount', price)),
    );
    xml.group('ram:SpecifiedLineTradeDelivery', () =>
      xml.leaf('ram:BilledQuantity', quantity, { unitCode: unitCode(line.unit) }),
    );
    xml.group('ram:SpecifiedLineTradeSettlement', () => {
      xml.group('ram:ApplicableTradeTax', () => {
        xml.leaf('ram:TypeCode', 'VAT');
        xml.leaf('ram:CategoryCode', category);
        xml.leaf('ram:RateApplicablePercent', percent(line.vatRate));
      });
      xml.group('ram:SpecifiedTradeSettlementLineMonetarySummation', () =>
        xml.leaf('ram:LineTotalAmount', line.total),
      );
    });
  });
}

/** The payment conditions the PDF of an invoice prints (`document-content.ts`), by their role. */
interface PaymentSentences {
  /** "Pénalités de retard : …" (PMD). */
  penalties: string;
  /** The 40 € indemnity (PMT), or why it does not apply. */
  indemnity: string;
  /** The discount sentence (AAB). */
  discount: string;
  /** "Échéance : …" and "Règlement par virement : IBAN …" (an invoice's, not a credit note's). */
  terms: string[];
}

/**
 * The PMD / PMT / AAB sentences, taken from what the PDF of the same invoice prints. A credit note's
 * PDF prints no payment conditions; its XML carries the seller's all the same (BR-FR-05 wants them
 * on every document), read from the PDF the invoice would have.
 */
function paymentSentences(input: InvoicePdfInput): PaymentSentences {
  const asInvoice: InvoicePdfInput =
    input.invoice.kind === 'credit_note'
      ? { ...input, invoice: { ...input.invoice, kind: 'standard', dueDate: input.invoice.issueDate } }
      : input;
  const conditions = invoiceContent(asInvoice).mentions.find(
    (section) => section.heading === 'Conditions de règlement',
  );
  const paragraphs = conditions?.paragraphs ?? [];
  const penalties = paragraphs.find((paragraph) => paragraph.startsWith('Pénalités de retard'));
  const discount = paragraphs.at(-1);
  if (!penalties || !discount) throw new Error('document-content.ts no longer prints the payment conditions');
  return {
    penalties,
    indemnity: paragraphs.includes(RECOVERY_INDEMNITY_MENTION)
      ? RECOVERY_INDEMNITY_MENTION
      : RECOVERY_INDEMNITY_NOT_APPLICABLE,
    discount,
    terms: paragraphs.filter((paragraph) => /^(Échéance|Règlement)/.test(paragraph)),
  };
}

/** The mentions of the PDF's "Mentions fiscales" section (VAT regime, reduced rates, débits). */
function taxMentions(input: InvoicePdfInput): string[] {
  const section = invoiceContent(input).mentions.find((entry) => entry.heading === 'Mentions fiscales');
  return section?.paragraphs ?? [SERVICES_CATEGORY_MENTION];
}

/** The PDF's insurance paragraphs (décennale), one note. */
function insuranceMention(input: InvoicePdfInput): string | undefined {
  const section = invoiceContent(input).mentions.find(
    (entry) => entry.heading === 'Assurance professionnelle',
  );
  return section && section.paragraphs.length > 0 ? section.paragraphs.join(' – ') : undefined;
}

/** The retention of a situation as the note states it (`docs/factur-x.md`), or nothing. */
export function retentionNote(invoice: Invoice): string | undefined {
  if (parseMoney(invoice.retentionAmount ?? '0') === 0) return undefined;
  return (
    `Retenue de garantie (loi n° 71-584) : ${rateLabel(invoice.retentionRate ?? '0')} des travaux TTC, ` +
    `soit ${euro(invoice.retentionAmount)} TTC retenus sur cette facture jusqu'à leur libération. ` +
    `Net à payer : ${euro(invoice.amountDue)} (total TTC ${euro(invoice.totalWithVat)} moins la retenue).` +
    (invoice.situation
      ? ` Cumul retenu à date : ${euro(invoice.situation.cumulativeRetentionAmount)} TTC.`
      : '')
  );
}

/** The works' date or period the PDF prints (DOCUMENTS.md § 5), as BT-72 or BG-14. */
function worksDates(input: InvoicePdfInput): { delivery?: string; period?: { start: string; end: string } } {
  const { invoice, project } = input;
  const issueDate = invoice.issueDate ?? input.date;
  if (invoice.kind === 'credit_note' || invoice.kind === 'deposit') return {};
  if (project?.startDate && project.endDate && project.endDate >= project.startDate) {
    return { period: { start: project.startDate, end: project.endDate } };
  }
  if (project?.startDate && project.startDate <= issueDate) {
    return { period: { start: project.startDate, end: issueDate } };
  }
  return { delivery: issueDate };
}

/** The site address the PDF prints ("Adresse du chantier"), when it does. */
function siteAddress(input: InvoicePdfInput): string | undefined {
  const line = invoiceContent(input).subject.find((entry) => entry.startsWith('Adresse du chantier : '));
  return line?.slice('Adresse du chantier : '.length);
}

/** "3 rue Paul Bert, 69003 Lyon" → its street, postcode and city (a French address on one line). */
function splitSiteAddress(text: string): { address: string; postalCode?: string; city?: string } {
  const match = /^(.*?),?\s*(\d{5})\s+([^,]+)$/.exec(text.trim());
  if (!match?.[1] || !match[2] || !match[3]) return { address: text };
  return { address: match[1], postalCode: match[2], city: match[3] };
}

/** BT-23: S1 (services), S4 for an invoice that deducts deposits (final invoice after deposits). */
export function billingFrame(invoice: Invoice): 'S1' | 'S4' {
  const deducts = invoice.kind !== 'deposit' && invoice.kind !== 'credit_note';
  return deducts && parseMoney(invoice.depositDeduction ?? '0') !== 0 ? 'S4' : 'S1';
}

/** Whether an invoice is issued (numbered and dated): its PDF is then a Factur-X file. */
export function isIssued(invoice: Invoice): boolean {
  return invoice.status !== 'draft' && present(invoice.number) && present(invoice.issueDate);
}

/**
 * The `factur-x.xml` of an issued invoice or credit note (number and issue date set).
 * @throws Error on a draft (no number): a draft's PDF carries no XML.
 */
export function buildFacturXml(input: InvoicePdfInput): string {
  const { invoice, seller, buyer } = input;
  const number = invoice.number;
  const issueDate = invoice.issueDate;
  if (!isIssued(invoice) || !present(number) || !present(issueDate)) {
    throw new Error('Factur-X is made for an issued invoice only (number and issue date set)');
  }
  const creditNote = invoice.kind === 'credit_note';
  const payment = paymentSentences(input);
  const content = invoiceContent(input);
  const xml = new Xml();
  xml.open(
    'rsm:CrossIndustryInvoice',
    ' xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"' +
      ' xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100"' +
      ' xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100"' +
      ' xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
  );

  xml.group('rsm:ExchangedDocumentContext', () => {
    xml.group('ram:BusinessProcessSpecifiedDocumentContextParameter', () =>
      xml.leaf('ram:ID', billingFrame(invoice)),
    );
    xml.group('ram:GuidelineSpecifiedDocumentContextParameter', () => xml.leaf('ram:ID', FACTUR_X_GUIDELINE));
  });

  const note = (text: string | undefined, subject?: string) => {
    if (!present(text)) return;
    xml.group('ram:IncludedNote', () => {
      xml.leaf('ram:Content', text);
      if (subject) xml.leaf('ram:SubjectCode', subject);
    });
  };
  xml.group('rsm:ExchangedDocument', () => {
    xml.leaf('ram:ID', number);
    xml.leaf('ram:TypeCode', invoiceTypeCodes[invoice.kind]);
    xml.date('ram:IssueDateTime', issueDate);
    note(content.title);
    note(`Objet : ${invoice.title}`);
    if (present(invoice.description))
      note(creditNote ? `Motif : ${invoice.description}` : invoice.description);
    note(retentionNote(invoice), 'AAI');
    note(payment.penalties, 'PMD');
    note(payment.indemnity, 'PMT');
    note(payment.discount, 'AAB');
    for (const mention of taxMentions(input)) note(mention, 'REG');
    note(insuranceMention(input), 'REG');
  });

  xml.group('rsm:SupplyChainTradeTransaction', () => {
    invoice.lines.forEach((line, index) => lineItem(xml, input, line, index));

    xml.group('ram:ApplicableHeaderTradeAgreement', () => {
      sellerParty(xml, seller);
      buyerParty(xml, buyer);
      // BT-12: the accepted quote is the contract the invoice bills (DOCUMENTS.md § 4).
      const quoteNumber = invoice.situation?.quoteNumber ?? input.quoteNumber;
      if (present(quoteNumber)) {
        xml.group('ram:ContractReferencedDocument', () => xml.leaf('ram:IssuerAssignedID', quoteNumber));
      }
    });

    const works = worksDates(input);
    const site = siteAddress(input);
    xml.group('ram:ApplicableHeaderTradeDelivery', () => {
      if (site) {
        xml.group('ram:ShipToTradeParty', () => {
          xml.leaf('ram:Name', input.project?.name ?? buyer.name);
          postalAddress(xml, { ...splitSiteAddress(site), country: 'FR' });
        });
      }
      if (works.delivery) {
        const delivery = works.delivery;
        xml.group('ram:ActualDeliverySupplyChainEvent', () => xml.date('ram:OccurrenceDateTime', delivery));
      }
    });

    xml.group('ram:ApplicableHeaderTradeSettlement', () => {
      xml.leaf('ram:PaymentReference', number);
      xml.leaf('ram:InvoiceCurrencyCode', 'EUR');
      const iban = digits(seller.iban);
      if (!creditNote && iban) {
        xml.group('ram:SpecifiedTradeSettlementPaymentMeans', () => {
          xml.leaf('ram:TypeCode', '58');
          xml.leaf('ram:Information', 'Virement SEPA');
          xml.group('ram:PayeePartyCreditorFinancialAccount', () => xml.leaf('ram:IBANID', iban));
          const bic = digits(seller.bic);
          if (bic) {
            xml.group('ram:PayeeSpecifiedCreditorFinancialInstitution', () => xml.leaf('ram:BICID', bic));
          }
        });
      }
      for (const entry of invoice.vatBreakdown) {
        const category = vatCategory(input, entry.rate);
        const reason = exemption(category);
        xml.group('ram:ApplicableTradeTax', () => {
          xml.leaf('ram:CalculatedAmount', entry.amount);
          xml.leaf('ram:TypeCode', 'VAT');
          xml.leaf('ram:ExemptionReason', reason?.reason);
          xml.leaf('ram:BasisAmount', entry.base);
          xml.leaf('ram:CategoryCode', category);
          xml.leaf('ram:ExemptionReasonCode', reason?.code);
          // BT-8: VAT on services is due when paid (72), or on the invoice's date under the
          // option for débits (5).
          if (category === 'S') xml.leaf('ram:DueDateTypeCode', seller.vatOnDebits === true ? '5' : '72');
          xml.leaf('ram:RateApplicablePercent', percent(entry.rate));
        });
      }
      if (works.period) {
        const { start, end } = works.period;
        xml.group('ram:BillingSpecifiedPeriod', () => {
          xml.date('ram:StartDateTime', start);
          xml.date('ram:EndDateTime', end);
        });
      }
      xml.group('ram:SpecifiedTradePaymentTerms', () => {
        xml.leaf('ram:Description', paymentTerms(input, payment));
        if (!creditNote && present(invoice.dueDate)) xml.date('ram:DueDateDateTime', invoice.dueDate);
      });
      xml.group('ram:SpecifiedTradeSettlementHeaderMonetarySummation', () => {
        xml.leaf('ram:LineTotalAmount', invoice.totalAmount);
        xml.leaf('ram:TaxBasisTotalAmount', invoice.totalAmount);
        xml.leaf('ram:TaxTotalAmount', invoice.vatAmount, { currencyID: 'EUR' });
        xml.leaf('ram:GrandTotalAmount', invoice.totalWithVat);
        // BR-CO-16: BT-115 = BT-112 − BT-113 + BT-114; the retention is in a note, not here.
        xml.leaf('ram:DuePayableAmount', invoice.totalWithVat);
      });
      const credited =
        input.credited ??
        (invoice.creditedInvoiceNumber && invoice.creditedInvoiceDate
          ? { number: invoice.creditedInvoiceNumber, issueDate: invoice.creditedInvoiceDate }
          : undefined);
      if (creditNote && credited) {
        xml.group('ram:InvoiceReferencedDocument', () => {
          xml.leaf('ram:IssuerAssignedID', credited.number);
          xml.date('ram:FormattedIssueDateTime', credited.issueDate, 'qdt');
        });
      }
    });
  });
  xml.close('rsm:CrossIndustryInvoice');
  return xml.toString();
}

/** BT-20: the payment terms as the PDF words them (due date, transfer; a situation's net à payer). */
function paymentTerms(input: InvoicePdfInput, payment: PaymentSentences): string {
  const { invoice } = input;
  if (invoice.kind === 'credit_note') {
    const section = invoiceContent(input).mentions.find((entry) => entry.heading === 'Règlement');
    return (
      section?.paragraphs.join(' ') ?? 'Le montant de cet avoir est déduit de ce qui reste dû ou remboursé.'
    );
  }
  const retention =
    parseMoney(invoice.retentionAmount ?? '0') !== 0
      ? `Net à payer : ${euro(invoice.amountDue)}, après retenue de garantie de ${euro(invoice.retentionAmount)} TTC.`
      : undefined;
  return [...payment.terms, retention]
    .filter(present)
    .map((sentence) => (/[.!?]$/.test(sentence) ? sentence : `${sentence}.`))
    .join(' ');
}
