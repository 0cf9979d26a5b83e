import type { DashboardStats } from '@btp/shared/dashboard-stats';
import { monthInFrance, previousMonth } from '@btp/shared/finance';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { readAggregateItems, readOverdue } from '../aggregates/read.js';
import { dashboardStatsFromAggregates } from './dashboard-stats.js';

/**
 * The company's dashboard figures, from its aggregates (`aggregates/figures.ts`, maintained by
 * every write): one batch read and one short query, whatever the number of records.
 */
export async function dashboardStats(companyId: string, now: Date = new Date()): Promise<DashboardStats> {
  const month = monthInFrance(now);
  const previous = previousMonth(month);
  const [items, overdue] = await Promise.all([
    readAggregateItems(companyId, [month, previous]),
    readOverdue(companyId, calendarDateInFrance(now)),
  ]);
  return dashboardStatsFromAggregates(
    {
      totals: items.totals,
      month: items.months.get(month)!,
      previousMonth: items.months.get(previous)!,
      overdue,
    },
    now,
  );
}
