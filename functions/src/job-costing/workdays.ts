/**
 * The 24 h rule's items (docs/profitability.md): `COMPANY#<c>` / `WORKDAY#<workerId>#<date>` with
 * `hours`, the worker's hours that day across chantiers in hundredths, moved by every time entry's
 * transaction; the rebuild puts them back from the entries.
 */
import { hoursHundredthsOf } from '@btp/shared/job-costing';
import { companyPk, type Key } from '../data/keys.js';

export const workdayPrefix = 'WORKDAY#';

export const workdaySk = (workerId: string, date: string): string => `${workdayPrefix}${workerId}#${date}`;

export const workdayKey = (companyId: string, workerId: string, date: string): Key => ({
  pk: companyPk(companyId),
  sk: workdaySk(workerId, date),
});

/** Each worker-day's total, from time entries (`workerId`, `date`, `hours`). */
export function workdayTotals(entries: readonly Record<string, unknown>[]): Map<string, number> {
  const totals = new Map<string, number>();
  for (const entry of entries) {
    const sk = workdaySk(String(entry.workerId), String(entry.date));
    totals.set(sk, (totals.get(sk) ?? 0) + hoursHundredthsOf(entry.hours as string | undefined));
  }
  return totals;
}
