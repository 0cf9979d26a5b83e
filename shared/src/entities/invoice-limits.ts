/** The most lines one invoice carries (no zod: the credit note's hand parser reads it; `invoice.ts` re-exports it). */
export const MAX_INVOICE_LINES = 1_000;
