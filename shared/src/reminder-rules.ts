/**
 * Payment reminders' rules without zod (docs/reminders-notifications.md): the automatic steps, the
 * messages, the templates' placeholders and the e-mail they make. `reminders.ts` re-exports them
 * beside its schemas; "Relancer" and the daily job read them here and start without zod's code
 * (issue 27, `bench:lambda`).
 */
import { escapeHtml } from './french-text.js';

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

export const REMINDER_SUBJECT_MAX_LENGTH = 200;

export const reminderMessages = {
  subject: "L'objet de la relance est requis",
  text: 'Le texte de la relance est requis',
  notOverdue: (name: string) => `${name} n'est pas en retard de paiement : elle ne peut pas être relancée.`,
};

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
  settings: { reminderSubject: string; reminderText: string },
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
