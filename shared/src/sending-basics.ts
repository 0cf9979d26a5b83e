/**
 * What the sends share besides their schemas (docs/sending.md), without zod: the functions that send
 * read these (`sending/idempotency.ts`, `sending/document-mail.ts`, the reminders) and start without
 * zod's code (issue 27, `bench:lambda`); `sending.ts` re-exports them beside the schemas.
 */
import { TEXT_MAX_LENGTH } from './text-limits.js';

/** The header a client sets once per send dialog: a repeated key never sends twice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** An `Idempotency-Key`: 8 to 128 characters of letters, digits, `-` and `_` (a uuid fits). */
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;

/** The 400 of a send without an address, when the client record has none either. */
export const noClientEmailMessage = "Le client n'a pas d'adresse e-mail : saisissez-en une.";

/** The optional message added to the e-mail, at most this many characters. */
export const SEND_MESSAGE_MAX_LENGTH = TEXT_MAX_LENGTH;
