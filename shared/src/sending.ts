/**
 * Sending a devis, a facture or an avoir to the client by e-mail (docs/sending.md): the body of the
 * send and resend routes, and what a record keeps of its latest e-mail.
 */
import * as z from './lazy-zod.js';
import { boundedText, emailField, instantField, optionalField } from './fields.js';
import { SEND_MESSAGE_MAX_LENGTH } from './sending-basics.js';
import { updateVersionFields } from './record.js';
import './zod-fr.js';

// What the functions read without zod (`sending-basics.ts`), re-exported beside the schemas.
export {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeyPattern,
  noClientEmailMessage,
  SEND_MESSAGE_MAX_LENGTH,
} from './sending-basics.js';

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
