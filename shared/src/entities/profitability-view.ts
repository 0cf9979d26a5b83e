/**
 * The figures of `job-costing.ts` as `GET /api/projects/{id}/profitability` and the cost sheet carry
 * them (money "1234.50", hours "7.75", percentages "12.50"), apart from the schemas of
 * `profitability.ts`: the services build them without loading zod (issue 27,
 * `bench:lambda`).
 */
import {
  formatByResourceType,
  formatHours,
  type ProfitabilityAlert,
  type ProfitabilityFigures,
} from '../job-costing.js';
import { formatDecimal, formatMoney } from '../money.js';
import type { Profitability, ProfitabilityAlertView } from './profitability.js';

const percentText = (hundredths: number | null): string | null =>
  hundredths === null ? null : formatDecimal(hundredths, 2);

function alertView(alert: ProfitabilityAlert): ProfitabilityAlertView {
  const hours = alert.kind === 'hours';
  const format = hours ? formatHours : formatMoney;
  return {
    kind: alert.kind,
    ...(alert.resourceType ? { resourceType: alert.resourceType } : {}),
    unit: hours ? 'hours' : 'money',
    budget: format(alert.budget),
    actual: format(alert.actual),
    ...(alert.overrunHundredths === undefined
      ? {}
      : { overrunPercent: formatDecimal(alert.overrunHundredths, 2) }),
    message: alert.message,
  };
}

/** The figures as the API answers them (the project, estimate and quotes added by the caller). */
export function profitabilityFiguresView(
  figures: ProfitabilityFigures,
): Omit<Profitability, 'project' | 'alertThreshold' | 'costEstimate' | 'quotes'> {
  return {
    contract: formatMoney(figures.contractCents),
    revenue: formatMoney(figures.revenueCents),
    budget: {
      byResourceType: formatByResourceType(figures.budget.byResourceType),
      total: formatMoney(figures.budget.total),
      hours: formatHours(figures.budget.hoursHundredths),
    },
    committed: {
      byResourceType: formatByResourceType(figures.committed.byResourceType),
      total: formatMoney(figures.committed.total),
    },
    actual: {
      byResourceType: formatByResourceType(figures.actual.byResourceType),
      total: formatMoney(figures.actual.total),
      hours: formatHours(figures.actual.hoursHundredths),
      laborCost: formatMoney(figures.actual.laborCents),
    },
    billed: {
      total: formatMoney(figures.billed.total),
      byKind: {
        standard: formatMoney(figures.billed.byKind.standard),
        deposit: formatMoney(figures.billed.byKind.deposit),
        progress: formatMoney(figures.billed.byKind.progress),
        credit_note: formatMoney(figures.billed.byKind.credit_note),
      },
    },
    forecast: {
      byResourceType: formatByResourceType(figures.forecast.byResourceType),
      total: formatMoney(figures.forecast.total),
      hours: formatHours(figures.forecast.hoursHundredths),
      method: figures.forecast.method,
      progressTotal: formatMoney(figures.forecast.progressTotal),
    },
    margin: formatMoney(figures.margin),
    marginPercent: percentText(figures.marginPercentHundredths),
    marginToDate: formatMoney(figures.marginToDate),
    alerts: figures.alerts.map(alertView),
  };
}
