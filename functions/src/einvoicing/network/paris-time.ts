/**
 * Times in CDAR messages: format 204 (`CCYYMMDDHHMMSS`) carries no time zone, and the French
 * network reads it as the time in France. Written from an instant, read back into an instant.
 */
import { franceOffsetMinutes } from '@btp/shared/invoice-status';

/** `instant` as format 204 in French time: `20261125140509`. */
export function franceTime204(instant: Date): string {
  const wall = new Date(instant.getTime() + franceOffsetMinutes(instant) * 60_000);
  return wall.toISOString().slice(0, 19).replace(/[-T:]/g, '');
}

/** The instant a French wall-clock time names (format 204 or 102 read into its parts). */
export function instantOfFranceTime(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Guess with the offset at the wall time read as UTC, then correct with the offset at the guess.
  const guess = wall - franceOffsetMinutes(new Date(wall)) * 60_000;
  return new Date(wall - franceOffsetMinutes(new Date(guess)) * 60_000);
}
