/**
 * What the Finances screen lists and in which order (`finances-summary.ts` re-exports them): apart from
 * the summary's zod schema, so that `GET /api/finances/summary` starts without zod (issue 27).
 */

/** Finances lists 5 overdue invoices, 5 clients, 5 suppliers, 5 quotes with retentions (then "Et N autres…"). */
export const FINANCES_LISTED = 5;

/** The project statuses Finances counts, in its order. */
export const financesProjectStatuses = ['in_progress', 'planning', 'completed', 'on_hold'] as const;

/** A party's figure: largest first, then by id (a stable order whatever the reading order). */
export function byAmountThenId(a: { id: string; cents: number }, b: { id: string; cents: number }): number {
  return b.cents - a.cents || a.id.localeCompare(b.id);
}
