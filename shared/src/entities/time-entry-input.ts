/**
 * The time entries' bodies and the validated weeks' query parsed by hand, without zod (issue 27,
 * `bench:lambda`: `POST /api/time-entries`, `PUT /api/time-entries/{id}`, `POST
 * /api/time-entries/lock` and `GET /api/time-entries/locks` start without zod's code). Each answers
 * as the zod schema it replaces (`time-entry.ts`, kept for the SPA's pointage screen) does, issue for
 * issue: `time-entry-input.test.ts` compares them on seeded random inputs.
 */
import {
  boundedTextAnswer,
  dateAnswer,
  defaulted,
  type FieldAnswer,
  hoursAnswer,
  idAnswer,
  optional,
  optionalIdAnswer,
  readFields,
  versionAnswer,
  zodBooleanAnswer,
} from '../body-fields.js';
import { objectBodyParser, type QueryJsonSchema, type QueryParser } from '../query-parser.js';
import { TEXT_MAX_LENGTH } from '../text-limits.js';
import { isMonday, MAX_DAY_HOURS_HUNDREDTHS } from '../timesheet.js';
import { timeEntryMessages } from './time-entry-messages.js';

/** A time entry's editable fields, as the create's and the update's bodies give them. */
export interface TimeEntryBody {
  workerId: string;
  projectId: string;
  /** "2026-11-22". */
  date: string;
  /** Quarter hours, "7.50". */
  hours: string;
  itemId?: string | undefined;
  note?: string | undefined;
}

const timeEntryFieldReaders = {
  workerId: (value: unknown) => idAnswer(value, 'Le salarié est requis'),
  projectId: (value: unknown) => idAnswer(value, 'Le chantier est requis'),
  date: (value: unknown) => dateAnswer(value),
  hours: hoursAnswer,
  itemId: optionalIdAnswer,
  note: optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH)),
};

const timeEntryProperties: Record<string, QueryJsonSchema> = {
  workerId: { type: 'string', format: 'uuid' },
  projectId: { type: 'string', format: 'uuid' },
  date: { type: 'string', format: 'date' },
  hours: { type: ['string', 'number'], minimum: 0.25, maximum: MAX_DAY_HOURS_HUNDREDTHS / 100 },
  itemId: { type: 'string', format: 'uuid' },
  note: { type: 'string', maxLength: TEXT_MAX_LENGTH },
};
const timeEntryRequired = ['workerId', 'projectId', 'date', 'hours'];

/** `POST /api/time-entries`'s body. */
export const timeEntryCreateParser: QueryParser<TimeEntryBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, timeEntryFieldReaders);
    return { issues, data: () => values as unknown as TimeEntryBody };
  },
  { type: 'object', properties: timeEntryProperties, required: timeEntryRequired },
);

/** `PUT /api/time-entries/{id}`'s body: the whole editable record, plus the `version` read. */
export const timeEntryUpdateParser: QueryParser<TimeEntryBody & { version?: number | undefined }> =
  objectBodyParser(
    (body) => {
      const { values, issues } = readFields(body, {
        ...timeEntryFieldReaders,
        version: (value) => versionAnswer(value),
      });
      return { issues, data: () => values as unknown as TimeEntryBody & { version?: number } };
    },
    {
      type: 'object',
      properties: { ...timeEntryProperties, version: { type: 'integer', minimum: 1 } },
      required: timeEntryRequired,
    },
  );

/** The Monday of a week to validate: a date, then a Monday (`mondayField`). */
function mondayAnswer(value: unknown): FieldAnswer {
  const answer = dateAnswer(value, 'La semaine est requise');
  if (answer.messages.length > 0 || isMonday(answer.value as string)) return answer;
  return { value: answer.value, messages: [timeEntryMessages.notMonday], aborts: false };
}

/** `POST /api/time-entries/lock`'s body: validate (lock) a week, or reopen it with `locked: false`. */
export const timeEntryLockParser: QueryParser<{ weekStart: string; locked: boolean }> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      weekStart: mondayAnswer,
      locked: defaulted(zodBooleanAnswer, true),
    });
    return { issues, data: () => values as { weekStart: string; locked: boolean } };
  },
  {
    type: 'object',
    properties: { weekStart: { type: 'string', format: 'date' }, locked: { type: 'boolean' } },
    required: ['weekStart'],
  },
);

/** `GET /api/time-entries/locks?from=&to=`: the period, both dates required. */
export const weekLockListParser: QueryParser<{ from: string; to: string }> = objectBodyParser(
  (query) => {
    const { values, issues } = readFields(query, {
      from: (value) => dateAnswer(value, 'La date de début est requise'),
      to: (value) => dateAnswer(value, 'La date de fin est requise'),
    });
    return { issues, data: () => values as { from: string; to: string } };
  },
  {
    type: 'object',
    properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
    required: ['from', 'to'],
  },
);
