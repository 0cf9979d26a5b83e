/**
 * Reads a lifecycle message (CDAR D22B) received from the network: who sends it, about which
 * invoice, which status with which reasons, and for a 212 « Encaissée » the amounts per VAT rate.
 *
 * The file is untrusted: it is parsed by `safe-xml.ts` (no DOCTYPE nor entity, bounded size and
 * depth, a pure JavaScript parser), and every refusal is an HttpError 400 with a French sentence,
 * never the parser's message. Codes are read as written; labels come from `shared/`.
 */
import { tryParseDecimal } from '@btp/shared/money';
import {
  acceptedLifecycleCodes,
  lifecycleReasonLabel,
  lifecycleStatusLabel,
} from '@btp/shared/einvoicing-lifecycle';
import type { CollectedAtRate } from '@btp/shared/einvoicing-payment-split';
import { badRequest, HttpError } from '../../lib/http-errors.js';
import { importMessages } from '../import/import-errors.js';
import {
  attributeOf,
  child,
  children,
  parseUntrustedXml,
  textAt,
  textOf,
  type XmlNode,
} from '../import/safe-xml.js';
import { cdarNamespaces, CDV_GUIDELINE, PLATFORM_SCHEME, SIREN_SCHEME } from './cdar-writer.js';
import { instantOfFranceTime } from './paris-time.js';

/** The largest lifecycle message read, in bytes (one status is a few kilobytes). */
export const maxCdarBytes = 1024 * 1024;

/** The guideline of a status sent to the public portal only (PPF), also a lifecycle message. */
const PPF_GUIDELINE = 'urn.cpro.gouv.fr:1p0:CDV:einvoicingF2';

export const cdarReadMessages = {
  doctype:
    'Ce message de statut contient une déclaration de type de document (DOCTYPE ou ENTITY), refusée par sécurité.',
  broken: 'Ce message de statut est illisible (XML mal formé).',
  tooLarge: 'Ce message de statut est trop volumineux pour être lu.',
  tooDeep: "Ce message de statut imbrique trop d'éléments : ce n'est pas un message valide.",
  notCdar: "Ce fichier n'est pas un message de statut de facture (CDAR).",
  guideline: (value: string) =>
    `Ce message de statut n'est pas un statut de facture du réseau français (cadre « ${value.slice(0, 60)} »).`,
  noStatus: "Ce message de statut ne concerne aucune facture : il n'indique ni numéro ni statut.",
  unknownStatus: (code: string) => `Ce message de statut porte un code inconnu : « ${code.slice(0, 20)} ».`,
  badAmount: (value: string) =>
    `Ce message de statut porte un montant encaissé invalide : « ${value.slice(0, 40)} ».`,
  badRate: (value: string) =>
    `Ce message de statut porte un taux de TVA invalide : « ${value.slice(0, 40)} ».`,
} as const;

/** A party as the message names it. */
export interface CdarPartyRead {
  /** UNTDID 3035: SE seller, BY buyer, WK platform… */
  role?: string;
  /** A company's SIREN (an identifier of scheme 0002). */
  siren?: string;
  /** A platform's registration number (scheme 0238). */
  platformId?: string;
  name?: string;
}

/** One status about one invoice. */
export interface CdarStatusRead {
  /** MDT-87. */
  invoiceNumber: string;
  /** MDT-100, `YYYY-MM-DD` when it is a date of format 102. */
  invoiceIssueDate?: string;
  /** MDT-91: 380, 381, 386… */
  invoiceTypeCode?: string;
  /** MDT-129: the seller's SIREN. */
  sellerSiren?: string;
  /** MDT-158: the buyer's SIREN, when the message names it. */
  buyerSiren?: string;
  /** MDT-105: 200…228. */
  status: string;
  /** Its French label (`shared/einvoicing-lifecycle.ts`). */
  statusLabel: string;
  /** MDT-113 and MDT-114: each reason with its French label and the sender's comment. */
  reasons: { code: string; label: string; text?: string }[];
  /** For a 212: the amount received per VAT rate (the `MEN` blocks). */
  collected: CollectedAtRate[];
}

export interface CdarMessageRead {
  /** MDT-4. */
  messageId?: string;
  /** MDT-8 as an ISO instant (format 204 is a time in France). */
  issuedAt?: string;
  /** MDT-2: `REGULATED`… */
  businessProcess?: string;
  /** MDT-77: 23 (processing) or 305 (transmission). */
  typeCode?: string;
  sender?: CdarPartyRead;
  /** Who gives the status (MDT-38/40). */
  issuer?: CdarPartyRead;
  recipients: CdarPartyRead[];
  /** Every status of the message, in order (most messages carry one). */
  statuses: CdarStatusRead[];
}

function refusedFromXml(error: unknown): never {
  if (error instanceof HttpError) {
    if (error.message === importMessages.doctype) throw badRequest(cdarReadMessages.doctype);
    if (error.message === importMessages.brokenXml) throw badRequest(cdarReadMessages.broken);
    if (error.message.startsWith('Ce fichier XML imbrique')) throw badRequest(cdarReadMessages.tooDeep);
    throw badRequest(cdarReadMessages.tooLarge);
  }
  throw error;
}

function readParty(node: XmlNode | undefined): CdarPartyRead | undefined {
  if (!node) return undefined;
  const party: CdarPartyRead = {};
  for (const id of children(node, 'GlobalID')) {
    const scheme = attributeOf(id, 'schemeID');
    const value = textOf(id);
    if (scheme === SIREN_SCHEME && value) party.siren = value;
    if (scheme === PLATFORM_SCHEME && value) party.platformId = value;
  }
  const name = textAt(node, 'Name');
  const role = textAt(node, 'RoleCode');
  if (name) party.name = name;
  if (role) party.role = role;
  return party;
}

/** A date time of format 204 (French time) or 102 as an ISO instant; undefined otherwise. */
function instantOf(node: XmlNode | undefined): string | undefined {
  const value = textAt(node, 'DateTimeString');
  const match = /^(\d{4})(\d{2})(\d{2})(?:(\d{2})(\d{2})(\d{2}))?$/.exec(value ?? '');
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
  const instant = instantOfFranceTime(year ?? 0, month ?? 1, day ?? 1, hour, minute, second);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

function dateOf(node: XmlNode | undefined): string | undefined {
  const value = textAt(node, 'DateTimeString');
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value ?? '');
  return match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
}

function readCollected(status: XmlNode): CollectedAtRate[] {
  const collected: CollectedAtRate[] = [];
  for (const characteristic of children(status, 'SpecifiedDocumentCharacteristic')) {
    if (textAt(characteristic, 'TypeCode') !== 'MEN') continue;
    const amountText = textAt(characteristic, 'ValueAmount') ?? '';
    const rateText = textAt(characteristic, 'ValuePercent') ?? '';
    const amount = /^-?\d+(\.\d+)?$/.test(amountText) ? tryParseDecimal(amountText, 2) : undefined;
    if (!amount?.ok) throw badRequest(cdarReadMessages.badAmount(amountText));
    const rate = /^\d+(\.\d+)?$/.test(rateText) ? tryParseDecimal(rateText, 2) : undefined;
    if (!rate?.ok) throw badRequest(cdarReadMessages.badRate(rateText));
    collected.push({ rateHundredths: rate.units, amountCents: amount.units });
  }
  return collected;
}

function readStatus(reference: XmlNode): CdarStatusRead | undefined {
  const invoiceNumber = textAt(reference, 'IssuerAssignedID');
  const status = textAt(reference, 'ProcessConditionCode');
  if (!invoiceNumber || !status) return undefined;
  if (!acceptedLifecycleCodes.includes(status)) throw badRequest(cdarReadMessages.unknownStatus(status));
  const details = children(reference, 'SpecifiedDocumentStatus');
  const reasons = details.flatMap((detail) => {
    const code = textAt(detail, 'ReasonCode');
    if (!code) return [];
    const text = textAt(detail, 'Reason');
    return [{ code, label: lifecycleReasonLabel(code), ...(text ? { text } : {}) }];
  });
  const read: CdarStatusRead = {
    invoiceNumber,
    status,
    statusLabel: lifecycleStatusLabel(status),
    reasons,
    collected: details.flatMap(readCollected),
  };
  const issueDate = dateOf(child(reference, 'FormattedIssueDateTime'));
  const typeCode = textAt(reference, 'TypeCode');
  const seller = readParty(child(reference, 'IssuerTradeParty'));
  const buyer = children(reference, 'RecipientTradeParty')
    .map(readParty)
    .find((party) => party?.role === 'BY');
  if (issueDate) read.invoiceIssueDate = issueDate;
  if (typeCode) read.invoiceTypeCode = typeCode;
  if (seller?.siren) read.sellerSiren = seller.siren;
  if (buyer?.siren) read.buyerSiren = buyer.siren;
  return read;
}

/**
 * Reads a CDAR file's bytes.
 * @throws HttpError 400 with a French message: hostile or broken XML, not a CDAR, not a French
 *   invoice lifecycle message, no status, an unknown status code, an unreadable amount.
 */
export function readCdar(bytes: Uint8Array): CdarMessageRead {
  let root;
  try {
    root = parseUntrustedXml(bytes, maxCdarBytes);
  } catch (error) {
    refusedFromXml(error);
  }
  if (root.localName !== 'CrossDomainAcknowledgementAndResponse' || root.namespace !== cdarNamespaces.rsm) {
    throw badRequest(cdarReadMessages.notCdar);
  }
  const context = child(root.node, 'ExchangedDocumentContext');
  const guideline = textAt(context, 'GuidelineSpecifiedDocumentContextParameter', 'ID') ?? '';
  if (guideline !== CDV_GUIDELINE && guideline !== PPF_GUIDELINE) {
    throw badRequest(cdarReadMessages.guideline(guideline));
  }
  const exchanged = child(root.node, 'ExchangedDocument');
  const acknowledgements = children(root.node, 'AcknowledgementDocument');
  const statuses = acknowledgements
    .flatMap((acknowledgement) => children(acknowledgement, 'ReferenceReferencedDocument'))
    .map(readStatus)
    .filter((status): status is CdarStatusRead => status !== undefined);
  if (statuses.length === 0) throw badRequest(cdarReadMessages.noStatus);
  const message: CdarMessageRead = {
    recipients: children(exchanged, 'RecipientTradeParty')
      .map(readParty)
      .filter((party): party is CdarPartyRead => party !== undefined),
    statuses,
  };
  const messageId = textAt(exchanged, 'ID');
  const issuedAt = instantOf(child(exchanged, 'IssueDateTime'));
  const businessProcess = textAt(context, 'BusinessProcessSpecifiedDocumentContextParameter', 'ID');
  const typeCode = textAt(acknowledgements[0], 'TypeCode');
  const sender = readParty(child(exchanged, 'SenderTradeParty'));
  const issuer = readParty(child(exchanged, 'IssuerTradeParty'));
  if (messageId) message.messageId = messageId;
  if (issuedAt) message.issuedAt = issuedAt;
  if (businessProcess) message.businessProcess = businessProcess;
  if (typeCode) message.typeCode = typeCode;
  if (sender) message.sender = sender;
  if (issuer) message.issuer = issuer;
  return message;
}
