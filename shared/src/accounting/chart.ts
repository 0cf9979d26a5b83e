/**
 * The chart of accounts the entries are written with (`../shared/guide/ACCOUNTING.md`, « Accounts »):
 * French PCG numbers, the defaults of the guide, editable per company on Paramètres
 * (`GET, PUT /api/company/accounts`) so that the books use the accountant's own numbers.
 *
 * Each use of an account (clients, VAT collected, bank…) has one number and one label. A number is
 * 3 to 10 digits of the PCG's classes 1 to 8 and must start with its use's PCG root (`411` for
 * clients, `70` for works sold, `4457` for VAT collected…): a chart where clients land on a bank
 * account is refused with the field named, never written.
 */
import { vatRates } from '../enums.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import {
  accountNumberPattern,
  accountUseRules,
  accountUses,
  auxPrefixPattern,
  chartMessages,
  chartRuleIssues,
  MAX_ACCOUNT_LABEL_LENGTH,
  type AccountUse,
} from './chart-rules.js';

// The rules without zod (`chart-rules.ts`), re-exported beside the schemas.
export {
  accountUseRules,
  accountUses,
  chartMessages,
  defaultChartOfAccounts,
  MAX_ACCOUNT_LABEL_LENGTH,
  purchaseUseOfResourceType,
  salesAccountOfRate,
  type Account,
  type AccountUse,
} from './chart-rules.js';

function accountSchema(title: string, root: string) {
  return z.object({
    number: z
      .string({ error: chartMessages.number(title) })
      .trim()
      .regex(accountNumberPattern, chartMessages.number(title))
      .refine(
        (number) => !accountNumberPattern.test(number) || number.startsWith(root),
        chartMessages.root(title, root),
      ),
    label: z
      .string({ error: chartMessages.label(title) })
      .trim()
      .min(1, chartMessages.label(title))
      .max(MAX_ACCOUNT_LABEL_LENGTH, chartMessages.label(title)),
  });
}

const accountsShape = Object.fromEntries(
  accountUses.map((use) => [use, accountSchema(accountUseRules[use].title, accountUseRules[use].root)]),
) as Record<AccountUse, ReturnType<typeof accountSchema>>;

/** A sales account for one VAT rate (« 704100 at 20 % »), instead of `sales`. */
const salesByRateSchema = z.object({
  rate: z.enum(vatRates, {
    error: 'Taux de TVA invalide : 20, 10, 5,5, 2,1 ou 0',
  }),
  ...accountSchema('Travaux vendus à ce taux', '70').shape,
});

const chartFields = {
  accounts: z.object(accountsShape),
  /** Optional: one works account per VAT rate; rates not listed use `accounts.sales`. */
  salesByRate: z.array(salesByRateSchema).max(5).default([]),
  clientAuxPrefix: z.string().trim().regex(auxPrefixPattern, chartMessages.auxPrefix),
  supplierAuxPrefix: z.string().trim().regex(auxPrefixPattern, chartMessages.auxPrefix),
};

/** The rules across fields (`chartRuleIssues`), as zod issues. */
function chartRules(chart: Parameters<typeof chartRuleIssues>[0], context: z.RefinementCtx): void {
  for (const issue of chartRuleIssues(chart)) context.addIssue({ code: 'custom', ...issue });
}

/** The chart as stored and answered by `GET /api/company/accounts` (`version`: the optimistic lock). */
export const chartOfAccountsSchema = z.object({ ...chartFields, version: z.number().int() });
export type ChartOfAccounts = z.infer<typeof chartOfAccountsSchema>;

/** `PUT /api/company/accounts`: the whole chart and the `version` read (0 while the defaults were never saved). */
export const chartOfAccountsInput = z
  .object({
    ...chartFields,
    version: z
      .number({ error: 'La version doit être un nombre entier positif ou nul' })
      .int('La version doit être un nombre entier positif ou nul')
      .min(0, 'La version doit être un nombre entier positif ou nul'),
  })
  .superRefine(chartRules, { when: () => true });
export type ChartOfAccountsInput = z.input<typeof chartOfAccountsInput>;
export type ChartOfAccountsData = z.output<typeof chartOfAccountsInput>;
