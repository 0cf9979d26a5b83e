/**
 * The bodies of `POST /api/suppliers` and `PUT /api/suppliers/{id}` parsed by hand, without zod
 * (issue 27, `bench:lambda`: both routes, and the supplier an e-invoice import creates, start without
 * zod's code). They answer as the zod schemas `supplierCreateInput` and `supplierUpdateInput`
 * (`entities/supplier.ts`, kept for the SPA's form) do, issue for issue: `supplier-input.test.ts`
 * compares them on seeded random bodies.
 */
import {
  boundedTextAnswer,
  decimalAnswer,
  defaulted,
  emailAnswer,
  EMAIL_MAX_LENGTH,
  optional,
  readFields,
  requiredTextAnswer,
  tagListAnswer,
  versionAnswer,
  type FieldAnswer,
} from '../body-fields.js';
import { DEFAULT_COUNTRY } from '../enums.js';
import { RATING_SCALE } from '../money.js';
import { objectBodyParser, type QueryJsonSchema, type QueryParser } from '../query-parser.js';
import { LONG_TEXT_MAX_LENGTH, TAG_LIST_MAX_ENTRIES, TEXT_MAX_LENGTH } from '../text-limits.js';
import type { SupplierCreateData } from './supplier.js';

const RATING_MESSAGE = 'La note doit être comprise entre 1 et 5, par pas de 0,1';

const text = optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH));

/** `supplierFields` (`entities/supplier.ts`: the client's fields, specialties and rating), in its order. */
export const supplierBodyFields: Record<string, (value: unknown) => FieldAnswer> = {
  name: (value) => requiredTextAnswer(value, 'Le nom est requis', TEXT_MAX_LENGTH),
  email: optional((value) => emailAnswer(value)),
  phone: text,
  address: text,
  city: text,
  postalCode: text,
  country: defaulted((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH), DEFAULT_COUNTRY),
  siret: text,
  vatNumber: text,
  contactPerson: text,
  notes: optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH)),
  specialties: defaulted(tagListAnswer, []),
  rating: optional((value) =>
    decimalAnswer(value, {
      scale: RATING_SCALE,
      min: 10 ** RATING_SCALE,
      max: 5 * 10 ** RATING_SCALE,
      messages: {
        required: 'La note est requise',
        invalid: RATING_MESSAGE,
        tooSmall: RATING_MESSAGE,
        tooBig: RATING_MESSAGE,
      },
    }),
  ),
};

const textSchema: QueryJsonSchema = { type: 'string', maxLength: TEXT_MAX_LENGTH };
/** The JSON Schema of a supplier's fields (the route fuzz's input). */
export const supplierBodyProperties: Record<string, QueryJsonSchema> = {
  name: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
  email: { type: 'string', format: 'email', maxLength: EMAIL_MAX_LENGTH },
  phone: textSchema,
  address: textSchema,
  city: textSchema,
  postalCode: textSchema,
  country: textSchema,
  siret: textSchema,
  vatNumber: textSchema,
  contactPerson: textSchema,
  notes: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
  specialties: { type: 'array', maxItems: TAG_LIST_MAX_ENTRIES, items: textSchema },
  rating: { type: ['string', 'number'], minimum: 1, maximum: 5 },
};

/** `POST /api/suppliers`'s body (also the supplier an e-invoice import creates). */
export const supplierCreateParser: QueryParser<SupplierCreateData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, supplierBodyFields);
    return { issues, data: () => values as unknown as SupplierCreateData };
  },
  { type: 'object', properties: supplierBodyProperties, required: ['name'] },
);

/** `PUT /api/suppliers/{id}`'s body: the same fields, and the `version` read. */
export const supplierUpdateParser: QueryParser<SupplierCreateData & { version?: number | undefined }> =
  objectBodyParser(
    (body) => {
      const { values, issues } = readFields(body, {
        ...supplierBodyFields,
        version: (value) => versionAnswer(value),
      });
      return { issues, data: () => values as unknown as SupplierCreateData & { version?: number } };
    },
    {
      type: 'object',
      properties: { ...supplierBodyProperties, version: { type: 'integer', minimum: 1 } },
      required: ['name'],
    },
  );
