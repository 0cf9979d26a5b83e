/**
 * Bank statements (`../shared/guide/ACCOUNTING.md`, « Bank statements »): the lines a statement
 * gives, how a line is recognised when two statements overlap, the CSV columns' mapping, and the
 * matching of a line to the open invoices (a credit) or supplier invoices (a debit) — shared by the
 * server, which answers the suggestions, and the screen « Rapprochement bancaire ».
 */
import { idField, moneyField, optionalField } from '../fields.js';
import * as z from '../lazy-zod.js';
import { bankLineStatuses } from './bank-lines-query.js';
import { BANK_MATCH_DOCUMENT_REQUIRED, bankMatchKinds } from './bank-match-input.js';
import { bankMessages, confidences } from './bank-matching.js';
import '../zod-fr.js';

// The statements' lines, the messages and the matching, without zod (the list of lines and the
// data layer read them without loading it).
export * from './bank-matching.js';

// ---------------------------------------------------------------------------------------------
// CSV mapping
// ---------------------------------------------------------------------------------------------

const columnField = z.string({ error: bankMessages.column }).trim().min(1, bankMessages.column).max(200);

/**
 * Which column holds what in a CSV statement (by the header's text), remembered per account: the
 * next statement of the same account needs none.
 */
export const csvMappingSchema = z
  .object({
    date: columnField,
    label: columnField,
    /** One signed amount column, or a debit and a credit column. */
    amount: optionalField(columnField),
    debit: optionalField(columnField),
    credit: optionalField(columnField),
    reference: optionalField(columnField),
  })
  .superRefine((mapping, context) => {
    if (!mapping.amount && !(mapping.debit && mapping.credit)) {
      context.addIssue({ code: 'custom', path: ['amount'], message: bankMessages.amountColumns });
    }
  });
// Its output, and the columns a CSV's headers name, as the hand parser of the routes reads them
// (`statement-input.ts`: the routes and the statement's reader run without zod).
export { detectCsvMapping, type CsvMapping } from './statement-input.js';

/** `POST /api/bank/statements/upload`: the file about to be sent (its name, for the statement). */
export const statementUploadInput = z.object({
  fileName: z.string().trim().min(1, 'Le nom du fichier est requis').max(255),
});

/** `POST /api/bank/statements`: the uploaded file, and for a CSV its columns when not remembered. */
export const statementImportInput = z.object({
  uploadId: idField("L'identifiant du fichier envoyé est requis"),
  mapping: csvMappingSchema.optional(),
});
export type StatementImportData = z.output<typeof statementImportInput>;

/** `POST /api/bank/lines/{id}/match`: a document and, for part of the line, the amount; or ignore it. */
export const bankMatchInput = z.union([
  z.object({ ignore: z.literal(true) }),
  z.object({
    kind: z.enum(bankMatchKinds, { error: bankMessages.matchKind }),
    id: idField(BANK_MATCH_DOCUMENT_REQUIRED),
    amount: optionalField(moneyField({ nonNegative: true })),
  }),
]);
// Its output, as the hand parser of the route gives it (`bank-match-input.ts`).
export type { BankMatchData } from './bank-match-input.js';

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

// The lines' statuses and the list's query, parsed by hand (no zod: the list route starts without it).
export {
  bankLineStatuses,
  bankLinesQuery,
  type BankLinesQuery,
  type BankLineStatus,
} from './bank-lines-query.js';

export const suggestionSchema = z.object({
  kind: z.enum(['invoice', 'supplier_invoice']),
  id: z.string(),
  number: z.string(),
  partyName: z.string(),
  /** What remains to pay on it, TTC. */
  remaining: z.string(),
  confidence: z.enum(confidences),
  reason: z.string(),
});

/** A line of a statement as the API answers it. */
export const bankLineSchema = z.object({
  id: z.string(),
  statementId: z.string(),
  date: z.string(),
  /** Signed: + a credit (money in), − a debit. */
  amount: z.string(),
  label: z.string(),
  reference: z.string().optional(),
  remittance: z.string().optional(),
  party: z.string().optional(),
  status: z.enum(bankLineStatuses),
  /** Once matched: the document and the amount recorded as its payment. */
  match: z
    .object({
      kind: z.enum(['invoice', 'supplier_invoice']),
      id: z.string(),
      number: z.string(),
      amount: z.string(),
    })
    .optional(),
  /** An unmatched line's documents, best first (computed when read). */
  suggestions: z.array(suggestionSchema).default([]),
  version: z.number().int(),
});
export type BankLine = z.infer<typeof bankLineSchema>;

/** `POST /api/bank/statements`'s answer. */
export const statementImportSchema = z.object({
  statementId: z.string(),
  format: z.enum(['camt053', 'ofx', 'csv']),
  /** The lines imported (duplicates of earlier statements left out), with their suggestions. */
  lines: z.array(bankLineSchema),
  /** Lines already imported from an earlier statement. */
  duplicates: z.number().int(),
  /** Why the person should look twice (another account's statement), in French. */
  warnings: z.array(z.string()),
});
export type StatementImport = z.infer<typeof statementImportSchema>;

/** `POST /api/bank/statements/upload`'s answer: where the browser posts the file. */
export const statementUploadSchema = z.object({
  uploadId: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
