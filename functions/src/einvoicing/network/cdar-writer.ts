/**
 * Writes a lifecycle message — UN/CEFACT Cross Domain Acknowledgement and Response D22B (CDAR) — as
 * the French network wants it (`../shared/guide/EINVOICING-NETWORK.md`, docs/einvoicing-network.md):
 * one status about one invoice, from the party that issues it to the parties it concerns.
 *
 * Every message this writes passes the vendored XSD and the BR-FR-CDV Schematron
 * (`cdar-writer.test.ts`): guideline `urn.cpro.gouv.fr:1p0:CDV:invoice` (MDT-3), business process
 * `REGULATED` (MDT-2), acknowledgement type `23` for the statuses of the processing phase issued by
 * the seller or the buyer, `305` for those a platform issues in the transmission phase (MDT-77); the
 * issuer's role and identifier (MDT-38/40), each recipient's SIREN and electronic address
 * (MDT-57/59/73, scheme 0225); the invoice's number, date, type and seller (MDT-87/91/100/129);
 * the status (MDT-105) with its French label, its reason (MDT-113/114) when it needs one, and for a
 * 212 « Encaissée » one `MEN` block per VAT rate (MDT-207/215/224, BR-FR-CDV-14).
 */
import { collectedByRate, type CollectedAtRate } from '@btp/shared/einvoicing-payment-split';
import {
  isLifecycleStatus,
  lifecycleReasonLabel,
  lifecycleStatusLabel,
  platformStatuses,
  reasonAllowedFor,
  reasonsByStatus,
  statusesRequiringReason,
  type LifecycleReason,
  type LifecycleStatus,
} from '@btp/shared/einvoicing-lifecycle';
import { formatMoney, formatPercent } from '@btp/shared/money';
import type { VatBreakdownInUnits } from '@btp/shared/vat';
import { badRequest } from '../../lib/http-errors.js';
import { Xml } from '../xml-writer.js';
import { franceTime204 } from './paris-time.js';

export const cdarNamespaces = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;

/** MDT-3: the French lifecycle guideline. */
export const CDV_GUIDELINE = 'urn.cpro.gouv.fr:1p0:CDV:invoice';
/** MDT-2: a B2B exchange in France. */
export const REGULATED_PROCESS = 'REGULATED';
/** Identifier schemes: SIREN (ISO 6523 0002), directory address (0225), platform registration (0238). */
export const SIREN_SCHEME = '0002';
export const DIRECTORY_ADDRESS_SCHEME = '0225';
export const PLATFORM_SCHEME = '0238';

/** The roles this writer gives a party (UNTDID 3035): seller, buyer, platform. */
export type CdarRole = 'SE' | 'BY' | 'WK';

/** A party of the message: a company by its SIREN, or a platform (role `WK`) by its registration number. */
export interface CdarParty {
  role: CdarRole;
  /** A company's SIREN, 9 digits. */
  siren?: string;
  /** A platform's registration number (scheme 0238), for role `WK`. */
  platformId?: string;
  name?: string;
}

/** The invoice a status is about. */
export interface CdarInvoiceReference {
  /** BT-1, the invoice's number as issued (MDT-87). */
  number: string;
  /** BT-2, `YYYY-MM-DD` (MDT-100). */
  issueDate: string;
  /** BT-3: 380, 386, 381… (MDT-91). */
  typeCode: string;
  /** The seller's SIREN (MDT-129). */
  sellerSiren: string;
  /** The buyer's SIREN (MDT-158), when known. */
  buyerSiren?: string;
}

export interface CdarStatusMessage {
  /** MDT-4: unique id of this message, letters, digits and `+ - _ /` (at most 100). */
  messageId: string;
  /** When the status was given (MDT-8 and MDT-78), written in French time. */
  issuedAt: Date;
  status: LifecycleStatus;
  /** MDT-113, required for 206, 207, 208, 210, 213 and 501 and one of those BR-FR-CDV-CL-09 allows. */
  reasonCode?: LifecycleReason;
  /** MDT-114, a comment for the other party (at most 1 000 characters). */
  reasonText?: string;
  /** For a 212 « Encaissée » only: the amount received per VAT rate (one `MEN` block each). */
  collected?: readonly CollectedAtRate[];
  invoice: CdarInvoiceReference;
  /** Who gives the status: the seller (`SE`), the buyer (`BY`) or a platform (`WK`). */
  issuer: CdarParty;
  /** Whom it is addressed to (the other party of the invoice), at least one. */
  recipients: readonly CdarParty[];
}

export const cdarMessages = {
  messageId: "L'identifiant du message de statut est invalide : lettres, chiffres et + - _ / seulement.",
  status: (status: string) => `Le statut ${status} n'est pas un statut de facture connu.`,
  reasonRequired: (label: string) => `Le statut « ${label} » doit indiquer un motif.`,
  reasonRefused: (label: string, reason: string) =>
    `Le motif « ${reason} » ne peut pas accompagner le statut « ${label} ».`,
  reasonTooLong: 'Le commentaire du statut dépasse 1 000 caractères.',
  collectedRequired: 'Le statut « Encaissée » doit indiquer le montant encaissé par taux de TVA.',
  collectedOnlyFor212: 'Seul le statut « Encaissée » porte des montants encaissés.',
  collectedNegative: 'Les montants encaissés ne peuvent pas être négatifs.',
  siren: (what: string) => `Le SIREN ${what} doit compter 9 chiffres.`,
  platform: 'Une plateforme (rôle WK) est désignée par son numéro d’immatriculation.',
  issuerRole: (label: string) =>
    `Le statut « ${label} » est émis par une plateforme : l'émetteur doit avoir le rôle WK.`,
  companyRole: (label: string) =>
    `Le statut « ${label} » est émis par le vendeur ou l'acheteur, pas par une plateforme.`,
  recipients: 'Un message de statut doit avoir au moins un destinataire.',
  invoiceNumber: 'Le numéro de la facture concernée est obligatoire.',
  invoiceDate: 'La date de la facture concernée doit être une date AAAA-MM-JJ.',
  invoiceType: 'Le type de la facture concernée doit être un code à trois chiffres (380, 381, 386…).',
} as const;

const sirenPattern = /^\d{9}$/;
const messageIdPattern = /^[A-Za-z0-9+\-_/]{1,100}$/;
const isoDatePattern = /^\d{4}-\d{2}-\d{2}$/;

/** Whether the status is one a platform issues (transmission phase, CDAR type 305). */
export function isPlatformStatus(status: string): boolean {
  return platformStatuses.includes(status as LifecycleStatus);
}

function checkParty(party: CdarParty, what: string): void {
  if (party.role === 'WK') {
    if (!party.platformId?.trim()) throw badRequest(cdarMessages.platform);
  } else if (!sirenPattern.test(party.siren ?? '')) {
    throw badRequest(cdarMessages.siren(what));
  }
}

/** Checks a message before it is written. @throws HttpError 400 with a French message */
export function checkCdarMessage(message: CdarStatusMessage): void {
  const { status, invoice } = message;
  if (!messageIdPattern.test(message.messageId)) throw badRequest(cdarMessages.messageId);
  if (!isLifecycleStatus(status)) throw badRequest(cdarMessages.status(String(status)));
  const label = lifecycleStatusLabel(status);
  if (message.reasonCode === undefined) {
    if (statusesRequiringReason.includes(status)) throw badRequest(cdarMessages.reasonRequired(label));
  } else if (!reasonAllowedFor(status, message.reasonCode)) {
    throw badRequest(cdarMessages.reasonRefused(label, message.reasonCode));
  }
  if ((message.reasonText?.length ?? 0) > 1000) throw badRequest(cdarMessages.reasonTooLong);
  if (status === '212') {
    if (!message.collected?.some((part) => part.amountCents > 0))
      throw badRequest(cdarMessages.collectedRequired);
    if (message.collected.some((part) => part.amountCents < 0))
      throw badRequest(cdarMessages.collectedNegative);
  } else if (message.collected !== undefined) {
    throw badRequest(cdarMessages.collectedOnlyFor212);
  }
  if (!invoice.number.trim()) throw badRequest(cdarMessages.invoiceNumber);
  if (!isoDatePattern.test(invoice.issueDate)) throw badRequest(cdarMessages.invoiceDate);
  if (!/^\d{3}$/.test(invoice.typeCode)) throw badRequest(cdarMessages.invoiceType);
  if (!sirenPattern.test(invoice.sellerSiren)) throw badRequest(cdarMessages.siren('du vendeur'));
  if (invoice.buyerSiren !== undefined && !sirenPattern.test(invoice.buyerSiren)) {
    throw badRequest(cdarMessages.siren("de l'acheteur"));
  }
  if (isPlatformStatus(status) !== (message.issuer.role === 'WK')) {
    throw badRequest(
      isPlatformStatus(status) ? cdarMessages.issuerRole(label) : cdarMessages.companyRole(label),
    );
  }
  checkParty(message.issuer, "de l'émetteur du statut");
  if (message.recipients.length === 0) throw badRequest(cdarMessages.recipients);
  for (const recipient of message.recipients) checkParty(recipient, 'du destinataire');
}

/**
 * A party's identifier, name and role (and, for a recipient company, its electronic address).
 * `identified: false` leaves a company's SIREN out: the message's sender (MDG-9) is named by a
 * platform's registration number or not at all (BR-FR-CDV-CL-09 reads a sender identifier outside
 * scheme 0238 as a public body's refusal), the SIREN is the issuer's (MDT-38).
 */
function party(
  xml: Xml,
  element: string,
  value: CdarParty,
  { withAddress = false, identified = true }: { withAddress?: boolean; identified?: boolean } = {},
): void {
  xml.group(element, () => {
    if (value.role === 'WK') xml.leaf('ram:GlobalID', value.platformId, { schemeID: PLATFORM_SCHEME });
    else if (identified) xml.leaf('ram:GlobalID', value.siren, { schemeID: SIREN_SCHEME });
    xml.leaf('ram:Name', value.name);
    xml.leaf('ram:RoleCode', value.role);
    if (withAddress && value.role !== 'WK') {
      xml.group('ram:URIUniversalCommunication', () =>
        xml.leaf('ram:URIID', value.siren, { schemeID: DIRECTORY_ADDRESS_SCHEME }),
      );
    }
  });
}

/**
 * The CDAR XML of one status about one invoice.
 * @throws HttpError 400 (French message) when the message breaks a rule of the French network
 */
export function writeCdar(message: CdarStatusMessage): string {
  checkCdarMessage(message);
  const { status, invoice } = message;
  const label = lifecycleStatusLabel(status);
  const at = franceTime204(message.issuedAt);
  const collected = (message.collected ?? []).filter((part) => part.amountCents > 0);
  const xml = new Xml();
  const ns = Object.entries(cdarNamespaces)
    .map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`)
    .join('');
  xml.group(
    'rsm:CrossDomainAcknowledgementAndResponse',
    () => {
      xml.group('rsm:ExchangedDocumentContext', () => {
        xml.group('ram:BusinessProcessSpecifiedDocumentContextParameter', () =>
          xml.leaf('ram:ID', REGULATED_PROCESS),
        );
        xml.group('ram:GuidelineSpecifiedDocumentContextParameter', () => xml.leaf('ram:ID', CDV_GUIDELINE));
      });
      xml.group('rsm:ExchangedDocument', () => {
        xml.leaf('ram:ID', message.messageId);
        xml.leaf('ram:Name', `Statut ${status} ${label}`);
        xml.formatted('ram:IssueDateTime', at, '204');
        // The company (or platform) giving the status is both the message's sender and its issuer.
        party(xml, 'ram:SenderTradeParty', message.issuer, { identified: false });
        party(xml, 'ram:IssuerTradeParty', message.issuer);
        for (const recipient of message.recipients) {
          party(xml, 'ram:RecipientTradeParty', recipient, { withAddress: true });
        }
      });
      xml.group('rsm:AcknowledgementDocument', () => {
        xml.group('ram:MultipleReferencesIndicator', () => xml.leaf('udt:Indicator', 'false'));
        xml.leaf('ram:TypeCode', isPlatformStatus(status) ? '305' : '23');
        xml.formatted('ram:IssueDateTime', at, '204');
        xml.group('ram:ReferenceReferencedDocument', () => {
          xml.leaf('ram:IssuerAssignedID', invoice.number);
          xml.leaf('ram:TypeCode', invoice.typeCode);
          xml.formatted('ram:FormattedIssueDateTime', invoice.issueDate.replace(/-/g, ''), '102', 'qdt');
          xml.leaf('ram:ProcessConditionCode', status);
          xml.leaf('ram:ProcessCondition', label);
          party(xml, 'ram:IssuerTradeParty', { role: 'SE', siren: invoice.sellerSiren });
          if (invoice.buyerSiren) {
            party(xml, 'ram:RecipientTradeParty', { role: 'BY', siren: invoice.buyerSiren });
          }
          if (message.reasonCode || message.reasonText?.trim() || collected.length > 0) {
            xml.group('ram:SpecifiedDocumentStatus', () => {
              if (message.reasonCode) {
                xml.leaf('ram:ReasonCode', message.reasonCode);
                xml.leaf(
                  'ram:Reason',
                  message.reasonText?.trim() || lifecycleReasonLabel(message.reasonCode),
                );
              } else {
                xml.leaf('ram:Reason', message.reasonText);
              }
              xml.leaf('ram:SequenceNumeric', '1');
              for (const part of collected) {
                xml.group('ram:SpecifiedDocumentCharacteristic', () => {
                  xml.leaf('ram:TypeCode', 'MEN');
                  xml.leaf('ram:ValueAmount', formatMoney(part.amountCents), { currencyID: 'EUR' });
                  xml.leaf('ram:ValuePercent', formatPercent(part.rateHundredths));
                });
              }
            });
          }
        });
      });
    },
    ns,
  );
  return xml.toString();
}

/** The reasons a status may carry, for a form's choices (none for a status that takes no reason). */
export function reasonsFor(status: LifecycleStatus): readonly LifecycleReason[] {
  return reasonsByStatus[status] ?? [];
}

/** What a 212 « Encaissée » needs to know of a payment and of its invoice. */
export interface CollectedPayment {
  messageId: string;
  /** When the payment was received (the status's date). */
  receivedAt: Date;
  /** The amount received, cents. */
  amountCents: number;
  /** The invoice's VAT breakdown: the payment is split over its rates in proportion to their TTC. */
  vatBreakdown: readonly Pick<VatBreakdownInUnits, 'rateHundredths' | 'baseCents' | 'amountCents'>[];
  invoice: CdarInvoiceReference & { buyerSiren: string };
  sellerName?: string;
  buyerName?: string;
}

/**
 * The 212 « Encaissée » the seller sends for one payment: from the seller to the buyer, its `MEN`
 * amounts the payment split over the invoice's rates (`collectedByRate`).
 */
export function collectedPaymentMessage(payment: CollectedPayment): CdarStatusMessage {
  return {
    messageId: payment.messageId,
    issuedAt: payment.receivedAt,
    status: '212',
    collected: collectedByRate(payment.amountCents, payment.vatBreakdown),
    invoice: payment.invoice,
    issuer: { role: 'SE', siren: payment.invoice.sellerSiren, name: payment.sellerName },
    recipients: [{ role: 'BY', siren: payment.invoice.buyerSiren, name: payment.buyerName }],
  };
}
