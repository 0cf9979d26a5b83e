/**
 * API.md's limits on texts, without zod (`fields.ts` re-exports them): the hand-parsed bodies read
 * them too (issue 27, `bench:lambda`).
 */
export const TEXT_MAX_LENGTH = 2_000;
export const LONG_TEXT_MAX_LENGTH = 10_000;
/** The most entries of a tag list (supplier specialties, document tags). */
export const TAG_LIST_MAX_ENTRIES = 50;
