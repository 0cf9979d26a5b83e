/**
 * The status an invoice reads (spec section 4): `overdue` is derived when it is read, never stored.
 * The server applies it to every invoice it answers with; the SPA may apply it again to data it
 * keeps across midnight.
 *
 * Rule: only an invoice that was sent and awaits payment becomes overdue, once its due date is
 * past, i.e. strictly before today's calendar date in France (an invoice due today is not late
 * yet). A draft is not owed by anyone, a paid invoice is settled and a cancelled one is void, so
 * none of them ever reads overdue; nor does a credit note (avoir), which nobody pays.
 */
import type { InvoiceStatus } from './enums.js';

/** The time zone of every calendar date the product derives (due dates, months of revenue). */
export const FRANCE_TIME_ZONE = 'Europe/Paris';

// Built on first use, not at import: creating an Intl formatter loads locale data (~10 ms), which
// every importer would pay up front (each Lambda function's cold start).
let franceDateFormat: Intl.DateTimeFormat | undefined;

/**
 * The calendar date in France at an instant, as `YYYY-MM-DD`: `2026-03-31T22:30:00Z` is
 * `2026-04-01` (Paris is UTC+2 in summer, UTC+1 in winter).
 */
export function calendarDateInFrance(at: Date = new Date()): string {
  franceDateFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: FRANCE_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  const parts = Object.fromEntries(franceDateFormat.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

let franceClockFormat: Intl.DateTimeFormat | undefined;

/** Minutes France (Europe/Paris) is ahead of UTC at `instant`: 60 in winter, 120 in summer. */
export function franceOffsetMinutes(instant: Date): number {
  franceClockFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: FRANCE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = franceClockFormat.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes): number =>
    Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    part('year'),
    part('month') - 1,
    part('day'),
    part('hour'),
    part('minute'),
    part('second'),
  );
  return Math.round((asUtc - instant.getTime()) / 60_000);
}

/** The fields the rule reads; `dueDate` is a calendar date `YYYY-MM-DD` (a timestamp's date part counts). */
export interface InvoiceDueState {
  status: string;
  dueDate?: string | null;
  /** `credit_note` never reads overdue. */
  kind?: string | null;
}

/**
 * Stored statuses of an invoice that was sent and is not paid yet. The API never stores `overdue`;
 * a record imported with it stays overdue.
 */
export function awaitsPayment(status: string): boolean {
  return status === 'sent' || status === 'overdue';
}

/**
 * Whether an invoice is overdue on `today` (`YYYY-MM-DD`, France): it awaits payment and its due
 * date is strictly before today. Without a due date it is never late.
 */
export function isOverdue(invoice: InvoiceDueState, today: string = calendarDateInFrance()): boolean {
  if (!awaitsPayment(invoice.status) || invoice.kind === 'credit_note') return false;
  if (invoice.status === 'overdue') return true;
  const due = invoice.dueDate?.slice(0, 10);
  return due !== undefined && due !== '' && due < today;
}

/** The status an invoice reads on `today`: `overdue` when `isOverdue`, else its stored status. */
export function effectiveInvoiceStatus<S extends string>(
  invoice: { status: S; dueDate?: string | null; kind?: string | null },
  today: string = calendarDateInFrance(),
): S | Extract<InvoiceStatus, 'overdue'> {
  return isOverdue(invoice, today) ? 'overdue' : invoice.status;
}

/** The invoice with the status it reads on `today` (a copy; the input is left unchanged). */
export function withEffectiveStatus<
  T extends { status: string; dueDate?: string | null; kind?: string | null },
>(invoice: T, today: string = calendarDateInFrance()): T {
  return { ...invoice, status: effectiveInvoiceStatus(invoice, today) };
}
