/**
 * A company's reminder settings with their defaults, apart from the reminders' schemas
 * (`reminders.ts`, which re-exports them) so that reading a company loads no zod (issue 27,
 * `bench:lambda`).
 */

/** The settings as `reminderSettingsSchema` (reminders.ts) describes them. */
export interface ReminderSettingValues {
  remindersEnabled: boolean;
  reminderSubject: string;
  reminderText: string;
}

export const DEFAULT_REMINDER_SUBJECT = 'Relance : facture {numero} échue le {echeance}';
export const DEFAULT_REMINDER_TEXT = [
  'Bonjour,',
  '',
  "Sauf erreur de notre part, la facture {numero} d'un montant de {montant}, échue le {echeance}, reste impayée à ce jour.",
  'Nous vous remercions de bien vouloir procéder à son règlement dans les meilleurs délais. Vous la trouverez en pièce jointe.',
  'Si votre paiement a été effectué entre-temps, merci de ne pas tenir compte de ce message.',
  '',
  'Cordialement,',
  '{entreprise}',
].join('\n');

/** Automatic reminders are off until the company turns them on (companies made before them too). */
export const DEFAULT_REMINDERS_ENABLED = false;

/** A company's stored settings with the defaults for what it lacks. */
export function reminderSettingsOf(stored: Partial<ReminderSettingValues>): ReminderSettingValues {
  return {
    remindersEnabled: stored.remindersEnabled ?? DEFAULT_REMINDERS_ENABLED,
    reminderSubject: stored.reminderSubject || DEFAULT_REMINDER_SUBJECT,
    reminderText: stored.reminderText || DEFAULT_REMINDER_TEXT,
  };
}
