/**
 * Sending a devis, a facture or an avoir to the client by e-mail (docs/sending.md): the body of the
 * send and resend routes, and what a record keeps of its latest e-mail.
 */
import * as z from './lazy-zod.js';
import { boundedText, emailField, instantField, optionalField, TEXT_MAX_LENGTH } from './fields.js';
import { updateVersionFields } from './record.js';
import './zod-fr.js';

/** The header a client sets once per send dialog: a repeated key never sends twice. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** An `Idempotency-Key`: 8 to 128 characters of letters, digits, `-` and `_` (a uuid fits). */
export const idempotencyKeyPattern = /^[A-Za-z0-9_-]{8,128}$/;

/** The 400 of a send without an address, when the client record has none either. */
export const noClientEmailMessage = "Le client n'a pas d'adresse e-mail : saisissez-en une.";

/** The optional message added to the e-mail, at most this many characters. */
export const SEND_MESSAGE_MAX_LENGTH = TEXT_MAX_LENGTH;

/** The send dialog's fields: the recipient (default: the client's e-mail) and a message. */
export const sendMailFields = {
  email: optionalField(emailField()),
  message: optionalField(boundedText(SEND_MESSAGE_MAX_LENGTH)),
};

/** `POST /api/quotes/{id}/send` and `POST /api/invoices/{id}/send`: the e-mail, and the `version` read. */
export const documentSendInput = z.object({ ...sendMailFields, ...updateVersionFields });
export type DocumentSendInput = z.input<typeof documentSendInput>;
export type DocumentSendData = z.output<typeof documentSendInput>;

/** `POST /api/quotes/{id}/email` and `POST /api/invoices/{id}/email`: the e-mail sent again. */
export const documentEmailInput = z.object(sendMailFields);
export type DocumentEmailInput = z.input<typeof documentEmailInput>;
export type DocumentEmailData = z.output<typeof documentEmailInput>;

/**
 * The latest e-mail of a sent quote or an issued invoice: `sent` (to whom, when, the provider's
 * message id) or `failed` (to whom, when, why, in French).
 */
export const emailStatusSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('sent'),
    at: instantField(),
    to: z.string(),
    messageId: z.string(),
  }),
  z.object({
    state: z.literal('failed'),
    at: instantField(),
    to: z.string(),
    reason: z.string(),
  }),
]);
export type EmailStatus = z.infer<typeof emailStatusSchema>;
