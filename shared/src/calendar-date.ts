/**
 * Calendar dates as the API reads them ("2026-11-22", or an ISO timestamp whose date is kept),
 * without zod: `fields.ts` (`dateField`, `instantField`) and the hand-parsed list queries
 * (`query-parser.ts`) share them (issue 27, `bench:lambda`).
 */

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What may follow a date in an ISO timestamp: a time with `Z` or an offset. */
export const TIME_WITH_OFFSET =
  /^T([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/i;

/** "AAAA-MM-JJ" naming a day of the calendar (no 2026-02-30). */
export function isCalendarDate(text: string): boolean {
  const match = DATE_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const DATE_MESSAGE = 'Date invalide : utilisez le format AAAA-MM-JJ, par exemple 2026-11-22';

/**
 * The date of a text trimmed (`dateField`'s rule): "2026-11-22", or the date written in a full ISO
 * timestamp ("2026-11-22T00:00:00.000Z"), without time-zone conversion; `undefined` when it is
 * neither.
 */
export function calendarDateOf(text: string): string | undefined {
  const date = text.slice(0, 10);
  const rest = text.slice(10);
  return isCalendarDate(date) && (rest === '' || TIME_WITH_OFFSET.test(rest)) ? date : undefined;
}
