/**
 * Finance rules of spec section 9, shared by the dashboard endpoint and the SPA's Finances screen:
 * paid totals, net profit, margin, month-over-month change, pending supplier total, the quantity
 * table of active projects. All amounts are integer cents (money.ts); ratios are integer tenths of
 * a percent computed on BigInts, so no figure ever goes through floating point.
 *
 * HT or TTC (DOCUMENTS.md § 2–3), for customer invoices:
 * - revenue ("CA encaissé HT", `revenueHtCents`) is HT: the HT of the invoices paid (or paid and
 *   later cancelled), less the HT of the issued credit notes of those invoices;
 * - receivables ("en attente", `receivables`) are TTC: what remains to pay on issued invoices that
 *   are neither paid nor cancelled, `amountDue` − `creditedAmount` − `paidAmount`;
 * - a credit note is never revenue nor a receivable of its own: it lowers those of its invoice;
 * - a situation's retenue de garantie (DOCUMENTS.md § 4) is not in its `amountDue`, hence never a
 *   receivable: it is counted apart, held until released (`retentionsSummary`).
 * Supplier invoices: expenses are purchases HT paid, net of supplier credit notes
 * (`supplier-invoice-figures.ts`).
 */
import { awaitsPayment, calendarDateInFrance, isOverdue } from './invoice-status.js';
import { divideRounded, formatDecimal, percentOf, sumCents, tryParseDecimal, MONEY_SCALE } from './money.js';

/** What the rules read of a customer or supplier invoice (money as decimal strings, as the API sends it). */
export interface InvoiceAmounts {
  status: string;
  /** HT for a customer invoice; the one amount of a supplier invoice. */
  totalAmount?: string | number | null;
  paidAmount?: string | number | null;
  /** Instant of payment (ISO 8601). */
  paidAt?: string | null;
  dueDate?: string | null;
  /** Customer invoices: which one it is (credit notes reference the invoice they cancel). */
  id?: string;
  /** `standard`, `deposit`, `progress` or `credit_note` (absent: standard). */
  kind?: string | null;
  /** TTC. */
  totalWithVat?: string | number | null;
  /** What the client must pay (TTC less a retention); absent: `totalWithVat`, else `totalAmount`. */
  amountDue?: string | number | null;
  /** TTC cancelled by issued credit notes. */
  creditedAmount?: string | number | null;
  /** A credit note: the invoice it cancels. */
  creditedInvoiceId?: string | null;
  /** The day it was issued (`YYYY-MM-DD`). */
  issueDate?: string | null;
  /** Instant it was sent: the issue day of a record made before `issueDate` existed. */
  sentAt?: string | null;
  /** Customer invoices: the payments received (absent on records made before they were listed). */
  payments?: readonly PaymentAmounts[] | null;
}

/** What the rules read of one payment of a customer invoice. */
export interface PaymentAmounts {
  /** TTC. */
  amount?: string | number | null;
  /** Instant it was received (ISO 8601). */
  paidAt?: string | null;
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

/** Whether a customer invoice is a credit note (avoir). */
export function isCreditNote(invoice: Pick<InvoiceAmounts, 'kind'>): boolean {
  return invoice.kind === 'credit_note';
}

/** What the client must pay on an invoice, TTC, in cents: `amountDue`, else `totalWithVat`, else `totalAmount`. */
export function amountDueCents(invoice: InvoiceAmounts): number {
  return centsOf(invoice.amountDue ?? invoice.totalWithVat ?? invoice.totalAmount);
}

/** What remains to pay on an invoice, TTC: amount due − credited − paid, never below 0. */
export function remainingToPayCents(invoice: InvoiceAmounts): number {
  return Math.max(0, amountDueCents(invoice) - centsOf(invoice.creditedAmount) - centsOf(invoice.paidAmount));
}

/**
 * The one rule of "en attente" (the dashboard's 'Factures en Attente', Facturation's 'Total en
 * attente'): a customer invoice issued and not paid, i.e. `sent` or `overdue`, never a draft, a
 * paid or cancelled invoice, nor a credit note (which lowers what its invoice owes instead).
 */
export function isPendingInvoice(invoice: Pick<InvoiceAmounts, 'status' | 'kind'>): boolean {
  return awaitsPayment(invoice.status) && !isCreditNote(invoice);
}

/**
 * What is still owed on a customer invoice that awaits payment (`remainingToPayCents`, TTC); 0 for
 * a draft, a paid or cancelled invoice, and a credit note.
 */
export function outstandingCents(invoice: InvoiceAmounts): number {
  if (!isPendingInvoice(invoice)) return 0;
  return remainingToPayCents(invoice);
}

/** The pending invoices (`isPendingInvoice`), in their order, each with what remains to pay on it, TTC. */
export function pendingInvoices<T extends InvoiceAmounts>(
  invoices: Iterable<T>,
): { invoice: T; outstandingCents: number }[] {
  return [...invoices]
    .filter(isPendingInvoice)
    .map((invoice) => ({ invoice, outstandingCents: outstandingCents(invoice) }));
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

/**
 * Customer invoices that await payment (issued, neither paid nor cancelled; credit notes left out)
 * and what remains to pay on them, TTC; and those of them that are overdue on `today`.
 */
export function receivables(
  invoices: Iterable<InvoiceAmounts>,
  today: string = calendarDateInFrance(),
): { count: number; cents: number; overdueCount: number; overdueCents: number } {
  const pending = [...invoices].filter(isPendingInvoice);
  const overdue = pending.filter((invoice) => isOverdue(invoice, today));
  return {
    count: pending.length,
    cents: sumCents(pending.map(outstandingCents)),
    overdueCount: overdue.length,
    overdueCents: sumCents(overdue.map(outstandingCents)),
  };
}

/**
 * Whether a customer invoice's HT counts as cashed revenue: it is not a credit note and it was
 * paid, still `paid` or `cancelled` by a credit note afterwards (its credit notes then take it back).
 */
export function isCashed(invoice: InvoiceAmounts): boolean {
  if (isCreditNote(invoice)) return false;
  return invoice.status === 'paid' || (invoice.status === 'cancelled' && centsOf(invoice.paidAmount) > 0);
}

/** Whether a credit note was issued (it has left the draft state). */
function isIssuedCreditNote(invoice: InvoiceAmounts): boolean {
  return isCreditNote(invoice) && invoice.status !== 'draft';
}

/** One movement of revenue HT: + an invoice cashed, − a credit note of a cashed invoice. */
export interface RevenueEntry {
  cents: number;
  /** The calendar month in France it belongs to (`YYYY-MM`); absent when no date says. */
  month?: string;
}

/** The month (`YYYY-MM`, France) of a calendar date or an instant. */
function monthOf(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value.slice(0, 7) : monthInFrance(value);
}

/**
 * The payments of a customer invoice, in cents, in the order received (by `paidAt`; undated last):
 * its `payments`, else one payment of its `paidAmount` at its `paidAt` (a record made before payments
 * were listed). Payments of 0 are left out.
 */
export function paymentsOf(invoice: InvoiceAmounts): { cents: number; paidAt: string | undefined }[] {
  const listed =
    invoice.payments && invoice.payments.length > 0
      ? invoice.payments.map((payment) => ({
          cents: centsOf(payment.amount),
          paidAt: payment.paidAt ?? undefined,
        }))
      : [{ cents: centsOf(invoice.paidAmount), paidAt: invoice.paidAt ?? undefined }];
  return listed
    .filter((payment) => payment.cents > 0)
    .map((payment, position) => ({ ...payment, position }))
    .sort(
      (a, b) =>
        (a.paidAt === undefined ? 1 : 0) - (b.paidAt === undefined ? 1 : 0) ||
        (a.paidAt !== undefined && b.paidAt !== undefined
          ? Date.parse(a.paidAt) - Date.parse(b.paidAt)
          : 0) ||
        a.position - b.position,
    )
    .map(({ cents, paidAt }) => ({ cents, paidAt }));
}

/**
 * How much of a customer invoice is cashed: `paidCents` (its payments) over `denominator`, both TTC.
 * The denominator is what the payments settle: the amount due (TTC less a situation's retention)
 * less what credit notes cancelled, or what was paid when that is more (a refund); an invoice `paid`
 * or `cancelled` is settled whole (denominator = what was paid). `undefined`: nothing cashed.
 */
function cashedFraction(invoice: InvoiceAmounts): { paidCents: number; denominator: number } | undefined {
  if (isCreditNote(invoice) || invoice.status === 'draft') return undefined;
  const paidCents = sumCents(paymentsOf(invoice).map((payment) => payment.cents));
  if (paidCents <= 0) return undefined;
  const settled = invoice.status === 'paid' || invoice.status === 'cancelled';
  const payable = amountDueCents(invoice) - centsOf(invoice.creditedAmount);
  return { paidCents, denominator: settled ? paidCents : Math.max(payable, paidCents) };
}

/** round(`cents` × `numerator` / `denominator`), halves away from zero, on BigInts. */
function shareOf(cents: number, numerator: number, denominator: number): number {
  return Number(divideRounded(BigInt(cents) * BigInt(numerator), BigInt(denominator)));
}

/**
 * The revenue HT of a customer invoice's payments, one entry per payment in the month of its
 * `paidAt`. The HT cashed to date after a payment is round(HT × paid to date / denominator)
 * (`cashedFraction`: without credit notes, the amount due); a payment's entry is that share after it
 * less the share before it, so the entries never go below 0 nor above the HT, and those of an invoice
 * paid in full add up to its HT exactly. A `paid` invoice without any amount recorded (records made
 * before amounts were) is one entry of its HT at its `paidAt`.
 */
export function paymentRevenueEntries(invoice: InvoiceAmounts): RevenueEntry[] {
  const totalCents = centsOf(invoice.totalAmount);
  const fraction = cashedFraction(invoice);
  if (fraction === undefined) {
    return !isCreditNote(invoice) && invoice.status === 'paid'
      ? [{ cents: totalCents, month: monthOf(invoice.paidAt) }]
      : [];
  }
  let paidToDate = 0;
  let cashedToDate = 0;
  return paymentsOf(invoice).map((payment) => {
    paidToDate += payment.cents;
    const cashed = shareOf(totalCents, paidToDate, fraction.denominator);
    const entry = { cents: cashed - cashedToDate, month: monthOf(payment.paidAt) };
    cashedToDate = cashed;
    return entry;
  });
}

/**
 * The movements of revenue HT of a company's customer invoices (credit notes included): each
 * payment of an invoice adds its share of the invoice's HT in the month it was received
 * (`paymentRevenueEntries`); each issued credit note of an invoice with payments takes back its HT
 * in the same proportion (all of it once the invoice is paid) in the later of its issue month and
 * the invoice's payment month (a credit note of an invoice not paid at all changes what is owed,
 * not what was cashed).
 */
export function revenueEntries(invoices: Iterable<InvoiceAmounts>): RevenueEntry[] {
  const all = [...invoices];
  const cashed = new Map<string, { invoice: InvoiceAmounts; paidCents: number; denominator: number }>();
  const entries: RevenueEntry[] = [];
  for (const invoice of all) {
    if (isCreditNote(invoice)) continue;
    const invoiceEntries = paymentRevenueEntries(invoice);
    if (invoiceEntries.length === 0) continue;
    const fraction = cashedFraction(invoice) ?? { paidCents: 1, denominator: 1 };
    if (invoice.id) cashed.set(invoice.id, { invoice, ...fraction });
    entries.push(...invoiceEntries);
  }
  for (const note of all) {
    if (!isIssuedCreditNote(note) || !note.creditedInvoiceId) continue;
    const credited = cashed.get(note.creditedInvoiceId);
    if (!credited) continue;
    const issued = monthOf(note.issueDate) ?? monthOf(note.sentAt);
    const paid = monthOf(credited.invoice.paidAt ?? paymentsOf(credited.invoice).at(-1)?.paidAt);
    const month = issued === undefined ? paid : paid === undefined || issued > paid ? issued : paid;
    entries.push({
      cents: -shareOf(centsOf(note.totalAmount), credited.paidCents, credited.denominator),
      month,
    });
  }
  return entries;
}

/** Revenue HT ("CA encaissé HT") of all time, in cents: `revenueEntries` summed. */
export function revenueHtCents(invoices: Iterable<InvoiceAmounts>): number {
  return sumCents(revenueEntries(invoices).map((entry) => entry.cents));
}

/** Revenue HT of a calendar month (`YYYY-MM`, France), in cents. */
export function revenueHtInMonthCents(invoices: Iterable<InvoiceAmounts>, month: string): number {
  return sumCents(
    revenueEntries(invoices)
      .filter((entry) => entry.month === month)
      .map((entry) => entry.cents),
  );
}

/** Issued credit notes: how many, and their HT and TTC in cents. */
export function issuedCreditNotes(invoices: Iterable<InvoiceAmounts>): {
  count: number;
  cents: number;
  withVatCents: number;
} {
  const notes = [...invoices].filter(isIssuedCreditNote);
  return {
    count: notes.length,
    cents: sumCents(notes.map((note) => centsOf(note.totalAmount))),
    withVatCents: sumCents(notes.map((note) => centsOf(note.totalWithVat ?? note.totalAmount))),
  };
}

/**
 * What the retention rules read of a customer invoice: a situation de travaux (`kind: progress`,
 * DOCUMENTS.md § 4) carries the retenue de garantie withheld from it (TTC, not in `amountDue`), the
 * day it was paid to the company, its quote and its cumulative works against the contract (HT).
 */
export interface RetentionAmounts extends InvoiceAmounts {
  quoteId?: string | null;
  /** TTC withheld by this situation. */
  retentionAmount?: string | number | null;
  /** The day the retention was paid to the company (`YYYY-MM-DD`); absent: still held. */
  retentionReleasedAt?: string | null;
  situation?: {
    index?: number | null;
    quoteNumber?: string | null;
    /** HT of the contract, and of the works to date (this situation included). */
    contractAmount?: string | number | null;
    cumulativeWorksAmount?: string | number | null;
  } | null;
}

/** Whether an invoice is a situation that was issued and stands: `progress`, neither draft nor cancelled. */
export function isIssuedSituation(invoice: Pick<InvoiceAmounts, 'kind' | 'status'>): boolean {
  return invoice.kind === 'progress' && invoice.status !== 'draft' && invoice.status !== 'cancelled';
}

/**
 * The retention a client still holds on an invoice, TTC, in cents: the `retentionAmount` of an
 * issued situation (`isIssuedSituation`, paid or not) whose retention was not released
 * (`retentionReleasedAt` absent); 0 otherwise. It is never part of what the client owes on the
 * invoice (`remainingToPayCents` reads `amountDue`, which excludes it).
 */
export function heldRetentionCents(invoice: RetentionAmounts): number {
  if (!isIssuedSituation(invoice) || invoice.retentionReleasedAt) return 0;
  return Math.max(0, centsOf(invoice.retentionAmount));
}

/**
 * A calendar date (`YYYY-MM-DD`) `years` later, the French way (art. 641 CPC): the same day of
 * the month, or the month's last day when it has none (29 February 2028 + 1 year = 28 February 2029).
 */
export function addYearsToDate(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const month = Number(date.slice(5, 7));
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), lastDay);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The day an invoice was issued (`YYYY-MM-DD`): `issueDate`, else the day in France of `sentAt`. */
function issueDayOf(invoice: InvoiceAmounts): string | undefined {
  if (invoice.issueDate) return invoice.issueDate.slice(0, 10);
  return invoice.sentAt ? calendarDateInFrance(new Date(invoice.sentAt)) : undefined;
}

/** Whether a situation's cumulative works reach its contract (100 %, a contract above 0). */
function completesWorks(invoice: RetentionAmounts): boolean {
  const contract = centsOf(invoice.situation?.contractAmount);
  return contract > 0 && centsOf(invoice.situation?.cumulativeWorksAmount) === contract;
}

/**
 * The day a quote's works were completed, as far as billing tells: the issue day of its latest
 * issued situation (`isIssuedSituation`) whose cumulative works equal the contract; absent while no
 * situation reached 100 %. `situations` are the quote's invoices (others are ignored).
 */
export function worksCompletedOn(situations: Iterable<RetentionAmounts>): string | undefined {
  let latest: string | undefined;
  for (const invoice of situations) {
    if (!isIssuedSituation(invoice) || !completesWorks(invoice)) continue;
    const day = issueDayOf(invoice);
    if (day !== undefined && (latest === undefined || day > latest)) latest = day;
  }
  return latest;
}

/**
 * The day a quote's retention may be released (loi 71-584: one year after the works' acceptance):
 * `worksCompletedOn` + 1 year; absent while the works are not complete.
 */
export function retentionReleasableOn(situations: Iterable<RetentionAmounts>): string | undefined {
  const completed = worksCompletedOn(situations);
  return completed === undefined ? undefined : addYearsToDate(completed, 1);
}

/** The retentions held on one quote's situations. */
export interface HeldRetentionQuote<T extends RetentionAmounts> {
  /** `quoteId`, else the quote's number, else the invoice's id (one situation alone). */
  key: string;
  quoteId: string | undefined;
  quoteNumber: string | undefined;
  /** The situations whose retention is held, by rank, each with it (cents, TTC). */
  situations: { invoice: T; cents: number }[];
  /** Their sum, TTC. */
  cents: number;
  /** `retentionReleasableOn` of the quote; absent while its works are not complete. */
  releasableOn: string | undefined;
  /** `releasableOn` has come (on or before today). */
  releasable: boolean;
}

/** The retenues de garantie of a company: held, and due for release (a subset of held). */
export interface RetentionsSummary<T extends RetentionAmounts> {
  /** Situations whose retention is held, and its total, TTC in cents. */
  heldCount: number;
  heldCents: number;
  /** Of those, the ones whose quote's release day has come. */
  releasableCount: number;
  releasableCents: number;
  /** The earliest release day still to come of a held retention; absent when none is dated. */
  nextReleasableOn: string | undefined;
  /**
   * One entry per quote with a held retention: those releasable first, then by release day, then
   * those whose works are not complete; same day: by quote number (those without one last).
   */
  quotes: HeldRetentionQuote<T>[];
}

function quoteKeyOf(invoice: RetentionAmounts, position: number): string {
  if (invoice.quoteId) return `id:${invoice.quoteId}`;
  if (invoice.situation?.quoteNumber) return `number:${invoice.situation.quoteNumber}`;
  return `invoice:${invoice.id ?? position}`;
}

/**
 * The retenues de garantie (DOCUMENTS.md § 4) of a company's customer invoices on `today`
 * (`YYYY-MM-DD`, France). Held: `heldRetentionCents` > 0 (issued situation, not cancelled, not
 * released). Due for release: held, and its quote's `retentionReleasableOn` ≤ today, i.e. a year has
 * passed since the issue of the quote's latest situation that reached 100 % of the contract (the
 * works' completion as billing knows it; a released retention is never counted, though the
 * situation still dates its quote's completion). Amounts exact, in cents.
 */
export function retentionsSummary<T extends RetentionAmounts>(
  invoices: Iterable<T>,
  today: string = calendarDateInFrance(),
): RetentionsSummary<T> {
  const byQuote = new Map<string, T[]>();
  [...invoices].forEach((invoice, position) => {
    if (invoice.kind !== 'progress') return;
    const key = quoteKeyOf(invoice, position);
    const group = byQuote.get(key);
    if (group) group.push(invoice);
    else byQuote.set(key, [invoice]);
  });

  const quotes: HeldRetentionQuote<T>[] = [];
  for (const [key, situations] of byQuote) {
    const held = situations
      .map((invoice) => ({ invoice, cents: heldRetentionCents(invoice) }))
      .filter((entry) => entry.cents > 0)
      .sort((a, b) => (a.invoice.situation?.index ?? 0) - (b.invoice.situation?.index ?? 0));
    if (held.length === 0) continue;
    const releasableOn = retentionReleasableOn(situations);
    quotes.push({
      key,
      quoteId: situations.find((invoice) => invoice.quoteId)?.quoteId ?? undefined,
      quoteNumber:
        situations.find((invoice) => invoice.situation?.quoteNumber)?.situation?.quoteNumber ?? undefined,
      situations: held,
      cents: sumCents(held.map((entry) => entry.cents)),
      releasableOn,
      releasable: releasableOn !== undefined && releasableOn <= today,
    });
  }
  quotes.sort(
    (a, b) =>
      Number(b.releasable) - Number(a.releasable) ||
      (a.releasableOn ?? '9999-99-99').localeCompare(b.releasableOn ?? '9999-99-99') ||
      (a.quoteNumber ?? '\uffff').localeCompare(b.quoteNumber ?? '\uffff') ||
      a.key.localeCompare(b.key),
  );

  const due = quotes.filter((quote) => quote.releasable);
  const upcoming = quotes
    .filter((quote) => !quote.releasable && quote.releasableOn !== undefined)
    .map((quote) => quote.releasableOn!);
  return {
    heldCount: sumCents(quotes.map((quote) => quote.situations.length)),
    heldCents: sumCents(quotes.map((quote) => quote.cents)),
    releasableCount: sumCents(due.map((quote) => quote.situations.length)),
    releasableCents: sumCents(due.map((quote) => quote.cents)),
    nextReleasableOn: upcoming.length === 0 ? undefined : upcoming.reduce((a, b) => (b < a ? b : a)),
    quotes,
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
