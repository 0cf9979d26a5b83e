/**
 * The body of `PUT /api/company/reminders` parsed by hand, without zod (issue 27, `bench:lambda`: the
 * route starts without zod's code). It answers as the zod schema `reminderSettingsInput`
 * (`reminders.ts`, kept for the SPA's form) does, issue for issue: `reminders-input.test.ts` compares
 * them on seeded random bodies.
 */
import {
  boundedTextAnswer,
  booleanAnswer,
  type FieldAnswer,
  readFields,
  versionAnswer,
} from './body-fields.js';
import { objectBodyParser, type QueryParser } from './query-parser.js';
import { reminderMessages, REMINDER_SUBJECT_MAX_LENGTH } from './reminder-rules.js';
import type { ReminderSettingsData } from './reminders.js';
import { LONG_TEXT_MAX_LENGTH } from './text-limits.js';

/**
 * `boundedText(max).min(1, message)`: `boundedText`'s answer, then `message` when the text is empty
 * once trimmed (zod checks the maximum first; it measures a value it refused as text when that value
 * has a `length`, an object's `{ length: 'abc' }` failing both checks).
 */
function filledTextAnswer(value: unknown, max: number, message: string): FieldAnswer {
  const answer = boundedTextAnswer(value, max);
  const measured = typeof answer.value === 'string' ? [...answer.value].length : undefined;
  const length =
    typeof value === 'string' || value === undefined || value === null
      ? measured
      : (value as { length?: unknown }).length;
  if (length === undefined || (length as number) >= 1) return answer;
  return { ...answer, messages: [...answer.messages, message], aborts: answer.aborts ?? false };
}

/** `PUT /api/company/reminders`'s body: the three settings and the company's `version` read. */
export const reminderSettingsParser: QueryParser<ReminderSettingsData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      remindersEnabled: (value) => booleanAnswer(value, 'Relances automatiques : oui ou non'),
      reminderSubject: (value) =>
        filledTextAnswer(value, REMINDER_SUBJECT_MAX_LENGTH, reminderMessages.subject),
      reminderText: (value) => filledTextAnswer(value, LONG_TEXT_MAX_LENGTH, reminderMessages.text),
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as ReminderSettingsData };
  },
  {
    type: 'object',
    properties: {
      remindersEnabled: { type: 'boolean' },
      reminderSubject: { type: 'string', minLength: 1, maxLength: REMINDER_SUBJECT_MAX_LENGTH },
      reminderText: { type: 'string', minLength: 1, maxLength: LONG_TEXT_MAX_LENGTH },
      version: { type: 'integer', minimum: 1 },
    },
    required: ['remindersEnabled', 'reminderSubject', 'reminderText'],
  },
);
