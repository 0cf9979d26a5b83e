/**
 * The costing bodies parsed by hand, without zod (issue 27, `bench:lambda`: `PUT
 * /api/projects/{id}/cost-estimate` and `PUT /api/company/costing` start without zod's code). Each
 * answers as the zod schema it replaces (`profitability.ts`, kept for the SPA's forms) does, issue
 * for issue: `profitability-input.test.ts` compares them on seeded random bodies.
 */
import {
  decimalAnswer,
  moneyRule,
  nullableAnswer,
  percentRule,
  readFields,
  versionAnswer,
} from '../body-fields.js';
import { MONEY_MAX_CENTS } from '../money.js';
import { objectBodyParser, type QueryParser } from '../query-parser.js';

/** The alert threshold out of its rule; `profitability.ts` gives it to its zod field too. */
export const COST_ALERT_THRESHOLD_MESSAGE =
  "Le seuil d'alerte doit être un pourcentage entre 0 et 100, avec au plus deux décimales";

const costEstimateRule = moneyRule({ nonNegative: true });
const thresholdRule = percentRule({ message: COST_ALERT_THRESHOLD_MESSAGE });

/** `PUT /api/projects/{id}/cost-estimate`'s body: the estimate ("1234.50"), `null` to clear it, absent to keep it. */
export const costEstimateParser: QueryParser<{
  costEstimate?: string | null | undefined;
  version?: number | undefined;
}> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      costEstimate: nullableAnswer((value) => decimalAnswer(value, costEstimateRule)),
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as { costEstimate?: string | null; version?: number } };
  },
  {
    type: 'object',
    properties: {
      costEstimate: { type: ['string', 'number', 'null'], minimum: 0, maximum: MONEY_MAX_CENTS / 100 },
      version: { type: 'integer', minimum: 1 },
    },
  },
);

/** `PUT /api/company/costing`'s body: the alert threshold, percent over budget ("10.00"). */
export const costingSettingsParser: QueryParser<{
  costAlertThreshold: string;
  version?: number | undefined;
}> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      costAlertThreshold: (value) => decimalAnswer(value, thresholdRule),
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as { costAlertThreshold: string; version?: number } };
  },
  {
    type: 'object',
    properties: {
      costAlertThreshold: { type: ['string', 'number'], minimum: 0, maximum: 100 },
      version: { type: 'integer', minimum: 1 },
    },
    required: ['costAlertThreshold'],
  },
);
