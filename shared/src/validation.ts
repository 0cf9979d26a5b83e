/**
 * Turning zod's issues (or a hand parser's, `query-parser.ts`) into the `details` of a
 * `validation_error` answer (API.md "Errors").
 */

/** One refused field: its dotted path ("items.2.quantity", "" for the whole body) and its French message. */
export interface ValidationDetail {
  path: string;
  message: string;
}

/** What `validationDetails` reads of a `z.ZodError` (or of a hand parser's error). */
export interface ValidationIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** The `details` of a 400 `validation_error`, in zod's order. */
export function validationDetails(error: ValidationIssues): ValidationDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((segment) => String(segment)).join('.'),
    message: issue.message,
  }));
}
