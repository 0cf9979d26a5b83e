import type { TimeEntry } from '@btp/shared/entities/time-entry';
import type { Worker } from '@btp/shared/entities/worker';
import { addDays, weekDays } from '@btp/shared/timesheet';

import type { HoursChange } from '../../../api/job-costing/time-entries';

/**
 * The rules of the Pointage screen (docs/profitability.md): a day's sheet of a chantier (one row
 * per worker, the entries without a devis line), what saving it sends, « Copier la veille ».
 * Hours here are hundredths of an hour (7.75 h → 775), as in `@btp/shared/timesheet`.
 */

export const QUARTER = 25;
export const MAX_DAY = 2_400;

export function hundredths(hours: string): number {
  const [whole = '0', decimals = ''] = hours.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
}

/** "7.75" for the API. */
export function hoursValue(value: number): string {
  return (value / 100).toFixed(2);
}

/** "7,75 h", "8 h", "0 h". */
export function hoursText(value: number): string {
  return `${(value / 100)
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .replace('.', ',')} h`;
}

/** A value kept on the quarter hour within 0–24 h. */
export function clampHours(value: number): number {
  return Math.min(MAX_DAY, Math.max(0, Math.round(value / QUARTER) * QUARTER));
}

/** The entries of a day's sheet: a chantier, a day, no devis line, by worker. */
export function sheetEntries(
  entries: readonly TimeEntry[],
  projectId: string,
  date: string,
): Map<string, TimeEntry> {
  const sheet = new Map<string, TimeEntry>();
  for (const entry of entries) {
    if (entry.projectId === projectId && entry.date === date && !entry.itemId)
      sheet.set(entry.workerId, entry);
  }
  return sheet;
}

/** The hours of each worker on the sheet. */
export function sheetHours(sheet: ReadonlyMap<string, TimeEntry>): Map<string, number> {
  return new Map([...sheet].map(([workerId, entry]) => [workerId, hundredths(entry.hours)]));
}

/** What saving the sheet sends: a new entry, new hours, or an entry removed (0 h). */
export function sheetChanges(
  sheet: ReadonlyMap<string, TimeEntry>,
  edited: ReadonlyMap<string, number>,
  projectId: string,
  date: string,
): HoursChange[] {
  const changes: HoursChange[] = [];
  for (const [workerId, value] of edited) {
    const entry = sheet.get(workerId);
    if (!entry) {
      if (value > 0)
        changes.push({ kind: 'create', entry: { workerId, projectId, date, hours: hoursValue(value) } });
    } else if (value === 0) {
      changes.push({ kind: 'delete', id: entry.id });
    } else if (value !== hundredths(entry.hours)) {
      changes.push({
        kind: 'update',
        id: entry.id,
        entry: {
          workerId,
          projectId,
          date,
          hours: hoursValue(value),
          note: entry.note,
          version: entry.version,
        },
      });
    }
  }
  return changes;
}

/**
 * « Copier la veille »: the latest day before `date` (within a week) on which hours were entered on
 * the chantier, and its hours per worker — a Monday copies the Friday (or Saturday) before.
 */
export function previousDay(
  entries: readonly TimeEntry[],
  projectId: string,
  date: string,
): { date: string; hours: Map<string, number> } | undefined {
  for (let back = 1; back <= 7; back += 1) {
    const day = addDays(date, -back);
    const hours = sheetHours(sheetEntries(entries, projectId, day));
    if (hours.size > 0) return { date: day, hours };
  }
  return undefined;
}

/** The workers a user sees on the sheet: every active one, or only himself when he does not lead. */
export function sheetWorkers(
  workers: readonly Worker[],
  userId: string | undefined,
  admin: boolean,
): Worker[] {
  const active = workers.filter((worker) => worker.isActive);
  const own = workers.find((worker) => worker.userId !== undefined && worker.userId === userId);
  if (admin || !own || own.teamLead) return active.sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  return own.isActive ? [own] : [];
}

/** Hours per day of the week on the chantier (the week strip's figures). */
export function dayTotals(entries: readonly TimeEntry[], projectId: string, weekStart: string): number[] {
  return weekDays(weekStart).map((day) =>
    entries
      .filter((entry) => entry.projectId === projectId && entry.date === day)
      .reduce((sum, entry) => sum + hundredths(entry.hours), 0),
  );
}

const dayNames = ['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim'];

/** « Lun 2 » for the week strip. */
export function shortDay(date: string, index: number): string {
  return `${dayNames[index] ?? ''} ${Number(date.slice(8, 10))}`;
}

/** « lundi 2 mars 2026 ». */
export function longDay(date: string): string {
  return new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}

/** Today in France (`YYYY-MM-DD`). */
export function todayInFrance(now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);
}
