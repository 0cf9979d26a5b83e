/**
 * Times in CDAR messages: format 204 (`CCYYMMDDHHMMSS`) carries no time zone, and the French
 * network reads it as the time in France. Written from an instant, read back into an instant.
 */
import { FRANCE_TIME_ZONE } from '@btp/shared/invoice-status';

let format: Intl.DateTimeFormat | undefined;

/** The wall-clock time in France at `instant`, as its six parts. */
function franceParts(instant: Date): [number, number, number, number, number, number] {
  format ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: FRANCE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return [part('year'), part('month'), part('day'), part('hour'), part('minute'), part('second')];
}

/** `instant` as format 204 in French time: `20261125140509`. */
export function franceTime204(instant: Date): string {
  const [year, ...rest] = franceParts(instant);
  return `${year}${rest.map((value) => String(value).padStart(2, '0')).join('')}`;
}

/**
 * The instant a French wall-clock time names (format 204 or 102 read into its parts). In the hour
 * repeated when clocks go back, the first of the two instants.
 */
export function instantOfFranceTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  const offset = (at: number) => {
    const [y, mo, d, h, mi, s] = franceParts(new Date(at));
    return Date.UTC(y, mo - 1, d, h, mi, s) - at;
  };
  // Guess with the offset at the wall time read as UTC, then correct with the offset at the guess.
  const guess = wall - offset(wall);
  return new Date(wall - offset(guess));
}
