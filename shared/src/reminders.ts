/**
 * Payment reminders (relances, docs/reminders-notifications.md): the steps of the automatic ones,
 * the company's settings (on or off, subject and text with placeholders) and what an invoice keeps
 * of each reminder sent. Shared by the functions (the daily job, "Relancer") and the SPA (the
 * "Relances" card of Paramètres, the invoice card).
 */
import { escapeHtml } from './french-text.js';
import * as z from './lazy-zod.js';
import { boundedText, emailField, instantField, LONG_TEXT_MAX_LENGTH, optionalField } from './fields.js';
import { updateVersionFields } from './record.js';
import './zod-fr.js';

/** Days past the due date at which an automatic reminder is sent, at most one per step. */
export const REMINDER_STEPS = [7, 15, 30] as const;
export type ReminderStep = (typeof REMINDER_STEPS)[number];

/** The step a reminder was sent at: one of the automatic steps, or `manual` ("Relancer"). */
export const reminderSteps = ['manual', ...REMINDER_STEPS] as const;

/** Whole days from `dueDate` to `today` (both `YYYY-MM-DD`): 1 the day after the due date. */
export function daysPastDue(dueDate: string, today: string): number {
  const due = Date.parse(`${dueDate.slice(0, 10)}T00:00:00Z`);
  const now = Date.parse(`${today.slice(0, 10)}T00:00:00Z`);
  return Math.round((now - due) / 86_400_000);
}

/** The latest automatic step reached `days` after the due date (6 → none, 14 → 7, 45 → 30). */
export function reminderStepReached(days: number): ReminderStep | undefined {
  let reached: ReminderStep | undefined;
  for (const step of REMINDER_STEPS) if (days >= step) reached = step;
  return reached;
}

/** "J+15" for an automatic step, "manuelle" for one sent with "Relancer". */
export function reminderStepLabel(step: (typeof reminderSteps)[number]): string {
  return step === 'manual' ? 'manuelle' : `J+${step}`;
}

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

export const REMINDER_SUBJECT_MAX_LENGTH = 200;

export const reminderMessages = {
  subject: "L'objet de la relance est requis",
  text: 'Le texte de la relance est requis',
  notOverdue: (name: string) => `${name} n'est pas en retard de paiement : elle ne peut pas être relancée.`,
};

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

/** The values of the placeholders `{numero}`, `{montant}`, `{echeance}`, `{entreprise}`. */
export interface ReminderValues {
  numero: string;
  montant: string;
  echeance: string;
  entreprise: string;
}

/** The placeholders a template may hold. */
export const reminderPlaceholders = ['numero', 'montant', 'echeance', 'entreprise'] as const;

/** `template` with each known `{placeholder}` replaced by its value; any other brace text is kept as is. */
export function fillReminderTemplate(template: string, values: ReminderValues): string {
  return template.replace(
    /\{(numero|montant|echeance|entreprise)\}/g,
    (_match, name: keyof ReminderValues) => values[name],
  );
}

/**
 * The reminder's subject, text and HTML: the placeholders filled, the HTML escaped (the template and
 * the values are the company's and its client's words, never markup), one paragraph per blank line.
 */
export function renderReminder(
  settings: Pick<ReminderSettings, 'reminderSubject' | 'reminderText'>,
  values: ReminderValues,
): { subject: string; text: string; html: string } {
  const subject = fillReminderTemplate(settings.reminderSubject, values)
    .replace(/[\r\n\t]+/g, ' ')
    .trim();
  const text = fillReminderTemplate(settings.reminderText, values);
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('\n');
  const html = `<!doctype html><html lang="fr"><body style="font-family: Arial, sans-serif; font-size: 14px; color: #1f1f1f">\n${paragraphs}\n</body></html>`;
  return { subject, text, html };
}
