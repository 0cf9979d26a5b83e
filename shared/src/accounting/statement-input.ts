/**
 * The bodies of the bank statements' routes parsed by hand, without zod (issue 27, `bench:lambda`:
 * `POST /api/bank/statements/upload` and `POST /api/bank/statements` start without zod's code, and
 * reading a CSV statement's columns does not load it either). They answer as the zod schemas
 * `statementUploadInput`, `statementImportInput` and `csvMappingSchema` (`bank.ts`) do, issue for
 * issue: `statement-input.test.ts` compares them on seeded random bodies.
 */
import { type FieldAnswer, idAnswer, optional, readFields, textAnswer, zodTooLong } from '../body-fields.js';
import {
  notText,
  objectBodyParser,
  type QueryIssue,
  type QueryParser,
  receivedType,
} from '../query-parser.js';
import { bankMessages, normalizedText } from './bank-matching.js';

/**
 * Which column holds what in a CSV statement (by the header's text): one signed amount column, or a
 * debit and a credit column.
 */
export interface CsvMapping {
  date: string;
  label: string;
  amount?: string | undefined;
  debit?: string | undefined;
  credit?: string | undefined;
  reference?: string | undefined;
}

/** `POST /api/bank/statements`'s body: the uploaded file, and for a CSV its columns when not remembered. */
export interface StatementImportBody {
  uploadId: string;
  mapping?: CsvMapping | undefined;
}

const COLUMN_MAX_LENGTH = 200;
const FILE_NAME_MAX_LENGTH = 255;
const FILE_NAME_REQUIRED = 'Le nom du fichier est requis';
const UPLOAD_REQUIRED = "L'identifiant du fichier envoyé est requis";

/**
 * `columnField` (`bank.ts`): text, trimmed, 1 to 200 characters; `bankMessages.column` for any
 * refusal (the error given to `z.string` is also its length checks' message).
 */
const columnAnswer = (value: unknown): FieldAnswer =>
  textAnswer(value, {
    typeMessage: bankMessages.column,
    trim: true,
    min: { length: 1, message: bankMessages.column },
    max: { length: COLUMN_MAX_LENGTH, message: bankMessages.column },
  });

const mappingFields = {
  date: columnAnswer,
  label: columnAnswer,
  amount: optional(columnAnswer),
  debit: optional(columnAnswer),
  credit: optional(columnAnswer),
  reference: optional(columnAnswer),
};

/**
 * A mapping's issues (paths from the mapping) and output, as `csvMappingSchema` reads it: its fields,
 * then, when none stopped zod, the amount's columns checked together.
 */
function readMapping(mapping: Record<string, unknown>): { issues: QueryIssue[]; data: CsvMapping } {
  const { values, issues, aborted } = readFields(mapping, mappingFields);
  if (!aborted && !values.amount && !(values.debit && values.credit)) {
    issues.push({ path: ['amount'], message: bankMessages.amountColumns });
  }
  return { issues, data: values as unknown as CsvMapping };
}

const column = { type: 'string', minLength: 1, maxLength: COLUMN_MAX_LENGTH };
const mappingJsonSchema = {
  type: 'object',
  properties: {
    date: column,
    label: column,
    amount: column,
    debit: column,
    credit: column,
    reference: column,
  },
  required: ['date', 'label'],
};

/** A CSV statement's columns (`csvMappingSchema`). */
export const csvMappingParser: QueryParser<CsvMapping> = objectBodyParser((mapping) => {
  const { issues, data } = readMapping(mapping);
  return { issues, data: () => data };
}, mappingJsonSchema);

const headerPatterns: [keyof CsvMapping, RegExp][] = [
  ['date', /^date( (d )?(operation|comptabilisation|comptable|op))?$/],
  ['label', /^(libelle|libelle (de l )?operation|label|description|intitule|detail)$/],
  ['amount', /^(montant|montant eur|montant en euros|amount)$/],
  ['debit', /^(debit|debit eur|debits)$/],
  ['credit', /^(credit|credit eur|credits)$/],
  ['reference', /^(reference|ref|numero|reference de l operation)$/],
];

/**
 * The mapping of a CSV whose headers say what they hold (« Date », « Libellé », « Montant » or
 * « Débit » and « Crédit », « Référence »), the French banks' usual exports; `undefined` when they do
 * not (the person maps the columns).
 */
export function detectCsvMapping(headers: readonly string[]): CsvMapping | undefined {
  const found: Partial<Record<keyof CsvMapping, string>> = {};
  for (const header of headers) {
    const text = normalizedText(header).toLowerCase();
    for (const [field, pattern] of headerPatterns) {
      if (found[field] === undefined && pattern.test(text)) found[field] = header;
    }
  }
  const parsed = csvMappingParser.safeParse(found);
  return parsed.success ? parsed.data : undefined;
}

/** `POST /api/bank/statements/upload`'s body: the file about to be sent (its name, for the statement). */
export const statementUploadParser: QueryParser<{ fileName: string }> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      fileName: (value) =>
        textAnswer(value, {
          typeMessage: notText(value).messages[0],
          trim: true,
          min: { length: 1, message: FILE_NAME_REQUIRED },
          max: { length: FILE_NAME_MAX_LENGTH, message: zodTooLong(FILE_NAME_MAX_LENGTH) },
        }),
    });
    return { issues, data: () => values as { fileName: string } };
  },
  {
    type: 'object',
    properties: { fileName: { type: 'string', minLength: 1, maxLength: FILE_NAME_MAX_LENGTH } },
    required: ['fileName'],
  },
);

/** `POST /api/bank/statements`'s body. */
export const statementImportParser: QueryParser<StatementImportBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      uploadId: (value) => idAnswer(value, UPLOAD_REQUIRED),
    });
    const { mapping } = body;
    if (mapping !== undefined) {
      if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
        issues.push({
          path: ['mapping'],
          message: `Entrée invalide : objet attendu, ${receivedType(mapping)} reçu`,
        });
      } else {
        const read = readMapping(mapping as Record<string, unknown>);
        issues.push(...read.issues.map((issue) => ({ ...issue, path: ['mapping', ...issue.path] })));
        values.mapping = read.data;
      }
    }
    return { issues, data: () => values as unknown as StatementImportBody };
  },
  {
    type: 'object',
    properties: { uploadId: { type: 'string', format: 'uuid' }, mapping: mappingJsonSchema },
    required: ['uploadId'],
  },
);
