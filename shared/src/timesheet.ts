/**
 * Pointage rules shared by the server and the SPA (docs/profitability.md): weeks run Monday to
 * Sunday, hours are quarter hours (hundredths of an hour here: 7.75 h → 775), a worker counts at
 * most 24 h a day across chantiers, and the weekly timesheets group a week's entries per worker or
 * per chantier.
 */
import { sumCents } from './money.js';

/** The most hours a worker is counted for in one day, in hundredths (24 h). */
export const MAX_DAY_HOURS_HUNDREDTHS = 2_400;

const DAY_MS = 86_400_000;

function utcDay(date: string): number {
  return Date.parse(`${date.slice(0, 10)}T00:00:00Z`);
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `date` plus `days` days (`YYYY-MM-DD`). */
export function addDays(date: string, days: number): string {
  return isoDay(utcDay(date) + days * DAY_MS);
}

/** The Monday of the week of `date` (`YYYY-MM-DD`). */
export function weekStartOf(date: string): string {
  const day = new Date(utcDay(date)).getUTCDay(); // 0 Sunday … 6 Saturday
  return addDays(date, -((day + 6) % 7));
}

export function isMonday(date: string): boolean {
  return weekStartOf(date) === date.slice(0, 10);
}

/** The seven days of the week starting `weekStart`. */
export function weekDays(weekStart: string): string[] {
  return Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
}

/** Whether a day's total stays within 24 h once `addedHundredths` are added to `currentHundredths`. */
export function fitsInDay(currentHundredths: number, addedHundredths: number): boolean {
  return currentHundredths + addedHundredths <= MAX_DAY_HOURS_HUNDREDTHS;
}

/** What the timesheets read of an entry. */
export interface TimesheetEntry {
  workerId: string;
  projectId: string;
  date: string;
  /** "7.75" */
  hours: string;
}

function hundredthsOf(hours: string): number {
  const [whole = '0', decimals = ''] = hours.split('.');
  return Number(whole) * 100 + Number(decimals.padEnd(2, '0').slice(0, 2));
}

export interface TimesheetRow {
  /** The worker's id (a worker's timesheet: the chantier's). */
  key: string;
  /** Hundredths per day, Monday first. */
  days: number[];
  total: number;
}

export interface Timesheet {
  weekStart: string;
  rows: TimesheetRow[];
  /** Hundredths per day, all rows. */
  dayTotals: number[];
  total: number;
}

/**
 * A week's timesheet: one row per `rowOf(entry)` (the worker on a chantier's sheet, the chantier on
 * a worker's), seven days, totals per row, per day and overall. Entries outside the week are left out.
 */
export function weeklyTimesheet(
  entries: readonly TimesheetEntry[],
  weekStart: string,
  rowOf: (entry: TimesheetEntry) => string,
): Timesheet {
  const days = weekDays(weekStart);
  const rows = new Map<string, TimesheetRow>();
  const dayTotals = days.map(() => 0);
  for (const entry of entries) {
    const index = days.indexOf(entry.date.slice(0, 10));
    if (index < 0) continue;
    const key = rowOf(entry);
    let row = rows.get(key);
    if (!row) {
      row = { key, days: days.map(() => 0), total: 0 };
      rows.set(key, row);
    }
    const hours = hundredthsOf(entry.hours);
    row.days[index] = sumCents([row.days[index] ?? 0, hours]);
    row.total = sumCents([row.total, hours]);
    dayTotals[index] = sumCents([dayTotals[index] ?? 0, hours]);
  }
  return { weekStart, rows: [...rows.values()], dayTotals, total: sumCents(dayTotals) };
}

/** A worker's total per day over every chantier: the 24 h rule's figure. */
export function dayTotalsOfWorker(entries: readonly TimesheetEntry[], workerId: string): Map<string, number> {
  const totals = new Map<string, number>();
  for (const entry of entries) {
    if (entry.workerId !== workerId) continue;
    const day = entry.date.slice(0, 10);
    totals.set(day, sumCents([totals.get(day) ?? 0, hundredthsOf(entry.hours)]));
  }
  return totals;
}
