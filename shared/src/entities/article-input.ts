/**
 * The bodies of `POST /api/library/articles` and `PUT /api/library/articles/{id}` parsed by hand,
 * without zod (issue 27, `bench:lambda`: both routes start without zod's code). They answer as the
 * zod schemas `articleCreateInput` and `articleUpdateInput` (`entities/library.ts`, kept for the
 * SPA's form) do, issue for issue: `article-input.test.ts` compares them on seeded random bodies.
 */
import {
  decimalAnswer,
  defaulted,
  enumAnswer,
  optional,
  optionalIdAnswer,
  readFields,
  requiredTextAnswer,
  textAnswer,
  vatRateAnswer,
  versionAnswer,
  type DecimalAnswerRule,
  type FieldAnswer,
} from '../body-fields.js';
import { isBlank } from '../blank.js';
import { resourceTypes, vatRates, type ResourceType, type VatRate } from '../enums.js';
import { MONEY_MAX_CENTS, MONEY_SCALE, PERCENT_SCALE } from '../money.js';
import { notText, objectBodyParser, type QueryJsonSchema, type QueryParser } from '../query-parser.js';
import {
  articleStatuses,
  familyLevels,
  LIBRARY_DESIGNATION_MAX_LENGTH,
  LIBRARY_FAMILY_MAX_LENGTH,
  LIBRARY_REFERENCE_MAX_LENGTH,
  LIBRARY_UNIT_MAX_LENGTH,
  MAX_FAMILY_LEVELS,
  normaliseFamily,
  type ArticleStatus,
} from './library-basics.js';

/** An article's editable fields, as the service receives them. */
export interface ArticleBody {
  resourceType: ResourceType;
  reference?: string | undefined;
  designation: string;
  unit: string;
  unitCost: string;
  supplierId?: string | undefined;
  vatRate?: VatRate | undefined;
  family?: string | undefined;
  listPrice?: string | undefined;
  discount?: string | undefined;
  status: ArticleStatus;
}

const MONEY_INVALID =
  'Montant invalide : utilisez un nombre avec au plus deux décimales, par exemple 1 234,50';

/** `moneyField({ nonNegative: true, message })`. */
const positiveMoney = (message: string): DecimalAnswerRule => ({
  scale: MONEY_SCALE,
  min: 0,
  max: MONEY_MAX_CENTS,
  messages: {
    required: message,
    invalid: message,
    scale: MONEY_INVALID,
    tooSmall: message,
    tooBig: 'Montant invalide : au plus 9 999 999 999,99 en valeur absolue',
  },
});

/** `familyField`: at most 300 characters, normalised ("Gros œuvre › Béton"), at most five levels (the ouvrages' parser too). */
export function familyAnswer(value: unknown): FieldAnswer {
  const tooLong = `La famille doit contenir au plus ${LIBRARY_FAMILY_MAX_LENGTH} caractères`;
  const text = textAnswer(value, {
    typeMessage: notText(value).messages[0],
    trim: false,
    max: { length: LIBRARY_FAMILY_MAX_LENGTH, message: tooLong },
  });
  if (text.messages.length > 0) return { ...text, aborts: true };
  const family = normaliseFamily(text.value as string);
  return familyLevels(family).length <= MAX_FAMILY_LEVELS
    ? { value: family, messages: [] }
    : {
        value: family,
        messages: [`Une famille compte au plus ${MAX_FAMILY_LEVELS} niveaux (ex. « Gros œuvre › Béton »)`],
      };
}

/** `articleFields` (`entities/library.ts`), in its order. */
const articleFields = {
  resourceType: (value: unknown) =>
    isBlank(value)
      ? { value, messages: ['Le type de ressource est requis'], aborts: true }
      : enumAnswer(value, resourceTypes),
  reference: optional((value) =>
    requiredTextAnswer(value, 'La référence est requise', LIBRARY_REFERENCE_MAX_LENGTH),
  ),
  designation: (value: unknown) =>
    requiredTextAnswer(value, 'La désignation est requise', LIBRARY_DESIGNATION_MAX_LENGTH),
  unit: (value: unknown) => requiredTextAnswer(value, "L'unité est requise", LIBRARY_UNIT_MAX_LENGTH),
  unitCost: (value: unknown) =>
    decimalAnswer(value, positiveMoney('Le coût unitaire doit être un nombre positif ou nul')),
  supplierId: optionalIdAnswer,
  vatRate: optional(vatRateAnswer),
  family: optional(familyAnswer),
  listPrice: optional((value) =>
    decimalAnswer(value, positiveMoney('Le prix catalogue doit être un nombre positif ou nul')),
  ),
  discount: optional((value) => {
    const message = 'La remise doit être un pourcentage entre 0 et 100';
    return decimalAnswer(value, {
      scale: PERCENT_SCALE,
      min: 0,
      max: 100 * 10 ** PERCENT_SCALE,
      messages: { required: message, invalid: message, tooSmall: message, tooBig: message },
    });
  }),
  status: defaulted((value) => enumAnswer(value, articleStatuses), 'active'),
};

const money: QueryJsonSchema = { type: ['string', 'number'], minimum: 0, maximum: MONEY_MAX_CENTS / 100 };
const articleProperties: Record<string, QueryJsonSchema> = {
  resourceType: { type: 'string', enum: [...resourceTypes] },
  reference: { type: 'string', maxLength: LIBRARY_REFERENCE_MAX_LENGTH },
  designation: { type: 'string', minLength: 1, maxLength: LIBRARY_DESIGNATION_MAX_LENGTH },
  unit: { type: 'string', minLength: 1, maxLength: LIBRARY_UNIT_MAX_LENGTH },
  unitCost: money,
  supplierId: { type: 'string', format: 'uuid' },
  vatRate: { type: ['string', 'number'], enum: [...vatRates] },
  family: { type: 'string', maxLength: LIBRARY_FAMILY_MAX_LENGTH },
  listPrice: money,
  discount: { type: ['string', 'number'], minimum: 0, maximum: 100 },
  status: { type: 'string', enum: [...articleStatuses] },
};
const articleRequired = ['resourceType', 'designation', 'unit', 'unitCost'];

/** `POST /api/library/articles`'s body. */
export const articleCreateParser: QueryParser<ArticleBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, articleFields);
    return { issues, data: () => values as unknown as ArticleBody };
  },
  { type: 'object', properties: articleProperties, required: articleRequired },
);

/** `PUT /api/library/articles/{id}`'s body: the same fields, and the `version` read. */
export const articleUpdateParser: QueryParser<ArticleBody & { version?: number | undefined }> =
  objectBodyParser(
    (body) => {
      const { values, issues } = readFields(body, {
        ...articleFields,
        version: (value) => versionAnswer(value),
      });
      return { issues, data: () => values as unknown as ArticleBody & { version?: number } };
    },
    {
      type: 'object',
      properties: { ...articleProperties, version: { type: 'integer', minimum: 1 } },
      required: articleRequired,
    },
  );
