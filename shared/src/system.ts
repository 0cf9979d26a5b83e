import * as z from './lazy-zod.js';
import './zod-fr.js';

/** `GET /api/health` answer. */
export const healthResponse = z.object({ status: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponse>;

/** `GET /api/setup/status` answer: installed once a super administrator exists. */
export const setupStatusResponse = z.object({ installed: z.boolean() });
export type SetupStatusResponse = z.infer<typeof setupStatusResponse>;

/** The error body of every non-successful API answer (API.md "Errors"). */
export const apiErrorBody = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
