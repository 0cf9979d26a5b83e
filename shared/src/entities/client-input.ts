/**
 * The bodies of `POST /api/clients` and `PUT /api/clients/{id}` parsed by hand, without zod (issue
 * 27, `bench:lambda`: both routes start without zod's code). They answer as the zod schemas
 * `clientCreateInput` and `clientUpdateInput` (`entities/client.ts`, kept for the SPA's form) do,
 * issue for issue, the SIRET and VAT number checked and the VAT number matched with the SIRET's
 * SIREN: `client-input.test.ts` compares them on seeded random bodies.
 */
import {
  defaulted,
  enumAnswer,
  type FieldAnswer,
  optional,
  readFields,
  refinedVersionAnswer,
} from '../body-fields.js';
import { clientKinds, defaultClientKind } from '../enums.js';
import { identityMessages, vatNumberAgreesWithSiret } from '../legal-identity.js';
import { siretAnswer, vatNumberAnswer } from '../legal-identity-input.js';
import {
  objectBodyParser,
  type QueryJsonSchema,
  type QueryParser,
  type QueryIssue,
} from '../query-parser.js';
import type { ClientCreateData, ClientUpdateData } from './client.js';
import { supplierBodyFields, supplierBodyProperties } from './supplier-input.js';

const KIND_MESSAGE = 'Le type de client doit être « Entreprise » ou « Particulier »';

/** `kindField`: one of `clientKinds`, « company » when missing or blank. */
const kindAnswer = defaulted((value) => {
  const answer = enumAnswer(value, clientKinds);
  return answer.messages.length > 0 ? { ...answer, messages: [KIND_MESSAGE] } : answer;
}, defaultClientKind);

// The fields clients share with suppliers (`clientFields`, `supplierBodyFields` without the
// specialties and the rating), the SIRET and the VAT number checked (`clientOwnFields`, in the
// place of the shared ones), then the kind: `{ ...clientFields, ...clientOwnFields }`'s order.
type SharedField =
  | 'name'
  | 'email'
  | 'phone'
  | 'address'
  | 'city'
  | 'postalCode'
  | 'country'
  | 'contactPerson'
  | 'notes';
const { name, email, phone, address, city, postalCode, country, contactPerson, notes } =
  supplierBodyFields as Record<SharedField, (value: unknown) => FieldAnswer>;
const clientBodyFields: Record<string, (value: unknown) => FieldAnswer> = {
  name,
  email,
  phone,
  address,
  city,
  postalCode,
  country,
  siret: optional(siretAnswer),
  vatNumber: optional(vatNumberAnswer),
  contactPerson,
  notes,
  kind: kindAnswer,
};

const { specialties: _specialties, rating: _rating, ...sharedProperties } = supplierBodyProperties;
const clientBodyProperties: Record<string, QueryJsonSchema> = {
  ...sharedProperties,
  siret: { type: 'string', minLength: 14, maxLength: 14 },
  kind: { type: 'string', enum: [...clientKinds] },
};

/**
 * The fields' issues, then the VAT number's refusal when it is not the SIRET's: checked whatever else
 * is wrong, but a version that is not a whole number (zod's explicit abort).
 */
function readClient(
  body: Record<string, unknown>,
  fields: Record<string, (value: unknown) => FieldAnswer>,
): { values: Record<string, unknown>; issues: QueryIssue[] } {
  const { values, issues, stopped } = readFields(body, fields);
  if (!stopped && !vatNumberAgreesWithSiret(values.vatNumber, values.siret)) {
    issues.push({ path: ['vatNumber'], message: identityMessages.vatSirenMismatch });
  }
  return { values, issues };
}

/** `POST /api/clients`'s body. */
export const clientCreateParser: QueryParser<ClientCreateData> = objectBodyParser(
  (body) => {
    const { values, issues } = readClient(body, clientBodyFields);
    return { issues, data: () => values as unknown as ClientCreateData };
  },
  { type: 'object', properties: clientBodyProperties, required: ['name'] },
);

/** `PUT /api/clients/{id}`'s body: the same fields, and the `version` read. */
export const clientUpdateParser: QueryParser<ClientUpdateData> = objectBodyParser(
  (body) => {
    const { values, issues } = readClient(body, { ...clientBodyFields, version: refinedVersionAnswer });
    return { issues, data: () => values as unknown as ClientUpdateData };
  },
  {
    type: 'object',
    properties: { ...clientBodyProperties, version: { type: 'integer', minimum: 1 } },
    required: ['name'],
  },
);
