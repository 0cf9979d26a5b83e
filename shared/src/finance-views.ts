/**
 * Display rules of the Tableau de bord and Finances screens built on the finance rules of
 * `finance.ts`: the computed trend texts that replace the spec's fixed ones, quarterly margins,
 * bar proportions, counts by status, the top payers and payees (the progress-bar tone of spec
 * section 9 is `progress-tone.ts`). Money stays in integer cents and ratios go through BigInt.
 */
import {
  profitMarginTenths,
  revenueEntries,
  revenueHtCents,
  topPaidTotals,
  type InvoiceAmounts,
} from './finance.js';
import { calendarDateInFrance } from './invoice-status.js';
import { divideRounded, formatDecimal } from './money.js';
import { purchaseEntry, type SupplierInvoiceAmounts } from './supplier-invoice-figures.js';

// Built on first use, not at import: creating an Intl formatter loads locale data (~10 ms), which
// every importer would pay up front (each Lambda function's cold start).
let signedPercentFormat: Intl.NumberFormat | undefined;
let signedPointsFormat: Intl.NumberFormat | undefined;

/** Shown instead of a change that cannot be computed (nothing to compare with). */
export const NO_CHANGE_FIGURE = '—';

/**
 * A change in tenths of a percent with its sign, fr-FR: `84` → "+8,4 %", `-52` → "-5,2 %",
 * `0` → "0,0 %" (U+00A0 before %).
 */
export function formatSignedPercentTenths(tenths: number): string {
  signedPercentFormat ??= new Intl.NumberFormat('fr-FR', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return signedPercentFormat.format(formatDecimal(tenths, 3) as `${number}`);
}

/**
 * A trend line in the spec's wording style ("+12% vs mois dernier"), computed: "+8,4 % vs mois
 * dernier", or "— vs mois dernier" when the change has no base (`null`).
 */
export function changeVsText(tenths: number | null, against: string): string {
  return `${tenths === null ? NO_CHANGE_FIGURE : formatSignedPercentTenths(tenths)} vs ${against}`;
}

/**
 * A difference of two percentages, in tenths of a percentage point, with its sign: `21` →
 * "+2,1 pts", `-4` → "-0,4 pt"; `null` → "—".
 */
export function formatPointsTenths(tenths: number | null): string {
  if (tenths === null) return NO_CHANGE_FIGURE;
  const unit = Math.abs(tenths) >= 20 ? 'pts' : 'pt';
  signedPointsFormat ??= new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  });
  return `${signedPointsFormat.format(formatDecimal(tenths, 1) as `${number}`)}\u00a0${unit}`;
}

/** The calendar quarter in France of an instant: `2026-05-10T…` → "2026-Q2". */
export function quarterInFrance(at: Date | string = new Date()): string {
  const date = calendarDateInFrance(typeof at === 'string' ? new Date(at) : at);
  const quarter = Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1;
  return `${date.slice(0, 4)}-Q${quarter}`;
}

/** The quarter before "YYYY-Qn": "2026-Q1" → "2025-Q4". */
export function previousQuarter(quarter: string): string {
  const year = Number(quarter.slice(0, 4));
  const number = Number(quarter.slice(6));
  return number === 1 ? `${year - 1}-Q4` : `${year}-Q${number - 1}`;
}

/**
 * Purchases HT paid in `quarter` ("YYYY-Qn", France): the `purchaseEntry` of each supplier invoice
 * or credit note whose payment falls in that quarter (`supplier-invoice-figures.ts`).
 */
export function purchasesHtInQuarterCents(
  supplierInvoices: Iterable<SupplierInvoiceAmounts>,
  quarter: string,
): number {
  let total = 0n;
  for (const record of supplierInvoices) {
    const entry = purchaseEntry(record);
    if (entry?.month && quarterOfMonth(entry.month) === quarter) total += BigInt(entry.cents);
  }
  return Number(total);
}

/**
 * Revenue HT of customer invoices in `quarter` ("YYYY-Qn", France): the movements of
 * `revenueEntries` (invoices cashed, less their credit notes) of the months of that quarter.
 */
export function revenueHtInQuarterCents(invoices: Iterable<InvoiceAmounts>, quarter: string): number {
  let total = 0n;
  for (const entry of revenueEntries(invoices)) {
    if (entry.month && quarterOfMonth(entry.month) === quarter) total += BigInt(entry.cents);
  }
  return Number(total);
}

/** "2026-05" → "2026-Q2". */
function quarterOfMonth(month: string): string {
  return `${month.slice(0, 4)}-Q${Math.floor((Number(month.slice(5, 7)) - 1) / 3) + 1}`;
}

/**
 * The profit margin of one quarter (revenue HT of that quarter − purchases HT paid in it, over
 * that revenue), in tenths of a percent; `null` when nothing was cashed in that quarter.
 */
export function quarterMarginTenths(
  invoices: Iterable<InvoiceAmounts>,
  supplierInvoices: Iterable<SupplierInvoiceAmounts>,
  quarter: string,
): number | null {
  return profitMarginTenths(
    revenueHtInQuarterCents(invoices, quarter),
    purchasesHtInQuarterCents(supplierInvoices, quarter),
  );
}

/**
 * The change of the margin from the previous quarter to the quarter of `today`, in tenths of a
 * percentage point; `null` when either quarter has no revenue (no margin to compare).
 */
export function quarterMarginChangeTenths(
  invoices: readonly InvoiceAmounts[],
  supplierInvoices: readonly SupplierInvoiceAmounts[],
  today: Date = new Date(),
): number | null {
  const current = quarterInFrance(today);
  const now = quarterMarginTenths(invoices, supplierInvoices, current);
  const before = quarterMarginTenths(invoices, supplierInvoices, previousQuarter(current));
  return now === null || before === null ? null : now - before;
}

/**
 * Widths of two bars compared with each other, in whole percent: the larger amount fills its bar
 * (100), the other is its share of the larger, rounded half up; both 0 when both amounts are 0
 * (or below).
 */
export function comparedBarPercents(aCents: number, bCents: number): { a: number; b: number } {
  const a = Math.max(0, aCents);
  const b = Math.max(0, bCents);
  const larger = Math.max(a, b);
  if (larger === 0) return { a: 0, b: 0 };
  const share = (cents: number) => Number(divideRounded(BigInt(cents) * 100n, BigInt(larger)));
  return { a: share(a), b: share(b) };
}

/** How many records have each of `statuses` (other statuses are not counted). */
export function countByStatus<S extends string>(
  records: Iterable<{ status?: string | null }>,
  statuses: readonly S[],
): Record<S, number> {
  const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<S, number>;
  for (const record of records) {
    const status = record.status as S;
    if (status in counts) counts[status] += 1;
  }
  return counts;
}

/** The first `limit` items and how many more there are ("Et N autres …"). */
export function firstOf<T>(items: readonly T[], limit: number): { shown: T[]; moreCount: number } {
  return { shown: items.slice(0, limit), moreCount: Math.max(0, items.length - limit) };
}

/** A client or supplier with what it paid or was paid in all, in cents. */
export interface PaidParty {
  id: string;
  name: string;
  cents: number;
}

/**
 * The `limit` parties (clients of invoices, suppliers of supplier invoices) with the largest paid
 * totals, largest first (`topPaidTotals`), named after the first invoice that names them; a party
 * whose record is gone reads `fallbackName`.
 */
export function topPaidParties<T extends InvoiceAmounts>(
  invoices: readonly T[],
  partyOf: (invoice: T) => { id?: string | null; name?: string | null } | null | undefined,
  keyOf: (invoice: T) => string | null | undefined,
  limit = 5,
  fallbackName = 'Inconnu',
): PaidParty[] {
  const names = new Map<string, string>();
  for (const invoice of invoices) {
    const key = keyOf(invoice);
    const name = partyOf(invoice)?.name;
    if (key && name && !names.has(key)) names.set(key, name);
  }
  return topPaidTotals(invoices, keyOf, limit).map(({ key, cents }) => ({
    id: key,
    name: names.get(key) ?? fallbackName,
    cents,
  }));
}

/**
 * The `limit` clients with the largest revenue HT cashed (`revenueHtCents` of their invoices and
 * credit notes: partial payments counted, credit notes taken off), largest first, so that the top
 * clients add up to no more than "CA Encaissé HT" beside them; clients at 0 or below are left out.
 * Ties keep first-seen order; a client whose record is gone reads `fallbackName`.
 */
export function topRevenueParties<T extends InvoiceAmounts>(
  invoices: readonly T[],
  partyOf: (invoice: T) => { id?: string | null; name?: string | null } | null | undefined,
  keyOf: (invoice: T) => string | null | undefined,
  limit = 5,
  fallbackName = 'Inconnu',
): PaidParty[] {
  const groups = new Map<string, T[]>();
  const names = new Map<string, string>();
  for (const invoice of invoices) {
    const key = keyOf(invoice);
    if (!key) continue;
    groups.set(key, [...(groups.get(key) ?? []), invoice]);
    const name = partyOf(invoice)?.name;
    if (name && !names.has(key)) names.set(key, name);
  }
  return [...groups]
    .map(([key, group]) => ({ id: key, name: names.get(key) ?? fallbackName, cents: revenueHtCents(group) }))
    .filter((party) => party.cents > 0)
    .sort((a, b) => b.cents - a.cents)
    .slice(0, limit);
}
