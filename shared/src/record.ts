/**
 * Fields every record carries as the API returns it (API.md "Records"), and the read-only fields a
 * client may send back in an update body, which the update schemas ignore.
 */
import { idField, instantField, versionField } from './fields.js';
import * as z from './lazy-zod.js';
import './zod-fr.js';

/** id, createdAt, updatedAt, version: carried by every record. */
export const recordFields = {
  id: idField(),
  createdAt: instantField(),
  updatedAt: instantField(),
  version: versionField,
};

/** `recordFields` plus the owning company, for every business record. */
export const companyRecordFields = {
  ...recordFields,
  companyId: idField(),
};

/** The optional `version` of an update body: when given and stale, the update is a 409. */
export const updateVersionFields = {
  version: versionField.optional(),
};

/** A related record as lists embed it: `client{id,name}`, `supplier{id,name}`, `project{id,name}`. */
export const entityRefSchema = z.object({ id: idField(), name: z.string() });
export type EntityRef = z.infer<typeof entityRefSchema>;
