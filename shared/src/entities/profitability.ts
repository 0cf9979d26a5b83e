/**
 * `GET /api/projects/{id}/profitability` and the Finances list of chantiers (docs/profitability.md):
 * the figures of `job-costing.ts` as the API carries them (money "1234.50", hours "7.75",
 * percentages "12.50").
 */
import { resourceTypes } from '../enums.js';
import { moneyField, percentField } from '../fields.js';
import { updateVersionFields } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import { COST_ALERT_THRESHOLD_MESSAGE } from './profitability-input.js';

const byResourceTypeSchema = z.object(
  Object.fromEntries(resourceTypes.map((type) => [type, z.string()])) as Record<
    (typeof resourceTypes)[number],
    z.ZodString
  >,
);

const costBlock = z.object({ byResourceType: byResourceTypeSchema, total: z.string() });

export const profitabilityAlertSchema = z.object({
  kind: z.enum(['resource', 'unbudgeted', 'hours', 'total', 'forecast', 'negative_margin']),
  resourceType: z.enum(resourceTypes).optional(),
  /** `hours`: hours ("120.00"); otherwise money. */
  unit: z.enum(['money', 'hours']),
  budget: z.string(),
  actual: z.string(),
  overrunPercent: z.string().optional(),
  message: z.string(),
});
export type ProfitabilityAlertView = z.infer<typeof profitabilityAlertSchema>;

export const profitabilitySchema = z.object({
  project: z.object({ id: z.string(), name: z.string(), status: z.string(), progress: z.number() }),
  /** Selling price HT of the signed devis and amendments. */
  contract: z.string(),
  /** Expected revenue: the contract, or what is billed when more. */
  revenue: z.string(),
  budget: costBlock.extend({ hours: z.string() }),
  committed: costBlock,
  actual: costBlock.extend({ hours: z.string(), laborCost: z.string() }),
  billed: z.object({
    total: z.string(),
    byKind: z.object({
      standard: z.string(),
      deposit: z.string(),
      progress: z.string(),
      credit_note: z.string(),
    }),
  }),
  forecast: costBlock.extend({
    hours: z.string(),
    method: z.enum(['progress', 'estimate']),
    progressTotal: z.string(),
  }),
  margin: z.string(),
  marginPercent: z.string().nullable(),
  marginToDate: z.string(),
  alerts: z.array(profitabilityAlertSchema),
  /** The company's threshold, percent. */
  alertThreshold: z.string(),
  /** The manager's own estimate of the cost at completion, when given. */
  costEstimate: z.string().optional(),
  /** The signed devis the budget comes from. */
  quotes: z.array(z.object({ id: z.string(), number: z.string(), totalAmount: z.string() })),
});
export type Profitability = z.infer<typeof profitabilitySchema>;

/** One chantier in `GET /api/finances/projects`. */
export const projectMarginSchema = z.object({
  project: z.object({ id: z.string(), name: z.string(), status: z.string(), progress: z.number() }),
  client: z.object({ id: z.string(), name: z.string() }).optional(),
  revenue: z.string(),
  budget: z.string(),
  actual: z.string(),
  billed: z.string(),
  forecast: z.string(),
  margin: z.string(),
  marginPercent: z.string().nullable(),
  alerts: z.number(),
});
export type ProjectMargin = z.infer<typeof projectMarginSchema>;

/** `PUT /api/projects/{id}/cost-estimate`: the manager's estimate of the cost at completion, or none (`null`). */
export const costEstimateInput = z.object({
  costEstimate: z.union([moneyField({ nonNegative: true }), z.null()]).optional(),
  ...updateVersionFields,
});
export type CostEstimateInput = z.input<typeof costEstimateInput>;

/** `PUT /api/company/costing` (company administrators): the alert threshold, percent over budget. */
export const costingSettingsInput = z.object({
  costAlertThreshold: percentField({ message: COST_ALERT_THRESHOLD_MESSAGE }),
  ...updateVersionFields,
});
export type CostingSettingsInput = z.input<typeof costingSettingsInput>;
