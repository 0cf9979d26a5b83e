/**
 * Time entries (pointage, docs/profitability.md): hours of one worker on one chantier one day
 * (quarter hours), optionally on a line of the chantier's signed devis. The server prices them with
 * the worker's loaded hourly cost at the time of the entry (`hourlyCost`, `cost`), and a validated
 * (locked) week can no longer be changed except by an administrator.
 */
import {
  dateField,
  defaultedField,
  hoursField,
  idField,
  instantField,
  moneyField,
  optionalField,
  optionalIdField,
  textField,
} from '../fields.js';
import { companyRecordFields, entityRefSchema, updateVersionFields } from '../record.js';
import { isMonday } from '../timesheet.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';

import { timeEntryMessages } from './time-entry-messages.js';

export { timeEntryMessages };

/** The editable fields of a time entry. */
export const timeEntryFields = {
  workerId: idField('Le salarié est requis'),
  projectId: idField('Le chantier est requis'),
  date: dateField(),
  hours: hoursField(),
  /** A line (`items[].id`) of a signed devis of the chantier: the lot or ouvrage worked on. */
  itemId: optionalIdField,
  note: textField,
};

/** A time entry as the API returns it. */
export const timeEntrySchema = z.object({
  ...companyRecordFields,
  ...timeEntryFields,
  hours: z.string(),
  /** The worker's loaded hourly cost when the entry was last written. */
  hourlyCost: moneyField(),
  /** hours × hourlyCost, to the cent. */
  cost: moneyField(),
  /** The Monday of its week. */
  weekStart: z.string(),
  /** The user who last wrote it. */
  enteredBy: idField(),
  /** Its week is validated: only an administrator may change it. */
  locked: defaultedField(z.boolean(), false),
  worker: entityRefSchema.optional(),
  project: entityRefSchema.optional(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

/** `POST /api/time-entries` body. */
export const timeEntryCreateInput = z.object(timeEntryFields);
export type TimeEntryCreateInput = z.input<typeof timeEntryCreateInput>;
export type TimeEntryCreateData = z.output<typeof timeEntryCreateInput>;

/** `PUT /api/time-entries/{id}` body: the whole editable record, plus the `version` read. */
export const timeEntryUpdateInput = z.object({ ...timeEntryFields, ...updateVersionFields });
export type TimeEntryUpdateInput = z.input<typeof timeEntryUpdateInput>;
export type TimeEntryUpdateData = z.output<typeof timeEntryUpdateInput>;

// The list query, parsed by hand (no zod: the list route starts without it).
export { timeEntryListQuery, type TimeEntryListQuery } from './time-entry-query.js';

const mondayField = dateField({ required: 'La semaine est requise' }).refine(isMonday, {
  message: timeEntryMessages.notMonday,
});

/** `POST /api/time-entries/lock` body: validate (lock) a week, or reopen it with `locked: false`. */
export const timeEntryLockInput = z.object({
  weekStart: mondayField,
  locked: defaultedField(z.boolean(), true),
});
export type TimeEntryLockInput = z.input<typeof timeEntryLockInput>;

/** A validated week. */
export const weekLockSchema = z.object({
  weekStart: z.string(),
  locked: z.boolean(),
  lockedAt: optionalField(instantField()),
  lockedBy: optionalField(z.string()),
});
export type WeekLock = z.infer<typeof weekLockSchema>;

/** `GET /api/time-entries/locks?from=&to=`: the validated weeks whose Monday lies in the period. */
export const weekLockListQuery = z.object({
  from: dateField({ required: 'La date de début est requise' }),
  to: dateField({ required: 'La date de fin est requise' }),
});
