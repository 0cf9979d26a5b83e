/**
 * The e-invoicing network as the product shows and uses it (issue 30, docs/einvoicing-network.md
 * "The product side"): the company's settings of its plateforme agréée (PA), what became of an
 * invoice on the network (submitted or not, and why; acknowledged; its lifecycle statuses both
 * ways), the buyer's answers on Achats, and which payments send a 212 « Encaissée » with which
 * amounts per VAT rate. Shared by the functions (routes, the sync job) and the SPA (Paramètres,
 * Facturation, Achats).
 */
import {
  buyerAnswerStatuses,
  reasonAllowedFor,
  statusesRequiringReason,
  type LifecycleReason,
} from './einvoicing-lifecycle.js';
import {
  answerReasons,
  einvoicingMessages,
  isPlatformUrl,
  latestReceived,
  networkStates,
  notSentReasonLabels,
  notSentReasons,
  statusTone,
  type StatusTone,
} from './einvoicing-network-rules.js';
import { boundedText, instantField, optionalField } from './fields.js';
import * as z from './lazy-zod.js';
import './zod-fr.js';

// The rules and texts, without zod (what the data layer and the list routes import).
export * from './einvoicing-network-rules.js';

// ---------------------------------------------------------------------------------------------
// The company's settings (Paramètres › Facturation électronique)
// ---------------------------------------------------------------------------------------------

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

/** The line a card shows for an invoice's network state, or `undefined` when there is nothing to say. */
export interface LifecycleSummary {
  text: string;
  tone: StatusTone;
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
