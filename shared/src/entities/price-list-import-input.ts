/**
 * The price list import's inputs parsed by hand, without zod (issue 27, `bench:lambda`: the routes
 * start without zod's code): the body of `POST /api/library/imports` (the uploaded file, the
 * supplier and the mapping of its columns) and the query of
 * `GET /api/library/imports/uploads/{id}/preview`. They answer as the zod schemas
 * `priceListImportInput` (`entities/library.ts`, kept for the SPA's types) and the preview route's
 * former query schema do, issue for issue: `price-list-import-input.test.ts` compares them on
 * seeded random inputs.
 */
import {
  absentOr,
  enumAnswer,
  type FieldAnswer,
  idAnswer,
  optionalIdAnswer,
  readFields,
  requiredTextAnswer,
  zodTooLong,
} from '../body-fields.js';
import { resourceTypes } from '../enums.js';
import {
  handParser,
  objectBodyParser,
  type QueryIssue,
  type QueryJsonSchema,
  type QueryParser,
  receivedType,
} from '../query-parser.js';
import {
  LIBRARY_UNIT_MAX_LENGTH,
  MAX_FAMILY_LEVELS,
  priceListDelimiters,
  priceListEncodings,
  type PriceListEncoding,
} from './library-basics.js';
import type { PriceListImportData } from './library.js';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/**
 * `z.coerce.number().int().min(min).max(max)`: `Number(value)` (so `null`, `''`, `true` are numbers),
 * then zod's French messages in its order, or `message` for each when given.
 */
function coercedIntegerAnswer(value: unknown, min: number, max: number, message?: string): FieldAnswer {
  const number = Number(value);
  const say = (own: string) => message ?? own;
  if (Number.isNaN(number)) return { value, messages: [say('Entrée invalide : nombre attendu, NaN reçu')] };
  if (!Number.isFinite(number))
    return { value, messages: [say('Entrée invalide : nombre attendu, nombre reçu')] };
  if (!Number.isInteger(number))
    return { value, messages: [say('Entrée invalide : entier attendu, nombre reçu')] };
  const messages: string[] = [];
  if (number > MAX_SAFE) messages.push(say(`Trop grand : entier doit être <=${MAX_SAFE}`));
  if (number < -MAX_SAFE) messages.push(say(`Trop petit : entier doit être >=-${MAX_SAFE}`));
  if (number < min) messages.push(say(`Trop petit : nombre doit être >=${min}`));
  if (number > max) messages.push(say(`Trop grand : nombre doit être <=${max}`));
  // `Number(-0)` is 0 for zod's output too (JSON cannot tell them apart).
  return { value: number === 0 ? 0 : number, messages };
}

/** `.default(fallback)` of zod: only a missing value takes it. */
const defaultedOr =
  (field: (value: unknown) => FieldAnswer, fallback: unknown) =>
  (value: unknown): FieldAnswer =>
    value === undefined ? { value: fallback, messages: [] } : field(value);

const COLUMN_MESSAGE = 'Colonne invalide';
const columnIndex = (value: unknown) => coercedIntegerAnswer(value, 0, 999, COLUMN_MESSAGE);
const headerRow = (value: unknown) => coercedIntegerAnswer(value, 0, 50);

/** `z.array(columnIndex).max(MAX_FAMILY_LEVELS)`: its entries unread when over the maximum. */
function familyColumnsAnswer(value: unknown): FieldAnswer {
  const tooMany = zodTooLong(MAX_FAMILY_LEVELS)(value);
  const length = value === null ? undefined : (value as { length?: unknown }).length;
  const over = length !== undefined && !((length as number) <= MAX_FAMILY_LEVELS);
  if (!Array.isArray(value)) {
    const messages = [`Entrée invalide : tableau attendu, ${receivedType(value)} reçu`];
    return { value, messages: over ? [...messages, tooMany] : messages };
  }
  if (over) return { value, messages: [tooMany] };
  const nested: QueryIssue[] = [];
  const columns = value.map((entry: unknown, index) => {
    const answer = columnIndex(entry);
    nested.push(...answer.messages.map((message) => ({ path: [String(index)], message })));
    return answer.value;
  });
  return { value: columns, messages: [], nested };
}

/** An object of `fields` at its place: zod's message when it is not an object, else its fields' issues. */
function objectAnswer(fields: Record<string, (value: unknown) => FieldAnswer>) {
  return (value: unknown): FieldAnswer => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { value, messages: [`Entrée invalide : objet attendu, ${receivedType(value)} reçu`] };
    }
    const { values, issues } = readFields(value as Record<string, unknown>, fields);
    return { value: values, messages: [], nested: issues };
  };
}

/** `priceListColumnsSchema`. */
const columnsAnswer = objectAnswer({
  reference: columnIndex,
  designation: columnIndex,
  price: columnIndex,
  unit: absentOr(columnIndex),
  family: absentOr(familyColumnsAnswer),
  discount: absentOr(columnIndex),
  resourceType: absentOr(columnIndex),
  vatRate: absentOr(columnIndex),
});

/** `priceListMappingSchema`. */
const mappingAnswer = objectAnswer({
  columns: columnsAnswer,
  headerRow: defaultedOr(headerRow, 1),
  decimal: absentOr((value) => enumAnswer(value, [',', '.'])),
  encoding: absentOr((value) => enumAnswer(value, priceListEncodings)),
  delimiter: absentOr((value) => enumAnswer(value, priceListDelimiters)),
  defaultResourceType: defaultedOr((value) => enumAnswer(value, resourceTypes), 'materials'),
  defaultUnit: defaultedOr(
    (value) => requiredTextAnswer(value, "L'unité par défaut est requise", LIBRARY_UNIT_MAX_LENGTH),
    'u',
  ),
});

const columnSchema: QueryJsonSchema = { type: ['integer', 'string'], minimum: 0, maximum: 999 };
const idSchema: QueryJsonSchema = { type: 'string', format: 'uuid' };

/** `POST /api/library/imports`'s body. */
export const priceListImportParser: QueryParser<PriceListImportData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      uploadId: (value) => idAnswer(value, 'Le fichier est requis'),
      supplierId: (value) => idAnswer(value, 'Le fournisseur est requis'),
      mapping: mappingAnswer,
    });
    return { issues, data: () => values as unknown as PriceListImportData };
  },
  {
    type: 'object',
    properties: {
      uploadId: idSchema,
      supplierId: idSchema,
      mapping: {
        type: 'object',
        properties: {
          columns: {
            type: 'object',
            properties: {
              reference: columnSchema,
              designation: columnSchema,
              price: columnSchema,
              unit: columnSchema,
              family: { type: 'array', maxItems: MAX_FAMILY_LEVELS, items: columnSchema },
              discount: columnSchema,
              resourceType: columnSchema,
              vatRate: columnSchema,
            },
            required: ['reference', 'designation', 'price'],
          },
          headerRow: { type: ['integer', 'string'], minimum: 0, maximum: 50 },
          decimal: { type: 'string', enum: [',', '.'] },
          encoding: { type: 'string', enum: [...priceListEncodings] },
          delimiter: { type: 'string', enum: [...priceListDelimiters] },
          defaultResourceType: { type: 'string', enum: [...resourceTypes] },
          defaultUnit: { type: 'string', minLength: 1, maxLength: LIBRARY_UNIT_MAX_LENGTH },
        },
        required: ['columns'],
      },
    },
    required: ['uploadId', 'supplierId', 'mapping'],
  },
);

/** What the preview is asked to read the file with. */
export interface PriceListPreviewQuery {
  supplierId?: string | undefined;
  encoding?: PriceListEncoding | undefined;
  delimiter?: (typeof priceListDelimiters)[number] | undefined;
  headerRow?: number | undefined;
}

/** `GET /api/library/imports/uploads/{id}/preview`'s query. */
export const priceListPreviewQueryParser: QueryParser<PriceListPreviewQuery> = handParser(
  (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const message = `Entrée invalide : objet attendu, ${receivedType(input)} reçu`;
      return { success: false, error: { issues: [{ path: [], message }] } };
    }
    const { values, issues } = readFields(input as Record<string, unknown>, {
      supplierId: optionalIdAnswer,
      encoding: absentOr((value) =>
        enumAnswer(value, priceListEncodings).messages.length > 0
          ? { value, messages: ['Encodage inconnu : utf-8 ou windows-1252'] }
          : { value, messages: [] },
      ),
      delimiter: absentOr((value) =>
        enumAnswer(value, priceListDelimiters).messages.length > 0
          ? { value, messages: ['Séparateur inconnu : ; , ou tabulation'] }
          : { value, messages: [] },
      ),
      headerRow: absentOr(headerRow),
    });
    return issues.length > 0
      ? { success: false, error: { issues } }
      : { success: true, data: values as PriceListPreviewQuery };
  },
  {
    type: 'object',
    properties: {
      supplierId: idSchema,
      encoding: { type: 'string', enum: [...priceListEncodings] },
      delimiter: { type: 'string', enum: [...priceListDelimiters] },
      headerRow: { type: ['integer', 'string'], minimum: 0, maximum: 50 },
    },
  },
);
