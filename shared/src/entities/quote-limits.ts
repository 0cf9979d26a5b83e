/**
 * The quote's limits and defaults, apart from the quote schemas (`quote.ts`, which re-exports them)
 * so that the hand parsers of its bodies (`quote-input.ts`) do not load zod (issue 27, `bench:lambda`).
 */

/** Spec section 9: default overhead and margin percentages. */
export const DEFAULT_OVERHEAD_PERCENTAGE = '10.00';
export const DEFAULT_MARGIN_PERCENTAGE = '15.00';

/** The most lines one quote carries. */
export const MAX_QUOTE_ITEMS = 1_000;
