/**
 * Finance rules of spec section 9, shared by the dashboard endpoint and the SPA's Finances screen:
 * paid totals, net profit, margin, month-over-month change, pending supplier total, the quantity
 * table of active projects. All amounts are integer cents (money.ts); ratios are integer tenths of
 * a percent computed on BigInts, so no figure ever goes through floating point.
 */
import { awaitsPayment, calendarDateInFrance, isOverdue } from './invoice-status.js';
import { divideRounded, formatDecimal, percentOf, sumCents, tryParseDecimal, MONEY_SCALE } from './money.js';
import * as z from 'zod';
import './zod-fr.js';

/** What the rules read of a customer or supplier invoice (money as decimal strings, as the API sends it). */
export interface InvoiceAmounts {
  status: string;
  totalAmount?: string | number | null;
  paidAmount?: string | number | null;
  /** Instant of payment (ISO 8601). */
  paidAt?: string | null;
  dueDate?: string | null;
}

/** An amount in cents; a missing or unreadable value counts as 0 (data read back, already validated on write). */
export function centsOf(value: string | number | null | undefined): number {
  if (value == null) return 0;
  const parsed = tryParseDecimal(value, MONEY_SCALE);
  return parsed.ok ? parsed.units : 0;
}

/**
 * What an invoice brought in (customer) or cost (supplier), in cents: 0 unless its status is
 * `paid`; then its `paidAmount`, or its `totalAmount` when no amount was recorded (a supplier
 * invoice marked paid by editing its status keeps the default paid amount of 0.00).
 */
export function paidCents(invoice: InvoiceAmounts): number {
  if (invoice.status !== 'paid') return 0;
  const paid = centsOf(invoice.paidAmount);
  return paid > 0 ? paid : centsOf(invoice.totalAmount);
}

/** Sum of `paidCents`: revenue for customer invoices, expenses for supplier invoices. */
export function paidTotalCents(invoices: Iterable<InvoiceAmounts>): number {
  return sumCents([...invoices].map(paidCents));
}

/** Net profit = paid invoices − paid supplier invoices, in cents (may be negative). */
export function netProfitCents(revenueCents: number, expensesCents: number): number {
  return revenueCents - expensesCents;
}

/**
 * Margin = net profit / revenue, in tenths of a percent rounded half away from zero
 * (`234` is 23.4 %); `null` when there is no revenue to divide by.
 */
export function profitMarginTenths(revenueCents: number, expensesCents: number): number | null {
  if (revenueCents <= 0) return null;
  return Number(
    divideRounded(BigInt(netProfitCents(revenueCents, expensesCents)) * 1000n, BigInt(revenueCents)),
  );
}

/**
 * Change from `previous` to `current`, in tenths of a percent (`125` is +12.5 %); `null` when
 * `previous` is zero (no base to compare with).
 */
export function changeTenths(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Number(divideRounded(BigInt(current - previous) * 1000n, BigInt(Math.abs(previous))));
}

// Built on first use, not at import: creating an Intl formatter loads locale data (~10 ms), which
// every importer would pay up front (each Lambda function's cold start).
let percentFormat: Intl.NumberFormat | undefined;
let wholePercentFormat: Intl.NumberFormat | undefined;

/**
 * Tenths of a percent as French text with one decimal: `234` → "23,4 %", `-52` → "-5,2 %"
 * (no-break space U+00A0 before %, U+202F between thousands); `null` (nothing to compute) → "0 %".
 */
export function formatPercentTenths(tenths: number | null): string {
  // Intl receives the exact decimal text ("0.234"), never a float.
  if (tenths === null) {
    wholePercentFormat ??= new Intl.NumberFormat('fr-FR', { style: 'percent' });
    return wholePercentFormat.format(0);
  }
  percentFormat ??= new Intl.NumberFormat('fr-FR', {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return percentFormat.format(formatDecimal(tenths, 3) as `${number}`);
}

/** Tenths of a percent as a plain decimal string, `234` → "23.4", `null` stays `null` (raw figures). */
export function percentTenthsText(tenths: number | null): string | null {
  return tenths === null ? null : formatDecimal(tenths, 1);
}

/** The calendar month in France of an instant, `YYYY-MM`. */
export function monthInFrance(at: Date | string = new Date()): string {
  return calendarDateInFrance(typeof at === 'string' ? new Date(at) : at).slice(0, 7);
}

/** The month before `YYYY-MM`: "2026-01" → "2025-12". */
export function previousMonth(month: string): string {
  const year = Number(month.slice(0, 4));
  const monthNumber = Number(month.slice(5, 7));
  return monthNumber === 1 ? `${year - 1}-12` : `${year}-${String(monthNumber - 1).padStart(2, '0')}`;
}

/**
 * Revenue of a calendar month (`YYYY-MM`, France): `paidCents` of the paid invoices whose
 * `paidAt` falls in that month. A paid invoice without `paidAt` belongs to no month.
 */
export function paidInMonthCents(invoices: Iterable<InvoiceAmounts>, month: string): number {
  return sumCents(
    [...invoices]
      .filter(
        (invoice) => invoice.status === 'paid' && invoice.paidAt && monthInFrance(invoice.paidAt) === month,
      )
      .map(paidCents),
  );
}

/** What is still owed on an invoice that awaits payment (total − paid, never below 0); 0 otherwise. */
export function outstandingCents(invoice: InvoiceAmounts): number {
  if (!awaitsPayment(invoice.status)) return 0;
  return Math.max(0, centsOf(invoice.totalAmount) - centsOf(invoice.paidAmount));
}

/**
 * Pending supplier total = supplier invoices not paid (spec section 9): what remains to pay on
 * every supplier invoice that is neither paid nor cancelled, in cents.
 */
export function pendingSupplierCents(supplierInvoices: Iterable<InvoiceAmounts>): number {
  return sumCents(
    [...supplierInvoices]
      .filter((invoice) => invoice.status !== 'paid' && invoice.status !== 'cancelled')
      .map((invoice) => Math.max(0, centsOf(invoice.totalAmount) - centsOf(invoice.paidAmount))),
  );
}

/** Customer invoices that await payment and those of them that are overdue on `today`. */
export function receivables(
  invoices: Iterable<InvoiceAmounts>,
  today: string = calendarDateInFrance(),
): { count: number; cents: number; overdueCount: number; overdueCents: number } {
  const pending = [...invoices].filter((invoice) => awaitsPayment(invoice.status));
  const overdue = pending.filter((invoice) => isOverdue(invoice, today));
  return {
    count: pending.length,
    cents: sumCents(pending.map(outstandingCents)),
    overdueCount: overdue.length,
    overdueCents: sumCents(overdue.map(outstandingCents)),
  };
}

/**
 * A row of the dashboard's quantity table (spec section 9): planned = estimated budget (0 when
 * missing), realized = planned × progress / 100 (rounded to the cent), balance = planned − realized.
 */
export function projectQuantities(project: {
  estimatedBudget?: string | number | null;
  progress?: number | null;
}): {
  plannedCents: number;
  realizedCents: number;
  balanceCents: number;
} {
  const plannedCents = centsOf(project.estimatedBudget);
  const progress = Math.min(100, Math.max(0, Math.trunc(project.progress ?? 0)));
  const realizedCents = percentOf(plannedCents, progress * 100);
  return { plannedCents, realizedCents, balanceCents: plannedCents - realizedCents };
}

/**
 * The `limit` largest paid totals per key (top clients by `clientId`, top suppliers by
 * `supplierId`), largest first; keys with nothing paid are left out. Ties keep first-seen order.
 */
export function topPaidTotals<T extends InvoiceAmounts>(
  invoices: Iterable<T>,
  keyOf: (invoice: T) => string | null | undefined,
  limit = 5,
): { key: string; cents: number }[] {
  const totals = new Map<string, number>();
  for (const invoice of invoices) {
    const key = keyOf(invoice);
    const cents = paidCents(invoice);
    if (!key || cents === 0) continue;
    totals.set(key, (totals.get(key) ?? 0) + cents);
  }
  return [...totals]
    .map(([key, cents]) => ({ key, cents }))
    .sort((a, b) => b.cents - a.cents)
    .slice(0, limit);
}

/** `GET /api/dashboard/stats`: the four figures the dashboard shows, as text, plus the raw figures behind them. */
export const dashboardStatsSchema = z.object({
  /** Projects `in_progress`. */
  activeProjects: z.number().int(),
  /** Revenue paid this calendar month (France), e.g. "1 234,50 €". */
  monthlyRevenue: z.string(),
  /** Quotes `sent`, awaiting the client's answer. */
  pendingQuotes: z.number().int(),
  /** (paid invoices − paid supplier invoices) / paid invoices, e.g. "23,4 %"; "0 %" without revenue. */
  profitMargin: z.string(),
  /** Money as decimal strings ("1234.50"), percentages as decimal strings with one decimal or `null`. */
  raw: z.object({
    /** The month of `monthlyRevenue`, `YYYY-MM` in France. */
    month: z.string(),
    monthlyRevenue: z.string(),
    previousMonthRevenue: z.string(),
    /** Change of `monthlyRevenue` vs the previous month, "12.5" for +12.5 %; `null` when last month is 0. */
    monthlyRevenueChangePercent: z.string().nullable(),
    /** All paid customer invoices. */
    revenuePaid: z.string(),
    /** All paid supplier invoices. */
    expensesPaid: z.string(),
    netProfit: z.string(),
    /** "23.4"; `null` without revenue. */
    profitMarginPercent: z.string().nullable(),
    /** Total of the quotes awaiting an answer. */
    pendingQuotesValue: z.string(),
    /** Customer invoices sent and not paid (overdue included), and what remains owed on them. */
    pendingInvoices: z.number().int(),
    pendingInvoicesValue: z.string(),
    overdueInvoices: z.number().int(),
    overdueInvoicesValue: z.string(),
    /** Supplier invoices neither paid nor cancelled: what remains to pay. */
    pendingSupplierInvoicesValue: z.string(),
  }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
