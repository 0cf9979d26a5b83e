/** Clients (spec section 3): companyId plus name is unique. */
import { longTextField, requiredText, textField } from '../fields.js';
import { companyRecordFields, updateVersionFields } from '../record.js';
import * as z from 'zod';
import '../zod-fr.js';
import { contactFields } from './contact.js';

/** The editable fields of a client, shared with suppliers. */
export const clientFields = {
  name: requiredText('Le nom est requis'),
  ...contactFields,
  contactPerson: textField,
  notes: longTextField,
};

/** A client as the API returns it. */
export const clientSchema = z.object({ ...companyRecordFields, ...clientFields });
export type Client = z.infer<typeof clientSchema>;

/** `POST /api/clients` body. */
export const clientCreateInput = z.object(clientFields);
export type ClientCreateInput = z.input<typeof clientCreateInput>;
export type ClientCreateData = z.output<typeof clientCreateInput>;

/** `PUT /api/clients/{id}` body: the whole editable record, plus the `version` read. */
export const clientUpdateInput = z.object({ ...clientFields, ...updateVersionFields });
export type ClientUpdateInput = z.input<typeof clientUpdateInput>;
export type ClientUpdateData = z.output<typeof clientUpdateInput>;
