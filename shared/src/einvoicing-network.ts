/**
 * The e-invoicing network as the product shows and uses it (issue 30, docs/einvoicing-network.md
 * "The product side"): the company's settings of its plateforme agréée (PA), what became of an
 * invoice on the network (submitted or not, and why; acknowledged; its lifecycle statuses both
 * ways), the buyer's answers on Achats, and which payments send a 212 « Encaissée » with which
 * amounts per VAT rate. Shared by the functions (routes, the sync job) and the SPA (Paramètres,
 * Facturation, Achats).
 */
import { collectedByRate, type CollectedAtRate } from './einvoicing-payment-split.js';
import {
  buyerAnswerStatuses,
  lifecycleReasonLabel,
  lifecycleStatusLabel,
  reasonAllowedFor,
  reasonsByStatus,
  statusesRequiringReason,
  type BuyerAnswerStatus,
  type LifecycleReason,
} from './einvoicing-lifecycle.js';
import { boundedText, instantField, optionalField } from './fields.js';
import { formatMoney, formatPercent, parseMoney, parsePercent } from './money.js';
import type { VatBreakdownInUnits } from './vat.js';
import * as z from './lazy-zod.js';
import './zod-fr.js';

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

/** The platform's address, its trailing slashes removed (`https://pa.example.fr/api`). */
export const platformUrlField = z
  .string({ error: einvoicingMessages.platformUrlRequired })
  .trim()
  .min(1, einvoicingMessages.platformUrlRequired)
  .max(500, einvoicingMessages.platformUrl)
  .refine(isPlatformUrl, einvoicingMessages.platformUrl)
  .transform((value) => value.replace(/\/+$/, ''));

/**
 * `PUT /api/company/einvoicing` (company_admin). `clientSecret` is write-only: left out, the secret
 * already stored is kept; it is never answered nor logged.
 */
export const einvoicingSettingsInput = z.object({
  platformUrl: platformUrlField,
  clientId: z
    .string({ error: einvoicingMessages.clientId })
    .trim()
    .min(1, einvoicingMessages.clientId)
    .max(200, einvoicingMessages.clientId),
  clientSecret: optionalField(
    z.string({ error: einvoicingMessages.clientSecret }).min(1).max(500, einvoicingMessages.clientSecret),
  ),
  enabled: z.boolean({ error: einvoicingMessages.enabled }),
});
export type EinvoicingSettingsInput = z.input<typeof einvoicingSettingsInput>;
export type EinvoicingSettingsData = z.output<typeof einvoicingSettingsInput>;

/** The outcome of the last call the product made to the platform (a test, a submission, a poll). */
export const platformCallStatusSchema = z.object({
  state: z.enum(['ok', 'error']),
  at: instantField(),
  /** A French sentence: what was done, or what went wrong (never a secret nor the platform's body). */
  message: z.string(),
});
export type PlatformCallStatus = z.infer<typeof platformCallStatusSchema>;

/** `GET /api/company/einvoicing`: the settings, never the secret. */
export const einvoicingSettingsSchema = z.object({
  platformUrl: optionalField(z.string()),
  clientId: optionalField(z.string()),
  /** Whether a secret is stored (its value is never answered). */
  hasSecret: z.boolean(),
  enabled: z.boolean(),
  /** Nothing saved yet, and the fields are the local platform's (`npm start` only). */
  prefilled: z.boolean(),
  status: platformCallStatusSchema.optional(),
});
export type EinvoicingSettings = z.infer<typeof einvoicingSettingsSchema>;

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

/** Our flows' acknowledgement by the platform. */
export const acknowledgementSchema = z.object({
  status: z.enum(['Pending', 'Ok', 'Error']),
  /** For `Error`: each of the platform's reasons (a French or English sentence, its code). */
  details: z.array(z.object({ code: z.string().optional(), message: z.string() })).optional(),
});
export type FlowAcknowledgement = z.infer<typeof acknowledgementSchema>;

/** One status of an invoice's lifecycle: received (`in`) or given by the company (`out`). */
export const lifecycleEventSchema = z.object({
  /** The CDAR code, 200…228. */
  status: z.string(),
  /** Its French label. */
  label: z.string(),
  /** When it was given (the message's time), ISO. */
  at: z.string(),
  reasonCode: z.string().optional(),
  /** The reason code's French label. */
  reason: z.string().optional(),
  /** The comment written with it. */
  comment: z.string().optional(),
  direction: z.enum(['in', 'out']),
  /** The platform's id of the flow that carried it (absent while an `out` one waits to be sent). */
  flowId: z.string().optional(),
  /** An `out` status: `pending` until the platform took it. */
  state: z.enum(['pending', 'sent']).optional(),
  /** A 212: the amount received (TTC) and its parts per VAT rate. */
  amount: z.string().optional(),
  collected: z.array(z.object({ rate: z.string(), amount: z.string() })).optional(),
});
export type LifecycleEvent = z.infer<typeof lifecycleEventSchema>;

/** The last failure of a submission the job will try again. */
export const retrySchema = z.object({
  attempts: z.number().int(),
  at: z.string(),
  message: z.string(),
});

/** `GET /api/invoices/{id}/lifecycle` (and the `network` of an invoice in the lists). */
export const invoiceLifecycleSchema = z.object({
  network: z.enum(networkStates),
  notSentReason: z.enum(notSentReasons).optional(),
  flowId: z.string().optional(),
  submittedAt: z.string().optional(),
  acknowledgement: acknowledgementSchema.optional(),
  /** Set while the submission waits for the platform to be reachable again. */
  retry: retrySchema.optional(),
  events: z.array(lifecycleEventSchema),
});
export type InvoiceLifecycle = z.infer<typeof invoiceLifecycleSchema>;

/** An invoice that was never submitted nor refused: no record of it on the network. */
export const notSentLifecycle: InvoiceLifecycle = { network: 'not_sent', events: [] };

/** The event of a status, its labels filled from the shared lists. */
export function lifecycleEvent(
  fields: Omit<LifecycleEvent, 'label' | 'reason'> & { reasonCode?: string },
): LifecycleEvent {
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

/** The line a card shows for an invoice's network state, or `undefined` when there is nothing to say. */
export interface LifecycleSummary {
  text: string;
  tone: StatusTone;
}

/** The latest status received from the other party or the platform (not our own 212s). */
export function latestReceived(lifecycle: InvoiceLifecycle): LifecycleEvent | undefined {
  const received = lifecycle.events.filter((event) => event.direction === 'in');
  return received.reduce<LifecycleEvent | undefined>(
    (latest, event) => (!latest || event.at >= latest.at ? event : latest),
    undefined,
  );
}

/**
 * The card's line: « Plateforme : Approuvée », « Plateforme : Refusée — Taux de TVA erroné »,
 * « À transmettre : … », « Non adressable : … ». Our own « Encaissée » are counted apart.
 */
export function lifecycleSummary(lifecycle: InvoiceLifecycle): LifecycleSummary | undefined {
  switch (lifecycle.network) {
    case 'not_sent':
      return lifecycle.notSentReason
        ? { text: notSentReasonLabels[lifecycle.notSentReason], tone: 'info' }
        : undefined;
    case 'not_addressable':
      return {
        text: 'Non adressable : le client n’est pas dans l’annuaire des plateformes ; facture envoyée par e-mail.',
        tone: 'info',
      };
    case 'pending':
      return lifecycle.retry
        ? {
            text: `À transmettre à la plateforme (nouvel essai automatique) : ${lifecycle.retry.message}`,
            tone: 'warning',
          }
        : { text: 'Plateforme : transmission en cours.', tone: 'info' };
    case 'sent': {
      if (lifecycle.acknowledgement?.status === 'Error') {
        const details = (lifecycle.acknowledgement.details ?? []).map((detail) => detail.message).join(' ; ');
        return { text: `Plateforme : refusée au dépôt${details ? ` — ${details}` : ''}.`, tone: 'error' };
      }
      const latest = latestReceived(lifecycle);
      if (!latest) return { text: 'Plateforme : Déposée.', tone: 'info' };
      const why = [latest.reason, latest.comment].filter(Boolean).join(' : ');
      return {
        text: `Plateforme : ${latest.label}${why ? ` — ${why}` : ''}.`,
        tone: statusTone(latest.status),
      };
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The buyer's answers on Achats (POST /api/supplier-invoices/{id}/status)
// ---------------------------------------------------------------------------------------------

/** The reasons each answer may carry, for the form's choices (none for 204 and 205). */
export function answerReasons(status: BuyerAnswerStatus): readonly LifecycleReason[] {
  return reasonsByStatus[status] ?? [];
}

export const supplierInvoiceStatusInput = z
  .object({
    status: z.enum(buyerAnswerStatuses, { error: einvoicingMessages.status }),
    reasonCode: optionalField(z.string().max(40)),
    comment: optionalField(boundedText(1000)),
  })
  .superRefine((value, context) => {
    const { status, reasonCode } = value;
    if (reasonCode === undefined) {
      if (statusesRequiringReason.includes(status)) {
        context.addIssue({
          code: 'custom',
          path: ['reasonCode'],
          message: einvoicingMessages.reasonRequired,
        });
      }
    } else if (
      !answerReasons(status).includes(reasonCode as LifecycleReason) ||
      !reasonAllowedFor(status, reasonCode)
    ) {
      context.addIssue({ code: 'custom', path: ['reasonCode'], message: einvoicingMessages.reasonRefused });
    }
  });
export type SupplierInvoiceStatusInput = z.input<typeof supplierInvoiceStatusInput>;
export type SupplierInvoiceStatusData = z.output<typeof supplierInvoiceStatusInput>;

/** The lifecycle of a supplier invoice received through the platform. */
export const supplierInvoiceLifecycleSchema = z.object({
  /** The platform's flow that brought it. */
  flowId: z.string(),
  sellerSiren: z.string(),
  events: z.array(lifecycleEventSchema),
});
export type SupplierInvoiceLifecycle = z.infer<typeof supplierInvoiceLifecycleSchema>;

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
