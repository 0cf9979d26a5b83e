import type { ErrorDetail } from '../lib/http-errors.js';

export const endBeforeStartMessage = 'La date de fin ne peut pas précéder la date de début';

/**
 * A project cannot end before it starts. Dates are ISO calendar dates ("2026-11-22", as the shared
 * schema outputs them), so text order is date order; a missing date is not checked.
 */
export function projectDateIssues(dates: {
  startDate?: string | null;
  endDate?: string | null;
}): ErrorDetail[] {
  const { startDate, endDate } = dates;
  if (startDate && endDate && endDate < startDate) {
    return [{ path: 'endDate', message: endBeforeStartMessage }];
  }
  return [];
}
