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
  decimalUnitsAnswer,
  optional,
  readFields,
  type FieldAnswer,
} from '../body-fields.js';
import { formatDecimal, QUANTITY_MAX_THOUSANDTHS, QUANTITY_SCALE } from '../money.js';
import { objectBodyParser, receivedType, type QueryIssue, type QueryParser } from '../query-parser.js';
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
function quantityAnswer(value: unknown): FieldAnswer {
  const answer = decimalUnitsAnswer(value, {
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
  return answer.messages.length > 0
    ? answer
    : { value: formatDecimal(answer.value as number, QUANTITY_SCALE), messages: [] };
}

/** What zod's `min`/`max` on the list compare: the `length` of anything that has one, as it is. */
function measuredLength(value: unknown): unknown {
  return value === undefined || value === null ? undefined : (value as { length?: unknown }).length;
}

/**
 * `optionalField(z.array(z.object({ index, quantity })).min(1).max(MAX_INVOICE_LINES))`, given a
 * value that is not blank: each line's issues (path `lines`, its position, its field), then the
 * list's size, measured as zod measures it (also on a value it refused as a list); a list over the
 * maximum has that message only, as zod then reads none of its lines.
 */
function linesAnswer(value: unknown): { value: unknown; issues: QueryIssue[] } {
  const issues: QueryIssue[] = [];
  const lines: InvoiceCreditNoteBody['lines'] = [];
  if (Array.isArray(value) && value.length > MAX_INVOICE_LINES) {
    // zod reads no line of a list over its maximum: the size's message alone.
    return { value, issues: [{ path: ['lines'], message: TOO_MANY_LINES }] };
  }
  if (Array.isArray(value)) {
    value.forEach((line: unknown, index) => {
      const position = String(index);
      if (typeof line !== 'object' || line === null || Array.isArray(line)) {
        issues.push({
          path: ['lines', position],
          message: `Entrée invalide : objet attendu, ${receivedType(line)} reçu`,
        });
        return;
      }
      const read = readFields(line as Record<string, unknown>, {
        index: indexAnswer,
        quantity: optional(quantityAnswer),
      });
      issues.push(...read.issues.map((issue) => ({ ...issue, path: ['lines', position, ...issue.path] })));
      lines.push(read.values as { index: number; quantity?: string });
    });
  } else {
    issues.push({
      path: ['lines'],
      message: `Entrée invalide : tableau attendu, ${receivedType(value)} reçu`,
    });
  }
  const length = measuredLength(value);
  if (length !== undefined && !((length as number) >= 1)) issues.push({ path: ['lines'], message: NO_LINE });
  if (length !== undefined && !((length as number) <= MAX_INVOICE_LINES)) {
    issues.push({ path: ['lines'], message: TOO_MANY_LINES });
  }
  return { value: lines, issues };
}

/** `POST /api/invoices/{id}/credit-note`'s body. */
export const invoiceCreditNoteParser: QueryParser<InvoiceCreditNoteBody> = objectBodyParser(
  (body) => {
    const output: InvoiceCreditNoteBody = {};
    const issues: QueryIssue[] = [];
    const { lines } = body;
    if (!isBlank(lines)) {
      const answer = linesAnswer(lines);
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
      lines: {
        type: 'array',
        maxItems: MAX_INVOICE_LINES,
        items: {
          type: 'object',
          properties: {
            index: { type: ['string', 'number'], minimum: 0, maximum: MAX_INVOICE_LINES - 1 },
            quantity: { type: ['string', 'number'], minimum: 0 },
          },
          required: ['index'],
        },
      },
      reason: { type: 'string', maxLength: TEXT_MAX_LENGTH },
    },
  },
);
