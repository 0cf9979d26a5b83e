/**
 * The body of `POST /api/invoices/{id}/credit-note` parsed by hand, without zod (issue 27,
 * `bench:lambda`: the route starts without zod's code). It answers as the zod schema
 * `invoiceCreditNoteInput` (`entities/invoice.ts`, kept for the SPA's form) does, issue for issue,
 * each line's position and quantity read as `integerField` and `quantityField` read them:
 * `invoice-credit-note-input.test.ts` compares them on seeded random bodies.
 */
import { isBlank } from '../blank.js';
import {
  boundedTextAnswer,
  decimalAnswer,
  decimalUnitsAnswer,
  objectListAnswer,
  objectListJsonSchema,
  optional,
  readFields,
} from '../body-fields.js';
import { QUANTITY_MAX_THOUSANDTHS, QUANTITY_SCALE } from '../money.js';
import { objectBodyParser, type QueryIssue, type QueryParser } from '../query-parser.js';
import { TEXT_MAX_LENGTH } from '../text-limits.js';
import { MAX_INVOICE_LINES } from './invoice-limits.js';

/** A credit note of chosen lines (each by position, for part of it a quantity), and why. */
export interface InvoiceCreditNoteBody {
  lines?: { index: number; quantity?: string | undefined }[] | undefined;
  reason?: string | undefined;
}

const LINE_UNKNOWN = 'La ligne à créditer est inconnue';
const LINE_REQUIRED = 'La ligne à créditer est requise';
const QUANTITY_MESSAGE = 'La quantité à créditer doit être un nombre positif';
const NO_LINE = 'Choisissez au moins une ligne à créditer';
const TOO_MANY_LINES = 'Un avoir contient au plus 1 000 lignes';

/** `integerField({ min: 0, max: MAX_INVOICE_LINES - 1, … })`: a line's position. */
const indexAnswer = (value: unknown) =>
  decimalUnitsAnswer(value, {
    scale: 0,
    min: 0,
    max: MAX_INVOICE_LINES - 1,
    messages: {
      required: LINE_REQUIRED,
      invalid: LINE_UNKNOWN,
      tooSmall: LINE_UNKNOWN,
      tooBig: LINE_UNKNOWN,
    },
  });

/** `quantityField({ positive: true, message })`: output "1.500". */
const quantityAnswer = (value: unknown) =>
  decimalAnswer(value, {
    scale: QUANTITY_SCALE,
    min: 0,
    minExclusive: true,
    max: QUANTITY_MAX_THOUSANDTHS,
    messages: {
      required: QUANTITY_MESSAGE,
      invalid: QUANTITY_MESSAGE,
      scale: 'Quantité invalide : utilisez un nombre avec au plus trois décimales, par exemple 12,5',
      tooSmall: QUANTITY_MESSAGE,
      tooBig: 'Quantité invalide : au plus 9 999 999,999 en valeur absolue',
    },
  });

/** `POST /api/invoices/{id}/credit-note`'s body. */
export const invoiceCreditNoteParser: QueryParser<InvoiceCreditNoteBody> = objectBodyParser(
  (body) => {
    const output: InvoiceCreditNoteBody = {};
    const issues: QueryIssue[] = [];
    if (!isBlank(body.lines)) {
      const answer = objectListAnswer('lines', body.lines, {
        fields: { index: indexAnswer, quantity: optional(quantityAnswer) },
        min: { length: 1, message: NO_LINE },
        max: { length: MAX_INVOICE_LINES, message: TOO_MANY_LINES },
      });
      issues.push(...answer.issues);
      output.lines = answer.value as InvoiceCreditNoteBody['lines'];
    }
    const read = readFields(body, { reason: optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH)) });
    issues.push(...read.issues);
    if (read.values.reason !== undefined) output.reason = read.values.reason as string;
    return { issues, data: () => output };
  },
  {
    type: 'object',
    properties: {
      lines: objectListJsonSchema(
        MAX_INVOICE_LINES,
        {
          index: { type: ['string', 'number'], minimum: 0, maximum: MAX_INVOICE_LINES - 1 },
          quantity: { type: ['string', 'number'], minimum: 0 },
        },
        ['index'],
      ),
      reason: { type: 'string', maxLength: TEXT_MAX_LENGTH },
    },
  },
);
