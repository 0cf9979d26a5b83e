/**
 * The bodies of `POST /api/library/ouvrages` and `PUT /api/library/ouvrages/{id}` parsed by hand,
 * without zod (issue 27, `bench:lambda`: both routes start without zod's code). They answer as the
 * zod schemas `ouvrageCreateInput` and `ouvrageUpdateInput` (`entities/library.ts`, kept for the
 * SPA's form) do, issue for issue, the components' "one of the two" only where zod's refinement
 * runs: `ouvrage-input.test.ts` compares them on seeded random bodies.
 */
import {
  decimalAnswer,
  type EntryAnswer,
  entryListAnswer,
  type FieldAnswer,
  notAnObject,
  optional,
  optionalIdAnswer,
  percentRule,
  quantityRule,
  readFields,
  requiredTextAnswer,
  vatRateAnswer,
  versionAnswer,
} from '../body-fields.js';
import { vatRates } from '../enums.js';
import { objectBodyParser, type QueryJsonSchema, type QueryParser } from '../query-parser.js';
import { familyAnswer } from './article-input.js';
import {
  LIBRARY_DESIGNATION_MAX_LENGTH,
  LIBRARY_FAMILY_MAX_LENGTH,
  LIBRARY_REFERENCE_MAX_LENGTH,
  LIBRARY_UNIT_MAX_LENGTH,
  MAX_OUVRAGE_COMPONENTS,
} from './library-basics.js';
import type { OuvrageCreateData } from './library.js';

const ONE_OF_TWO = 'Un composant est un article ou un ouvrage (l’un des deux)';

/** `ouvrageComponentInput`: its fields, then its refinement when none of their issues stops it. */
function componentAnswer(item: unknown): EntryAnswer {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return notAnObject(item);
  const { values, issues, aborted } = readFields(item as Record<string, unknown>, {
    articleId: optionalIdAnswer,
    ouvrageId: optionalIdAnswer,
    quantity: (value) =>
      decimalAnswer(
        value,
        quantityRule({ positive: true, message: 'La quantité doit être un nombre positif' }),
      ),
    lossRate: optional((value) =>
      decimalAnswer(
        value,
        percentRule({ message: 'Le taux de perte doit être un pourcentage entre 0 et 100' }),
      ),
    ),
  });
  if (!aborted && [values.articleId, values.ouvrageId].filter((id) => id !== undefined).length !== 1) {
    issues.push({ path: ['articleId'], message: ONE_OF_TWO });
  }
  return { value: values, issues, aborted };
}

const COMPONENTS_REQUIRED = 'La liste des composants est requise';
const COMPONENTS_MIN = 'Un ouvrage compte au moins un composant';
const COMPONENTS_MAX = `Un ouvrage compte au plus ${MAX_OUVRAGE_COMPONENTS} composants`;

/** `z.array(ouvrageComponentInput, { error }).min(1).max(MAX_OUVRAGE_COMPONENTS)`. */
function componentsAnswer(value: unknown): FieldAnswer {
  const read = entryListAnswer(value, {
    entry: componentAnswer,
    max: { length: MAX_OUVRAGE_COMPONENTS, message: COMPONENTS_MAX },
    typeMessage: COMPONENTS_REQUIRED,
  });
  // zod's `min(1)` measures the `length` of what it was given, a list or not, after the type's issue.
  const length = value === undefined || value === null ? undefined : (value as { length?: unknown }).length;
  const issues = [...read.issues];
  if (length !== undefined && !((length as number) >= 1)) {
    const at = Array.isArray(value) ? issues.length : 1;
    issues.splice(at, 0, { path: [], message: COMPONENTS_MIN });
  }
  return { value: read.value, messages: [], nested: issues };
}

/** `ouvrageFields` (`entities/library.ts`), in its order. */
const ouvrageFields: Record<string, (value: unknown) => FieldAnswer> = {
  code: optional((value) => requiredTextAnswer(value, 'Le code est requis', LIBRARY_REFERENCE_MAX_LENGTH)),
  designation: (value) =>
    requiredTextAnswer(value, 'La désignation est requise', LIBRARY_DESIGNATION_MAX_LENGTH),
  unit: (value) => requiredTextAnswer(value, "L'unité est requise", LIBRARY_UNIT_MAX_LENGTH),
  family: optional(familyAnswer),
  vatRate: optional(vatRateAnswer),
  components: componentsAnswer,
};

const idSchema: QueryJsonSchema = { type: 'string', format: 'uuid' };
const ouvrageProperties: Record<string, QueryJsonSchema> = {
  code: { type: 'string', maxLength: LIBRARY_REFERENCE_MAX_LENGTH },
  designation: { type: 'string', minLength: 1, maxLength: LIBRARY_DESIGNATION_MAX_LENGTH },
  unit: { type: 'string', minLength: 1, maxLength: LIBRARY_UNIT_MAX_LENGTH },
  family: { type: 'string', maxLength: LIBRARY_FAMILY_MAX_LENGTH },
  vatRate: { type: ['string', 'number'], enum: [...vatRates] },
  components: {
    type: 'array',
    maxItems: MAX_OUVRAGE_COMPONENTS,
    items: {
      type: 'object',
      properties: {
        articleId: idSchema,
        ouvrageId: idSchema,
        quantity: { type: ['string', 'number'], minimum: 0.001, maximum: 9_999_999.999 },
        lossRate: { type: ['string', 'number'], minimum: 0, maximum: 100 },
      },
      required: ['quantity'],
    },
  },
};
const ouvrageRequired = ['designation', 'unit', 'components'];

/** `POST /api/library/ouvrages`'s body. */
export const ouvrageCreateParser: QueryParser<OuvrageCreateData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, ouvrageFields);
    return { issues, data: () => values as unknown as OuvrageCreateData };
  },
  { type: 'object', properties: ouvrageProperties, required: ouvrageRequired },
);

/** `PUT /api/library/ouvrages/{id}`'s body: the same fields, and the `version` read. */
export const ouvrageUpdateParser: QueryParser<OuvrageCreateData & { version?: number | undefined }> =
  objectBodyParser(
    (body) => {
      const { values, issues } = readFields(body, {
        ...ouvrageFields,
        version: (value) => versionAnswer(value),
      });
      return { issues, data: () => values as unknown as OuvrageCreateData & { version?: number } };
    },
    {
      type: 'object',
      properties: { ...ouvrageProperties, version: { type: 'integer', minimum: 1 } },
      required: ouvrageRequired,
    },
  );
