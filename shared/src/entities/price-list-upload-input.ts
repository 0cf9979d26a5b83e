/**
 * The body of `POST /api/library/imports/uploads` parsed by hand, without zod (issue 27,
 * `bench:lambda`: the route starts without zod's code). It answers as the zod schema
 * `priceListUploadInput` (`library.ts`, kept for the SPA's types) does, issue for issue:
 * `price-list-upload-input.test.ts` compares them on seeded random bodies.
 */
import {
  objectBodyParser,
  type QueryIssue,
  type QueryParser,
  requiredTextMessages,
} from '../query-parser.js';

export const priceListUploadMessages = {
  fileNameRequired: 'Le nom du fichier est requis',
  sizeRequired: 'La taille du fichier est requise',
} as const;

/** The longest file name. */
export const PRICE_LIST_FILE_NAME_MAX_LENGTH = 255;

/** The file about to be sent: its name (trimmed) and its size in bytes. */
export type PriceListUploadBody = { fileName: string; size: number };

/** `POST /api/library/imports/uploads`'s body. */
export const priceListUploadParser: QueryParser<PriceListUploadBody> = objectBodyParser(
  ({ fileName, size }) => {
    const issues: QueryIssue[] = requiredTextMessages(
      fileName,
      priceListUploadMessages.fileNameRequired,
      PRICE_LIST_FILE_NAME_MAX_LENGTH,
    ).map((message) => ({ path: ['fileName'], message }));
    // `z.coerce.number({ error }).int().min(0)`: `Number(size)` (so `null`, `''`, `false` are 0,
    // " 12 ", "0x10", "1e3" numbers), a safe whole number, the schema's one message for any refusal.
    const bytes = Number(size);
    if (!Number.isSafeInteger(bytes) || bytes < 0) {
      issues.push({ path: ['size'], message: priceListUploadMessages.sizeRequired });
    }
    return { issues, data: () => ({ fileName: (fileName as string).trim(), size: bytes }) };
  },
  {
    type: 'object',
    properties: {
      fileName: { type: 'string', minLength: 1, maxLength: PRICE_LIST_FILE_NAME_MAX_LENGTH },
      size: { type: ['integer', 'string'], minimum: 0 },
    },
    required: ['fileName', 'size'],
  },
);
