/**
 * Workers (Équipe, docs/profitability.md): the people whose hours are entered on the chantiers,
 * not necessarily users of the product. Their loaded hourly cost prices the hours (pointage).
 * Managed by the company administrator; read by every user (the pointage screen lists them).
 */
import { defaultedField, idField, moneyField, optionalIdField, requiredText, textField } from '../fields.js';
import { companyRecordFields, updateVersionFields } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import { WORKER_NAME_MAX_LENGTH } from './worker-input.js';

export { workerMessages } from './worker-messages.js';

/** The editable fields of a worker. */
export const workerFields = {
  name: requiredText('Le nom est requis', WORKER_NAME_MAX_LENGTH),
  /** Métier: « Maçon », « Plaquiste »… */
  trade: textField,
  /** Coût horaire chargé (salary and charges per hour), HT, ≥ 0. */
  hourlyCost: moneyField({ nonNegative: true, required: 'Le coût horaire chargé est requis' }),
  isActive: defaultedField(z.boolean(), true),
  /**
   * Chef d'équipe: when the worker is linked to a user, that user enters the hours of the whole
   * team; a linked user who is not enters only his own.
   */
  teamLead: defaultedField(z.boolean(), false),
  /** The user of the company this worker is (one worker per user). */
  userId: optionalIdField,
};

/** A worker as the API returns it, with its user's name when linked. */
export const workerSchema = z.object({
  ...companyRecordFields,
  ...workerFields,
  user: z.object({ id: idField(), name: z.string() }).optional(),
});
export type Worker = z.infer<typeof workerSchema>;

/** `POST /api/workers` body. */
export const workerCreateInput = z.object(workerFields);
export type WorkerCreateInput = z.input<typeof workerCreateInput>;
export type WorkerCreateData = z.output<typeof workerCreateInput>;

/** `PUT /api/workers/{id}` body: the whole editable record, plus the `version` read. */
export const workerUpdateInput = z.object({ ...workerFields, ...updateVersionFields });
export type WorkerUpdateInput = z.input<typeof workerUpdateInput>;
export type WorkerUpdateData = z.output<typeof workerUpdateInput>;
