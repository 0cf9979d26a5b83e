/**
 * Clients (spec section 3): companyId plus name is unique. A client is a company (`kind: 'company'`,
 * the default) or a private person (`individual`); its SIRET and VAT number, when given, are checked
 * and stored normalised, and its `siren` is derived from the SIRET by the server (DOCUMENTS.md § 1).
 */
import { clientKinds, defaultClientKind, type ClientKind } from '../enums.js';
import { defaultedField, longTextField, optionalField, requiredText, textField } from '../fields.js';
import { identityMessages, vatNumberAgreesWithSiret } from '../legal-identity.js';
import { siretField, vatNumberField } from '../legal-identity-fields.js';
import { companyRecordFields, updateVersionFields } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import { contactFields } from './contact.js';

/**
 * The editable fields clients share with suppliers (`supplier.ts` spreads them). There the SIRET
 * and the VAT number stay free text: a supplier may be foreign or known only by its letterhead, and
 * suppliers saved before the checks existed must stay editable. Clients check them (`clientOwnFields`).
 */
export const clientFields = {
  name: requiredText('Le nom est requis'),
  ...contactFields,
  contactPerson: textField,
  notes: longTextField,
};

const kindField = defaultedField(
  z.enum(clientKinds, { error: 'Le type de client doit être « Entreprise » ou « Particulier »' }),
  defaultClientKind,
);

/**
 * What only clients have: their kind, and a SIRET (14 digits, Luhn) and VAT number (French: key
 * and SIREN checked; other countries: form only) checked and stored without spaces.
 */
export const clientOwnFields = {
  kind: kindField,
  siret: optionalField(siretField()),
  vatNumber: optionalField(vatNumberField()),
};

/** What the mail provider reported about the client's address (docs/mail.md). */
export const emailDeliveryStates = ['bounced', 'complained'] as const;
export type EmailDeliveryState = (typeof emailDeliveryStates)[number];

/**
 * Set by the server when a message to the client's address bounced for good or was reported as
 * spam: `at` (ISO date-time), `reason` (the provider's diagnostic, as given), `address` (the one
 * refused). Cleared when the client's e-mail is changed; never part of a request body.
 */
export const clientEmailStatusSchema = z.object({
  state: z.enum(emailDeliveryStates),
  at: z.string(),
  reason: z.string(),
  address: z.string(),
});
export type ClientEmailStatus = z.infer<typeof clientEmailStatusSchema>;

/** A client as the API returns it. `siren` is derived from the SIRET; `kind` reads `company` when absent. */
export const clientSchema = z.object({
  ...companyRecordFields,
  ...clientFields,
  kind: kindField,
  siren: textField,
  emailStatus: clientEmailStatusSchema.optional(),
});
/**
 * A client record as stored: `kind` may be absent on records saved before clients had one (the API
 * answers them through `clientWithDerivedFields`, so `clientSchema`'s output always has it).
 */
export type Client = Omit<z.infer<typeof clientSchema>, 'kind'> & { kind?: ClientKind };

const vatMatchesSiret = (data: { vatNumber?: unknown; siret?: unknown }) =>
  vatNumberAgreesWithSiret(data.vatNumber, data.siret);
/** Checked even while another field is wrong, so that the form shows every problem at once. */
const vatMismatch = () => ({
  message: identityMessages.vatSirenMismatch,
  path: ['vatNumber'],
  when: () => true,
});

/** `POST /api/clients` body. A French VAT number must be the SIRET's when both are given. */
export const clientCreateInput = z
  .object({ ...clientFields, ...clientOwnFields })
  .refine(vatMatchesSiret, vatMismatch());
export type ClientCreateInput = z.input<typeof clientCreateInput>;
export type ClientCreateData = z.output<typeof clientCreateInput>;

/** `PUT /api/clients/{id}` body: the whole editable record, plus the `version` read. */
export const clientUpdateInput = z
  .object({ ...clientFields, ...clientOwnFields, ...updateVersionFields })
  .refine(vatMatchesSiret, vatMismatch());
export type ClientUpdateInput = z.input<typeof clientUpdateInput>;
export type ClientUpdateData = z.output<typeof clientUpdateInput>;

export { clientWithDerivedFields } from './client-derived.js';
