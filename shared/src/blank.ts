/** Blank for a form: missing, `null`, or text made only of spaces (no zod: `fields.ts` re-exports it). */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}
