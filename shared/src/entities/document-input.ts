/**
 * The documents' inputs parsed by hand, without zod (issue 27, `bench:lambda`: the routes start
 * without zod's code): the body of `POST /api/documents/upload-url`, the fields of
 * `POST /api/documents/upload`'s multipart form and the `?inline=` of
 * `GET /api/documents/{id}/download`. They answer as the zod schemas `documentUploadUrlInput`
 * (`entities/document.ts`, kept for the SPA's types), its `pick` of the form's fields and the
 * download route's former query schema do, issue for issue: `document-input.test.ts` compares them
 * on seeded random inputs.
 */
import {
  boundedTextAnswer,
  decimalUnitsAnswer,
  defaulted,
  type FieldAnswer,
  optional,
  optionalIdAnswer,
  readFields,
  requiredEnumAnswer,
  requiredTextAnswer,
  tagListAnswer,
} from '../body-fields.js';
import { documentTypes } from '../enums.js';
import {
  handParser,
  objectBodyParser,
  type QueryJsonSchema,
  type QueryParser,
  receivedType,
} from '../query-parser.js';
import { LONG_TEXT_MAX_LENGTH, TAG_LIST_MAX_ENTRIES, TEXT_MAX_LENGTH } from '../text-limits.js';
import type { DocumentUploadUrlData } from './document.js';

const SIZE_MESSAGE = "La taille du fichier doit être un nombre entier d'octets positif ou nul";

/** The fields a person describes a document with (`documentUploadUrlInput`'s, after the file's). */
const describedFields: Record<string, (value: unknown) => FieldAnswer> = {
  name: optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH)),
  type: (value) => requiredEnumAnswer(value, documentTypes, 'Le type de document est requis'),
  projectId: optionalIdAnswer,
  clientId: optionalIdAnswer,
  supplierId: optionalIdAnswer,
  quoteId: optionalIdAnswer,
  invoiceId: optionalIdAnswer,
  tags: defaulted(tagListAnswer, []),
  description: optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH)),
};

const textSchema: QueryJsonSchema = { type: 'string', maxLength: TEXT_MAX_LENGTH };
const idSchema: QueryJsonSchema = { type: 'string', format: 'uuid' };
const describedProperties: Record<string, QueryJsonSchema> = {
  name: textSchema,
  type: { type: 'string', enum: [...documentTypes] },
  projectId: idSchema,
  clientId: idSchema,
  supplierId: idSchema,
  quoteId: idSchema,
  invoiceId: idSchema,
  tags: { type: 'array', maxItems: TAG_LIST_MAX_ENTRIES, items: textSchema },
  description: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
};

/** What `POST /api/documents/upload`'s form describes of its file. */
export type DocumentUploadFormData = Omit<DocumentUploadUrlData, 'fileName' | 'mimeType' | 'size'>;

/** `POST /api/documents/upload-url`'s body: the file about to be sent, and how to list it. */
export const documentUploadUrlParser: QueryParser<DocumentUploadUrlData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      fileName: (value) => requiredTextAnswer(value, 'Le nom du fichier est requis', TEXT_MAX_LENGTH),
      mimeType: (value) => requiredTextAnswer(value, 'Le type de fichier est requis', TEXT_MAX_LENGTH),
      size: (value) =>
        decimalUnitsAnswer(value, {
          scale: 0,
          min: 0,
          max: Number.MAX_SAFE_INTEGER,
          messages: {
            required: 'La taille du fichier est requise',
            invalid: SIZE_MESSAGE,
            tooSmall: SIZE_MESSAGE,
            tooBig: SIZE_MESSAGE,
          },
        }),
      ...describedFields,
    });
    return { issues, data: () => values as unknown as DocumentUploadUrlData };
  },
  {
    type: 'object',
    properties: {
      fileName: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
      mimeType: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
      size: { type: ['integer', 'string'], minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
      ...describedProperties,
    },
    required: ['fileName', 'mimeType', 'size', 'type'],
  },
);

/** `POST /api/documents/upload`'s form fields besides `file` (`documentUploadUrlInput.pick`). */
export const documentUploadFormParser: QueryParser<DocumentUploadFormData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, describedFields);
    return { issues, data: () => values as unknown as DocumentUploadFormData };
  },
  { type: 'object', properties: describedProperties, required: ['type'] },
);

const inlineValues: readonly string[] = ['0', '1', 'true', 'false'];
const INLINE_MESSAGE = 'La valeur de inline doit être 1 ou 0';

/** `GET /api/documents/{id}/download`'s `?inline=1`: a URL the browser shows rather than saves. */
export const documentDownloadQueryParser: QueryParser<{ inline: boolean }> = handParser(
  (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const message = `Entrée invalide : objet attendu, ${receivedType(input)} reçu`;
      return { success: false, error: { issues: [{ path: [], message }] } };
    }
    const { inline } = input as { inline?: unknown };
    if (inline === undefined) return { success: true, data: { inline: false } };
    if (typeof inline !== 'string' || !inlineValues.includes(inline)) {
      return { success: false, error: { issues: [{ path: ['inline'], message: INLINE_MESSAGE }] } };
    }
    return { success: true, data: { inline: inline === '1' || inline === 'true' } };
  },
  { type: 'object', properties: { inline: { type: 'string', enum: [...inlineValues] } } },
);
