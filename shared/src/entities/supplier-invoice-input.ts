/**
 * The bodies of `POST /api/supplier-invoices` and `PUT /api/supplier-invoices/{id}` parsed by hand,
 * without zod (issue 27, `bench:lambda`: both routes and the e-invoice import start without zod's
 * code). They answer as the zod schemas `supplierInvoiceCreateInput` and `supplierInvoiceUpdateInput`
 * (`entities/supplier-invoice.ts`, kept for the SPA's form) do, issue for issue, the refinements
 * included (they run beside the fields' issues): `supplier-invoice-input.test.ts` compares them on
 * seeded random bodies.
 */
import {
  boundedTextAnswer,
  dateAnswer,
  defaulted,
  enumAnswer,
  idAnswer,
  instantAnswer,
  jsonItemsAnswer,
  JSON_ITEMS_MAX,
  moneyAnswer,
  objectListAnswer,
  objectListJsonSchema,
  optional,
  optionalIdAnswer,
  readFields,
  receivedDecimalAnswer,
  requiredTextAnswer,
  decimalAnswer,
  versionAnswer,
  type FieldAnswer,
} from '../body-fields.js';
import { isBlank } from '../blank.js';
import { defaultInvoiceStatus, invoiceStatuses, resourceTypes, supplierInvoiceKinds } from '../enums.js';
import { MONEY_MAX_CENTS, PERCENT_SCALE } from '../money.js';
import {
  handParser,
  objectBodyParser,
  receivedType,
  type QueryIssue,
  type QueryJsonSchema,
  type QueryParser,
} from '../query-parser.js';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../text-limits.js';
import type { SupplierInvoiceCreateData, SupplierInvoiceUpdateData } from './supplier-invoice.js';
import { MAX_SUPPLIER_INVOICE_LINES, supplierInvoiceMessages } from './supplier-invoice-limits.js';

const VAT_RATE_MESSAGE =
  'Le taux de TVA doit être un pourcentage entre 0 et 100, avec au plus deux décimales';
const text = optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH));
const longText = optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH));

/** `supplierInvoiceLineFields` (`entities/supplier-invoice.ts`), in its order. */
const lineFields: Record<string, (value: unknown) => FieldAnswer> = {
  description: (value) =>
    requiredTextAnswer(value, 'La désignation de la ligne est requise', TEXT_MAX_LENGTH),
  unit: text,
  quantity: (value) =>
    receivedDecimalAnswer(value, {
      minScale: 3,
      required: 'La quantité est requise',
      invalid: 'Quantité invalide : utilisez un nombre avec au plus six décimales, par exemple 12,5',
    }),
  unitPrice: (value) =>
    receivedDecimalAnswer(value, {
      minScale: 2,
      nonNegative: true,
      required: 'Le prix unitaire HT est requis',
      invalid: 'Prix unitaire HT invalide : utilisez un nombre avec au plus six décimales, par exemple 8,50',
      negative: 'Le prix unitaire HT doit être un nombre positif ou nul',
    }),
  vatRate: (value) =>
    decimalAnswer(value, {
      scale: PERCENT_SCALE,
      min: 0,
      max: 100 * 10 ** PERCENT_SCALE,
      messages: {
        required: VAT_RATE_MESSAGE,
        invalid: VAT_RATE_MESSAGE,
        tooSmall: VAT_RATE_MESSAGE,
        tooBig: VAT_RATE_MESSAGE,
      },
    }),
  resourceType: optional((value) => enumAnswer(value, resourceTypes)),
  projectId: optionalIdAnswer,
};

/** `lines`: a list left out keeps the stored lines; anything else must be a list of lines. */
function linesAnswer(value: unknown): FieldAnswer {
  if (value === undefined) return { value, messages: [] };
  const read = objectListAnswer('lines', value, {
    fields: lineFields,
    max: { length: MAX_SUPPLIER_INVOICE_LINES, message: supplierInvoiceMessages.tooManyLines },
    typeMessage: 'La liste des lignes est requise',
  });
  const nested: QueryIssue[] = read.issues.map((issue) => ({ ...issue, path: issue.path.slice(1) }));
  // A list over the maximum: zod runs none of the object's refinements (`when` or not).
  const stopsRefinements = Array.isArray(value) && value.length > MAX_SUPPLIER_INVOICE_LINES;
  return { value: read.value, messages: [], nested, aborts: read.aborted, stopsRefinements };
}

/** `supplierInvoiceFields` (`entities/supplier-invoice.ts`), in its order. */
const invoiceFields: Record<string, (value: unknown) => FieldAnswer> = {
  supplierId: (value) => idAnswer(value, 'Le fournisseur est requis'),
  projectId: optionalIdAnswer,
  supplierQuoteId: optionalIdAnswer,
  status: defaulted((value) => enumAnswer(value, invoiceStatuses), defaultInvoiceStatus),
  kind: defaulted((value) => enumAnswer(value, supplierInvoiceKinds), 'invoice'),
  title: text,
  description: longText,
  lines: linesAnswer,
  totalAmount: optional((value) => moneyAnswer(value, { nonNegative: true })),
  paidAmount: defaulted((value) => moneyAnswer(value, { nonNegative: true }), '0.00'),
  dueDate: optional((value) => dateAnswer(value)),
  receivedAt: optional(instantAnswer),
  paidAt: optional(instantAnswer),
  items: optional(jsonItemsAnswer),
  supplierReference: text,
  issueDate: optional((value) => dateAnswer(value)),
  netAmount: optional((value) => moneyAnswer(value, { nonNegative: false })),
  vatAmount: optional((value) => moneyAnswer(value, { nonNegative: false })),
  documentId: optionalIdAnswer,
  creditedInvoiceId: optionalIdAnswer,
};

/** `creditedOnlyOnNotes`: only a credit note names the invoice it corrects. */
function creditedOnlyOnNotes(values: Record<string, unknown>): QueryIssue[] {
  return values.kind !== 'credit_note' && !isBlank(values.creditedInvoiceId)
    ? [{ path: ['creditedInvoiceId'], message: supplierInvoiceMessages.creditedOnInvoice }]
    : [];
}

/** `requireTotal`: without lines the TTC is the record's one amount; then `creditedOnlyOnNotes`. */
function requireTotal(values: Record<string, unknown>): QueryIssue[] {
  const total =
    isBlank(values.lines) && isBlank(values.totalAmount)
      ? [{ path: ['totalAmount'], message: supplierInvoiceMessages.totalRequired }]
      : [];
  return [...total, ...creditedOnlyOnNotes(values)];
}

const uuid: QueryJsonSchema = { type: 'string', format: 'uuid' };
const textSchema: QueryJsonSchema = { type: 'string', maxLength: TEXT_MAX_LENGTH };
const money = (minimum: number): QueryJsonSchema => ({
  type: ['string', 'number'],
  minimum,
  maximum: MONEY_MAX_CENTS / 100,
});
const instant: QueryJsonSchema = { type: 'string', format: 'date-time' };
const date: QueryJsonSchema = { type: 'string', format: 'date' };
const decimal = (minimum: number): QueryJsonSchema => ({
  type: ['string', 'number'],
  minimum,
  maximum: 999_999_999,
});

/** The JSON Schema of a supplier invoice's fields (the route fuzz's input). */
const invoiceProperties: Record<string, QueryJsonSchema> = {
  supplierId: uuid,
  projectId: uuid,
  supplierQuoteId: uuid,
  status: { type: 'string', enum: [...invoiceStatuses] },
  kind: { type: 'string', enum: [...supplierInvoiceKinds] },
  title: textSchema,
  description: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
  lines: objectListJsonSchema(
    MAX_SUPPLIER_INVOICE_LINES,
    {
      description: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
      unit: textSchema,
      quantity: decimal(-999_999_999),
      unitPrice: decimal(0),
      vatRate: { type: ['string', 'number'], minimum: 0, maximum: 100 },
      resourceType: { type: 'string', enum: [...resourceTypes] },
      projectId: uuid,
    },
    ['description', 'quantity', 'unitPrice', 'vatRate'],
  ),
  totalAmount: money(0),
  paidAmount: money(0),
  dueDate: date,
  receivedAt: instant,
  paidAt: instant,
  items: { type: 'array', maxItems: JSON_ITEMS_MAX, items: { type: 'object' } },
  supplierReference: textSchema,
  issueDate: date,
  netAmount: money(-MONEY_MAX_CENTS / 100),
  vatAmount: money(-MONEY_MAX_CENTS / 100),
  documentId: uuid,
  creditedInvoiceId: uuid,
};

/**
 * `POST /api/supplier-invoices`'s body (also what the e-invoice import records, checked). As with zod,
 * a body that is not an object (text, a number, a list) also misses its total; `null` or nothing is
 * refused as not an object (zod's refinement throws on it).
 */
export const supplierInvoiceCreateParser: QueryParser<SupplierInvoiceCreateData> = handParser(
  (input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const issues: QueryIssue[] = [
        { path: [], message: `Entrée invalide : objet attendu, ${receivedType(input)} reçu` },
        ...(input === null || input === undefined ? [] : requireTotal({})),
      ];
      return { success: false, error: { issues } };
    }
    const { values, issues, stopped } = readFields(input as Record<string, unknown>, invoiceFields);
    // The refinement runs beside the fields' issues (zod's `when: () => true`).
    const all = stopped ? issues : [...issues, ...requireTotal(values)];
    return all.length > 0
      ? { success: false, error: { issues: all } }
      : { success: true, data: values as unknown as SupplierInvoiceCreateData };
  },
  { type: 'object', properties: invoiceProperties, required: ['supplierId'] },
);

/** `PUT /api/supplier-invoices/{id}`'s body: the same fields, and the `version` read. */
export const supplierInvoiceUpdateParser: QueryParser<SupplierInvoiceUpdateData> = objectBodyParser(
  (body) => {
    const { values, issues, stopped } = readFields(body, {
      ...invoiceFields,
      version: (value) => ({
        ...versionAnswer(value),
        // zod's `int()` refuses a fraction for good: no refinement runs after it.
        stopsRefinements: typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value),
      }),
    });
    const all = stopped ? issues : [...issues, ...creditedOnlyOnNotes(values)];
    return { issues: all, data: () => values as unknown as SupplierInvoiceUpdateData };
  },
  {
    type: 'object',
    properties: { ...invoiceProperties, version: { type: 'integer', minimum: 1 } },
    required: ['supplierId'],
  },
);
