/**
 * The bodies of `POST /api/invoices` and `PUT /api/invoices/{id}` parsed by hand, without zod (issue
 * 27, `bench:lambda`: both routes start without zod's code). They answer as the zod schemas
 * `invoiceCreateInput` and `invoiceUpdateInput` (`entities/invoice.ts`, kept for the SPA's form)
 * do, issue for issue, a situation's new percentages included (`situation-input.ts`, its one choice
 * among three checked where zod runs its refinement): `invoice-input.test.ts` compares them on seeded
 * random bodies. `POST /api/invoices/{id}/retention/release`'s body is read here too.
 */
import {
  booleanAnswer,
  boundedTextAnswer,
  dateAnswer,
  decimalAnswer,
  defaulted,
  idAnswer,
  moneyRule,
  quantityRule,
  sectionAnswer,
  vatRateAnswer,
  optional,
  optionalIdAnswer,
  optionalObjectListAnswer,
  objectListJsonSchema,
  readFields,
  requiredTextAnswer,
  versionAnswer,
  type FieldAnswer,
} from '../body-fields.js';
import { vatRates } from '../enums.js';
import { MONEY_MAX_CENTS, QUANTITY_MAX_THOUSANDTHS } from '../money.js';
import { objectBodyParser, type QueryJsonSchema, type QueryParser } from '../query-parser.js';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../text-limits.js';
import type { InvoiceCreateData, InvoiceUpdateData, RetentionReleaseData } from './invoice.js';
import { invoiceMessages, MAX_INVOICE_LINES } from './invoice-limits.js';
import { situationParser } from './situation-input.js';

const text = optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH));

/** `invoiceLineFields` (`entities/invoice.ts`), in its order. */
const lineFields: Record<string, (value: unknown) => FieldAnswer> = {
  description: (value) => requiredTextAnswer(value, invoiceMessages.lineDescription, TEXT_MAX_LENGTH),
  unit: text,
  quantity: (value) =>
    decimalAnswer(value, quantityRule({ positive: true, message: invoiceMessages.quantity })),
  unitPrice: (value) =>
    decimalAnswer(value, moneyRule({ nonNegative: true, message: invoiceMessages.unitPrice })),
  vatRate: optional(vatRateAnswer),
  section: optional(sectionAnswer),
};

/** `invoiceFields` then `invoiceBodyLines` (`entities/invoice.ts`), in their order. */
const invoiceFields: Record<string, (value: unknown) => FieldAnswer> = {
  clientId: (value) => idAnswer(value, invoiceMessages.client),
  projectId: optionalIdAnswer,
  quoteId: optionalIdAnswer,
  title: (value) => requiredTextAnswer(value, invoiceMessages.title, TEXT_MAX_LENGTH),
  description: optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH)),
  dueDate: optional((value) => dateAnswer(value)),
  reverseCharge: defaulted((value) => booleanAnswer(value, invoiceMessages.reverseCharge), false),
  lines: optionalObjectListAnswer({
    fields: lineFields,
    max: { length: MAX_INVOICE_LINES, message: invoiceMessages.tooManyLines },
    typeMessage: invoiceMessages.linesRequired,
  }),
  totalAmount: optional((value) =>
    decimalAnswer(value, moneyRule({ nonNegative: true, message: invoiceMessages.totalAmount })),
  ),
};

/** `situationInput.optional()`: absent passes; else the situation's own parser, its issues under `situation`. */
function situationAnswer(value: unknown): FieldAnswer {
  if (value === undefined) return { value, messages: [] };
  const answer = situationParser.safeParse(value);
  return answer.success
    ? { value: answer.data, messages: [] }
    : { value, messages: [], nested: answer.error.issues };
}

const uuid: QueryJsonSchema = { type: 'string', format: 'uuid' };
const textSchema: QueryJsonSchema = { type: 'string', maxLength: TEXT_MAX_LENGTH };
const date: QueryJsonSchema = { type: 'string', format: 'date' };
const money: QueryJsonSchema = { type: ['string', 'number'], minimum: 0, maximum: MONEY_MAX_CENTS / 100 };
const version: QueryJsonSchema = { type: 'integer', minimum: 1 };

/** The JSON Schema of an invoice's fields (the route fuzz's input). */
const invoiceProperties: Record<string, QueryJsonSchema> = {
  clientId: uuid,
  projectId: uuid,
  quoteId: uuid,
  title: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
  description: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
  dueDate: date,
  reverseCharge: { type: 'boolean' },
  lines: objectListJsonSchema(
    MAX_INVOICE_LINES,
    {
      description: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
      unit: textSchema,
      quantity: { type: ['string', 'number'], minimum: 0.001, maximum: QUANTITY_MAX_THOUSANDTHS / 1000 },
      unitPrice: money,
      vatRate: { type: 'string', enum: [...vatRates] },
      section: { type: 'string', enum: ['1', '2', '2.1', '2.1.3'] },
    },
    ['description', 'quantity', 'unitPrice'],
  ),
  totalAmount: money,
};

/** `POST /api/invoices`'s body: a draft of a standard invoice. */
export const invoiceCreateParser: QueryParser<InvoiceCreateData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, invoiceFields);
    return { issues, data: () => values as unknown as InvoiceCreateData };
  },
  { type: 'object', properties: invoiceProperties, required: ['clientId', 'title'] },
);

/** `PUT /api/invoices/{id}`'s body: the same fields, a draft situation's new percentages and the `version` read. */
export const invoiceUpdateParser: QueryParser<InvoiceUpdateData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      ...invoiceFields,
      situation: situationAnswer,
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as unknown as InvoiceUpdateData };
  },
  {
    type: 'object',
    properties: { ...invoiceProperties, situation: situationParser.jsonSchema, version },
    required: ['clientId', 'title'],
  },
);

/** `POST /api/invoices/{id}/retention/release`'s body: the day the retention was paid, and the `version` read. */
export const retentionReleaseParser: QueryParser<RetentionReleaseData> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      releasedAt: optional((value) => dateAnswer(value)),
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as unknown as RetentionReleaseData };
  },
  { type: 'object', properties: { releasedAt: date, version } },
);
