/** Turning zod's issues into the `details` of a `validation_error` answer (API.md "Errors"). */
import type { z } from './zod-fr.js';

/** One refused field: its dotted path ("items.2.quantity", "" for the whole body) and its French message. */
export interface ValidationDetail {
  path: string;
  message: string;
}

/** The `details` of a 400 `validation_error`, in zod's order. */
export function validationDetails(error: z.ZodError): ValidationDetail[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((segment) => String(segment)).join('.'),
    message: issue.message,
  }));
}
