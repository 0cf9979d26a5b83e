/**
 * The e-invoicing network's rules and texts, without zod (issue 27, `bench:lambda`): which
 * invoices go on the network and why not, the lifecycle's summaries and tones, the buyer's answer
 * reasons, and which payments send a 212 « Encaissée » with which parts per VAT rate. The schemas
 * are `einvoicing-network.ts`, which re-exports all of this; the functions' data layer and the
 * lists import from here, so that they start without zod.
 */
import { collectedByRate, type CollectedAtRate } from './einvoicing-payment-split.js';
import {
  lifecycleReasonLabel,
  lifecycleStatusLabel,
  reasonsByStatus,
  type BuyerAnswerStatus,
  type LifecycleReason,
} from './einvoicing-lifecycle.js';
import { formatMoney, formatPercent, parseMoney, parsePercent } from './money.js';
import type { VatBreakdownInUnits } from './vat.js';

// ---------------------------------------------------------------------------------------------
// The company's settings (Paramètres › Facturation électronique)
// ---------------------------------------------------------------------------------------------

export const einvoicingMessages = {
  platformUrl: "L'adresse de la plateforme doit être une adresse https:// (sans identifiant, ni paramètre).",
  platformUrlRequired: "L'adresse de la plateforme est requise.",
  clientId: "L'identifiant client est requis (200 caractères au plus).",
  clientSecret: 'Le secret client doit compter de 1 à 500 caractères.',
  secretRequired: 'Le secret client est requis : saisissez celui que votre plateforme vous a donné.',
  enabled: 'La transmission doit être activée ou non.',
  notConfigured:
    'La facturation électronique n’est pas configurée : renseignez la plateforme dans Paramètres › Facturation électronique.',
  disabled:
    'La facturation électronique est désactivée : activez-la dans Paramètres › Facturation électronique.',
  reasonRequired: 'Le motif est requis pour ce statut.',
  reasonRefused: 'Ce motif ne peut pas accompagner ce statut.',
  status: 'Le statut doit être Prise en charge, Approuvée, En litige ou Refusée.',
} as const;

/** Hosts a platform may be reached on in clear HTTP: the local platform of `npm start` only. */
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether `value` is an address a company may give as its platform's: `https://` (or `http://` on
 * this machine, for the local platform), no user or password in it, no query or fragment.
 */
export function isPlatformUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && localHosts.has(url.hostname));
  return secure && !url.username && !url.password && !url.search && !url.hash && url.hostname !== '';
}

// ---------------------------------------------------------------------------------------------
// Which invoices go on the network
// ---------------------------------------------------------------------------------------------

/** `processingRule` of a sale (EINVOICING-NETWORK.md): to a French company, an individual, abroad. */
export type SaleProcessingRule = 'B2B' | 'B2C' | 'B2BInt';

/** The client of an invoice as the network rules read it (the buyer snapshot, or the client record). */
export interface NetworkBuyer {
  kind?: string;
  siren?: string;
  siret?: string;
  country?: string;
}

/** A country written for France (the records keep a free text; absent reads as France). */
function inFrance(country: string | undefined): boolean {
  const value = (country ?? '').trim().toLowerCase();
  return value === '' || value === 'france' || value === 'fr';
}

/** The buyer's SIREN: given, or the SIRET's first 9 digits. */
export function buyerSirenOf(buyer: NetworkBuyer): string | undefined {
  const siren = buyer.siren?.replace(/\s/g, '');
  if (siren && /^\d{9}$/.test(siren)) return siren;
  const siret = buyer.siret?.replace(/\s/g, '');
  return siret && /^\d{14}$/.test(siret) ? siret.slice(0, 9) : undefined;
}

/**
 * The processing rule of a sale: `B2B` to a company in France with a SIREN, `B2BInt` to a company
 * abroad, `B2C` to an individual (or a company whose SIREN is unknown: it cannot be addressed).
 */
export function processingRuleOf(buyer: NetworkBuyer): SaleProcessingRule {
  if (buyer.kind === 'individual') return 'B2C';
  if (!inFrance(buyer.country)) return 'B2BInt';
  return buyerSirenOf(buyer) ? 'B2B' : 'B2C';
}

/** What became of an invoice on the network (`GET /api/invoices/{id}/lifecycle`, `network`). */
export const networkStates = ['pending', 'sent', 'not_addressable', 'not_sent'] as const;
export type NetworkState = (typeof networkStates)[number];

/** Why an invoice is not sent through the network. */
export const notSentReasons = ['b2c', 'abroad', 'no_siren'] as const;
export type NotSentReason = (typeof notSentReasons)[number];

export const notSentReasonLabels: Record<NotSentReason, string> = {
  b2c: 'Vente à un particulier : non transmise à la plateforme (l’e-reporting viendra plus tard).',
  abroad: 'Client hors de France : non transmise à la plateforme (l’e-reporting viendra plus tard).',
  no_siren: 'Client sans SIREN : non transmise à la plateforme.',
};

/** Why an invoice with this buyer is not submitted, or `undefined` when it is (B2B). */
export function notSentReasonOf(buyer: NetworkBuyer): NotSentReason | undefined {
  const rule = processingRuleOf(buyer);
  if (rule === 'B2BInt') return 'abroad';
  if (rule === 'B2C') return buyer.kind === 'company' || buyer.kind === undefined ? 'no_siren' : 'b2c';
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// The lifecycle of an invoice (ours or a supplier's)
// ---------------------------------------------------------------------------------------------

/** The event of a status (`LifecycleEvent`), its labels filled from the shared lists. */
export function lifecycleEvent<
  F extends { status: string; reasonCode?: string; direction: 'in' | 'out'; state?: 'pending' | 'sent' },
>(fields: F): F & { label: string; reason?: string } {
  return {
    ...fields,
    label: lifecycleStatusLabel(fields.status),
    ...(fields.reasonCode ? { reason: lifecycleReasonLabel(fields.reasonCode) } : {}),
  };
}

/** How a status reads on a card: good news, something to look at, a refusal, or neutral. */
export type StatusTone = 'success' | 'warning' | 'error' | 'info';

const toneOfStatus: Record<string, StatusTone> = {
  '205': 'success',
  '209': 'success',
  '211': 'success',
  '212': 'success',
  '206': 'warning',
  '207': 'warning',
  '208': 'warning',
  '210': 'error',
  '213': 'error',
  '221': 'error',
  '501': 'error',
};

export function statusTone(status: string): StatusTone {
  return toneOfStatus[status] ?? 'info';
}

/** The latest status received from the other party or the platform (not our own 212s). */
export function latestReceived<E extends { direction: string; at: string }>(lifecycle: {
  events: readonly E[];
}): E | undefined {
  const received = lifecycle.events.filter((event) => event.direction === 'in');
  return received.reduce<E | undefined>(
    (latest, event) => (!latest || event.at >= latest.at ? event : latest),
    undefined,
  );
}

// ---------------------------------------------------------------------------------------------
// The buyer's answers on Achats (POST /api/supplier-invoices/{id}/status)
// ---------------------------------------------------------------------------------------------

/** The reasons each answer may carry, for the form's choices (none for 204 and 205). */
export function answerReasons(status: BuyerAnswerStatus): readonly LifecycleReason[] {
  return reasonsByStatus[status] ?? [];
}

// ---------------------------------------------------------------------------------------------
// « Encaissée » (212): which payments, and their amounts per VAT rate
// ---------------------------------------------------------------------------------------------

/** What the 212 rule reads of an invoice. */
export interface CollectionSubject {
  kind: string;
  reverseCharge?: boolean;
  seller?: { vatOnDebits?: boolean; vatRegime?: string };
}

/**
 * Whether each payment of this invoice sends a 212 « Encaissée »: building works are services, so
 * VAT is due when paid — unless the company opted for VAT on debits, the sale is reverse-charged
 * (the buyer owes the VAT), or the company is under the franchise (no VAT). A credit note is not
 * paid. The invoice must also have gone through the network (the caller checks it).
 */
export function reportsCollection(invoice: CollectionSubject): boolean {
  if (invoice.kind === 'credit_note') return false;
  if (invoice.reverseCharge) return false;
  if (invoice.seller?.vatOnDebits === true) return false;
  return invoice.seller?.vatRegime !== 'franchise';
}

/** An invoice's VAT breakdown (decimal strings, as stored) in units, for `collectedByRate`. */
export function breakdownInUnits(
  breakdown: readonly { rate: string; base: string; amount: string }[],
): Pick<VatBreakdownInUnits, 'rateHundredths' | 'baseCents' | 'amountCents'>[] {
  return breakdown.map((entry) => ({
    rateHundredths: parsePercent(entry.rate),
    baseCents: Math.max(0, parseMoney(entry.base)),
    amountCents: Math.max(0, parseMoney(entry.amount)),
  }));
}

/**
 * The `MEN` parts of one amount received on an invoice (a payment, or the release of its
 * retention): the amount split over the invoice's rates in proportion to their TTC, summing to
 * it exactly (`collectedByRate`). An invoice without a breakdown reads as one rate at 0 %.
 */
export function collectedParts(
  amountCents: number,
  breakdown: readonly { rate: string; base: string; amount: string }[],
): CollectedAtRate[] {
  const units = breakdownInUnits(breakdown);
  return collectedByRate(
    amountCents,
    units.length > 0 ? units : [{ rateHundredths: 0, baseCents: amountCents, amountCents: 0 }],
  );
}

/** A part as the API writes it: `{ rate: "20.00", amount: "685.71" }`. */
export function collectedView(parts: readonly CollectedAtRate[]): { rate: string; amount: string }[] {
  return parts
    .filter((part) => part.amountCents > 0)
    .map((part) => ({ rate: formatPercent(part.rateHundredths), amount: formatMoney(part.amountCents) }));
}

/**
 * An invoice that was never submitted nor refused: no record of it on the network (an
 * `InvoiceLifecycle`; here, without zod, for the routes that answer one; `einvoicing-network.ts`
 * re-exports it).
 */
export const notSentLifecycle: { network: NetworkState; events: never[] } = {
  network: 'not_sent',
  events: [],
};
