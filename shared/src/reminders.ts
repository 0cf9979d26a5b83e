/**
 * Payment reminders (relances, docs/reminders-notifications.md): the steps of the automatic ones,
 * the company's settings (on or off, subject and text with placeholders) and what an invoice keeps
 * of each reminder sent. Shared by the functions (the daily job, "Relancer") and the SPA (the
 * "Relances" card of Paramètres, the invoice card).
 */
import * as z from './lazy-zod.js';
import { boundedText, emailField, instantField, LONG_TEXT_MAX_LENGTH, optionalField } from './fields.js';
import { updateVersionFields } from './record.js';
import { reminderMessages, REMINDER_SUBJECT_MAX_LENGTH } from './reminder-rules.js';
import './zod-fr.js';

// The rules read without zod (`reminder-rules.ts`), re-exported beside the schemas.
export {
  daysPastDue,
  fillReminderTemplate,
  REMINDER_STEPS,
  REMINDER_SUBJECT_MAX_LENGTH,
  reminderMessages,
  reminderPlaceholders,
  reminderStepLabel,
  reminderStepReached,
  reminderSteps,
  renderReminder,
  type ReminderStep,
  type ReminderValues,
} from './reminder-rules.js';

/** What an invoice keeps of one reminder: when, which step, to whom, and the message id or why it failed. */
export const invoiceReminderSchema = z.object({
  at: instantField(),
  step: z.union([z.literal('manual'), z.literal(7), z.literal(15), z.literal(30)]),
  to: z.string(),
  messageId: optionalField(z.string()),
  /** In French, when the e-mail could not be sent. */
  failure: optionalField(z.string()),
});
export type InvoiceReminder = z.infer<typeof invoiceReminderSchema>;

export {
  DEFAULT_REMINDER_SUBJECT,
  DEFAULT_REMINDER_TEXT,
  DEFAULT_REMINDERS_ENABLED,
  reminderSettingsOf,
} from './reminder-settings.js';

/** The company's reminder settings as the API answers them (defaults applied). */
export const reminderSettingsSchema = z.object({
  remindersEnabled: z.boolean(),
  reminderSubject: z.string(),
  reminderText: z.string(),
});
export type ReminderSettings = z.infer<typeof reminderSettingsSchema>;

/** `PUT /api/company/reminders` body (company administrators): the three settings and the company's `version` read. */
export const reminderSettingsInput = z.object({
  remindersEnabled: z.boolean({ error: 'Relances automatiques : oui ou non' }),
  reminderSubject: boundedText(REMINDER_SUBJECT_MAX_LENGTH).min(1, reminderMessages.subject),
  reminderText: boundedText(LONG_TEXT_MAX_LENGTH).min(1, reminderMessages.text),
  ...updateVersionFields,
});
export type ReminderSettingsInput = z.input<typeof reminderSettingsInput>;
export type ReminderSettingsData = z.output<typeof reminderSettingsInput>;

/** `POST /api/invoices/{id}/remind` body: the recipient (default: the client's e-mail). */
export const invoiceRemindInput = z.object({ email: optionalField(emailField()) });
export type InvoiceRemindInput = z.input<typeof invoiceRemindInput>;
