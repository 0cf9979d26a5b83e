import { describe, expect, it } from 'vitest';
import { frenchDate } from './french-text.js';
import {
  daysPastDue,
  DEFAULT_REMINDER_SUBJECT,
  DEFAULT_REMINDER_TEXT,
  fillReminderTemplate,
  reminderSettingsInput,
  reminderSettingsOf,
  reminderStepLabel,
  reminderStepReached,
  renderReminder,
} from './reminders.js';

const values = {
  numero: 'FAC-2026-0007',
  montant: '1 200,00 €',
  echeance: '05/03/2026',
  entreprise: 'Dupont BTP',
};

describe('reminder steps', () => {
  it('counts whole days after the due date', () => {
    expect(daysPastDue('2026-03-05', '2026-03-05')).toBe(0);
    expect(daysPastDue('2026-03-05', '2026-03-12')).toBe(7);
    // Across the change to summer time (29 March 2026) a day is still a day.
    expect(daysPastDue('2026-03-25', '2026-04-09')).toBe(15);
  });

  it.each([
    [6, undefined],
    [7, 7],
    [14, 7],
    [15, 15],
    [29, 15],
    [30, 30],
    [45, 30],
    [0, undefined],
    [-3, undefined],
  ])('at %i days past due the step reached is %s', (days, step) => {
    expect(reminderStepReached(days)).toBe(step);
  });

  it('labels the steps', () => {
    expect(reminderStepLabel(15)).toBe('J+15');
    expect(reminderStepLabel('manual')).toBe('manuelle');
  });
});

describe('reminder templates', () => {
  it('fills the four placeholders, as often as they appear, and leaves other braces alone', () => {
    expect(
      fillReminderTemplate('{numero} / {numero} : {montant} au {echeance} — {entreprise} {autre}', values),
    ).toBe('FAC-2026-0007 / FAC-2026-0007 : 1 200,00 € au 05/03/2026 — Dupont BTP {autre}');
  });

  it('does not read a value as a placeholder again (a client name holding "{montant}")', () => {
    expect(fillReminderTemplate('{entreprise} {numero}', { ...values, entreprise: '{montant}' })).toBe(
      '{montant} FAC-2026-0007',
    );
  });

  it('renders the defaults: subject on one line, text as written, HTML paragraphs', () => {
    const message = renderReminder(
      { reminderSubject: DEFAULT_REMINDER_SUBJECT, reminderText: DEFAULT_REMINDER_TEXT },
      values,
    );
    expect(message.subject).toBe('Relance : facture FAC-2026-0007 échue le 05/03/2026');
    expect(message.text).toContain(
      "la facture FAC-2026-0007 d'un montant de 1 200,00 €, échue le 05/03/2026",
    );
    expect(message.text.endsWith('Cordialement,\nDupont BTP')).toBe(true);
    expect(message.html).toContain('<p>Cordialement,<br>Dupont BTP</p>');
  });

  it('escapes the HTML of the template and of the values, and keeps a subject on one line', () => {
    const message = renderReminder(
      {
        reminderSubject: 'Relance\r\nBcc: x@y.fr {numero}',
        reminderText: '<b>Payez</b> {entreprise} & "vite"',
      },
      { ...values, entreprise: '<script>alert(1)</script>' },
    );
    expect(message.subject).toBe('Relance Bcc: x@y.fr FAC-2026-0007');
    expect(message.html).toContain(
      '<p>&lt;b&gt;Payez&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;vite&quot;</p>',
    );
    expect(message.html).not.toContain('<script>');
    expect(message.text).toBe('<b>Payez</b> <script>alert(1)</script> & "vite"');
  });

  it('writes dates the French way', () => {
    expect(frenchDate('2026-03-05')).toBe('05/03/2026');
  });
});

describe('reminder settings', () => {
  it('are off by default with the default texts', () => {
    expect(reminderSettingsOf({})).toEqual({
      remindersEnabled: false,
      reminderSubject: DEFAULT_REMINDER_SUBJECT,
      reminderText: DEFAULT_REMINDER_TEXT,
    });
    expect(reminderSettingsOf({ remindersEnabled: true, reminderSubject: 'Rappel' })).toMatchObject({
      remindersEnabled: true,
      reminderSubject: 'Rappel',
    });
  });

  it('refuse an empty subject or text, in French', () => {
    const result = reminderSettingsInput.safeParse({
      remindersEnabled: true,
      reminderSubject: '  ',
      reminderText: '',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['reminderSubject', "L'objet de la relance est requis"],
      ['reminderText', 'Le texte de la relance est requis'],
    ]);
  });
});
