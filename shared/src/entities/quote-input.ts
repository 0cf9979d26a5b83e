/**
 * The bodies of the quote's writes parsed by hand, without zod (issue 27, `bench:lambda`: the routes
 * start without zod's code): its rows (`PUT /api/quotes/{id}/items`), the quote created or updated
 * with or without them, its acceptance and its invoicing. They answer as the zod schemas
 * `quoteItemsInput`, `quoteCreateInput`, `quoteUpdateInput`, `quoteAcceptInput` and
 * `quoteInvoiceInput` (`entities/quote.ts`, kept for the SPA's forms) do, issue for issue, the
 * refinements included where zod runs them (a component's one origin, the lots' `sectionIssues`, a
 * deposit's one amount): `quote-input.test.ts` compares them on seeded random bodies.
 */
import {
  booleanAnswer,
  dateAnswer,
  decimalAnswer,
  decimalUnitsAnswer,
  defaulted,
  entryListAnswer,
  enumAnswer,
  idAnswer,
  instantAnswer,
  moneyRule,
  notAnObject,
  optional,
  optionalIdAnswer,
  percentRule,
  quantityRule,
  readFields,
  requiredEnumAnswer,
  requiredTextAnswer,
  sectionAnswer,
  boundedTextAnswer,
  textAnswer,
  vatRateAnswer,
  versionAnswer,
  type DecimalAnswerRule,
  type EntryAnswer,
  type FieldAnswer,
} from '../body-fields.js';
import { defaultQuoteStatus, quoteStatuses, resourceTypes, vatRates } from '../enums.js';
import { MONEY_MAX_CENTS, QUANTITY_MAX_THOUSANDTHS } from '../money.js';
import {
  notText,
  objectBodyParser,
  type QueryIssue,
  type QueryJsonSchema,
  type QueryParser,
} from '../query-parser.js';
import { sectionIssues } from '../quote-sections.js';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../text-limits.js';
import { companyProfileMessages, MAX_RETENTION_HUNDREDTHS } from './company-profile.js';
import { MAX_OUVRAGE_COMPONENTS } from './library-basics.js';
import type {
  QuoteAcceptData,
  QuoteCreateData,
  QuoteInvoiceData,
  QuoteItemsData,
  QuoteUpdateData,
} from './quote.js';
import { DEFAULT_MARGIN_PERCENTAGE, DEFAULT_OVERHEAD_PERCENTAGE, MAX_QUOTE_ITEMS } from './quote-limits.js';

type Fields = Record<string, (value: unknown) => FieldAnswer>;

const text = optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH));
const longText = optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH));
const kept = (value: unknown): FieldAnswer => ({ value, messages: [] });
const quantity = (value: unknown) =>
  decimalAnswer(value, quantityRule({ positive: true, message: 'La quantité doit être un nombre positif' }));

const SORT_ORDER_MESSAGE = "L'ordre doit être un nombre entier positif ou nul";
/** `integerField({ min: 0, max: 1_000_000, message })`, a line's `sortOrder`. */
const sortOrderRule: DecimalAnswerRule = {
  scale: 0,
  min: 0,
  max: 1_000_000,
  messages: {
    required: SORT_ORDER_MESSAGE,
    invalid: SORT_ORDER_MESSAGE,
    tooSmall: SORT_ORDER_MESSAGE,
    tooBig: SORT_ORDER_MESSAGE,
  },
};

/** A text trimmed, at most `max` characters (`message`), blank read as absent. */
const shortText = (max: number, message: string) =>
  optional((value) =>
    textAnswer(value, { typeMessage: notText(value).messages[0], trim: true, max: { length: max, message } }),
  );

/** `quoteComponentSnapshot`'s fields, in its order. */
const componentFields: Fields = {
  articleId: optionalIdAnswer,
  ouvrageId: optionalIdAnswer,
  resourceType: optional((value) => enumAnswer(value, resourceTypes)),
  reference: shortText(100, 'La référence contient au plus 100 caractères'),
  designation: (value) => requiredTextAnswer(value, 'La désignation du composant est requise', 500),
  unit: shortText(20, "L'unité contient au plus 20 caractères"),
  quantity,
  lossRate: optional((value) =>
    decimalAnswer(
      value,
      percentRule({ message: 'Le taux de perte doit être un pourcentage entre 0 et 100' }),
    ),
  ),
  unitCost: (value) =>
    decimalAnswer(
      value,
      moneyRule({ nonNegative: true, message: 'Le coût unitaire doit être un nombre positif ou nul' }),
    ),
};

/** A component: its fields, then (when none stops it) its one origin, an article or an ouvrage. */
function componentEntry(component: unknown): EntryAnswer {
  if (typeof component !== 'object' || component === null || Array.isArray(component)) {
    return notAnObject(component);
  }
  const read = readFields(component as Record<string, unknown>, componentFields);
  const both = !read.aborted && Boolean(read.values.articleId) && Boolean(read.values.ouvrageId);
  const origin = both
    ? [{ path: ['ouvrageId'], message: 'Un composant est un article ou un ouvrage (l’un des deux)' }]
    : [];
  return { value: read.values, issues: [...read.issues, ...origin], aborted: read.aborted };
}

/** `quoteItemFields` (a line's), in its order, `components` read by `components`. */
function lineFields(components: (value: unknown) => FieldAnswer): Fields {
  return {
    resourceType: (value) => requiredEnumAnswer(value, resourceTypes, 'Le type de ressource est requis'),
    description: text,
    unit: text,
    quantity,
    unitPrice: (value) =>
      decimalAnswer(
        value,
        moneyRule({ nonNegative: true, message: 'Le prix unitaire doit être un nombre positif ou nul' }),
      ),
    supplierId: optionalIdAnswer,
    notes: longText,
    vatRate: optional(vatRateAnswer),
    sortOrder: defaulted((value) => decimalUnitsAnswer(value, sortOrderRule), 0),
    articleId: optionalIdAnswer,
    ouvrageId: optionalIdAnswer,
    components: optional(components),
    section: optional(sectionAnswer),
    // The line's `kind` of `quoteRowInput` (absent or "line": the union chose the line).
    kind: kept,
  };
}

/** A line of `items`: its fields; an issue of its components stops the lots' check as one of its own. */
function lineEntry(line: Record<string, unknown>): EntryAnswer {
  let componentsAborted = false;
  const read = readFields(
    line,
    lineFields((value) => {
      const list = entryListAnswer(value, {
        entry: componentEntry,
        max: {
          length: MAX_OUVRAGE_COMPONENTS,
          message: `Une ligne compte au plus ${MAX_OUVRAGE_COMPONENTS} composants`,
        },
      });
      componentsAborted = list.aborted;
      return { value: list.value, messages: [], nested: list.issues };
    }),
  );
  return { value: read.values, issues: read.issues, aborted: read.aborted || componentsAborted };
}

/** `quoteHeadingInput`'s fields (the union chose it on its `kind`). */
const headingFields: Fields = {
  kind: kept,
  section: sectionAnswer,
  title: (value) => requiredTextAnswer(value, 'Le titre du lot est requis', 200),
};

/** A row of `items` (`quoteRowInput`): a heading or a line by its `kind`, as zod's discriminated union. */
function rowEntry(row: unknown): EntryAnswer {
  if (typeof row !== 'object' || row === null || Array.isArray(row)) return notAnObject(row);
  const { kind } = row as Record<string, unknown>;
  if (kind === 'heading') {
    const read = readFields(row as Record<string, unknown>, headingFields);
    return { value: read.values, issues: read.issues, aborted: read.aborted };
  }
  if (kind === undefined || kind === 'line') return lineEntry(row as Record<string, unknown>);
  return { value: row, issues: [{ path: ['kind'], message: 'Entrée invalide' }], aborted: true };
}

/**
 * `items` (`quoteLinesField`): at most 1,000 rows; then, when no issue of theirs stops zod's
 * refinement, the lots' issues (`sectionIssues`) at their row's path.
 */
function rowsAnswer(value: unknown): FieldAnswer {
  const list = entryListAnswer(value, {
    entry: rowEntry,
    max: { length: MAX_QUOTE_ITEMS, message: 'Un devis contient au plus 1 000 lignes' },
    typeMessage: 'La liste des lignes est requise',
  });
  const lots: QueryIssue[] = list.aborted
    ? []
    : sectionIssues(list.value as Parameters<typeof sectionIssues>[0]).map((issue) => {
        const [, index = '', field] = issue.path.split('.');
        return { path: [index, field ?? 'section'], message: issue.message };
      });
  return { value: list.value, messages: [], nested: [...list.issues, ...lots] };
}

/** `retentionRateField`: a percentage from 0 to 5, its one message. */
function retentionRateAnswer(value: unknown): FieldAnswer {
  const message = companyProfileMessages.defaultRetentionRate;
  const answer = decimalAnswer(value, percentRule({ message }));
  if (answer.messages.length > 0) return answer;
  const within = Number((answer.value as string).replace('.', '')) <= MAX_RETENTION_HUNDREDTHS;
  return within ? answer : { value: answer.value, messages: [message] };
}

/** `quoteFields`, in its order. */
const quoteFields: Fields = {
  title: (value) => requiredTextAnswer(value, 'Le titre est requis', TEXT_MAX_LENGTH),
  clientId: (value) => idAnswer(value, 'Le client est requis'),
  projectId: optionalIdAnswer,
  description: longText,
  validUntil: optional((value) => dateAnswer(value)),
  overheadPercentage: defaulted((value) => decimalAnswer(value, percentRule()), DEFAULT_OVERHEAD_PERCENTAGE),
  marginPercentage: defaulted((value) => decimalAnswer(value, percentRule()), DEFAULT_MARGIN_PERCENTAGE),
  status: defaulted((value) => enumAnswer(value, quoteStatuses), defaultQuoteStatus),
  reverseCharge: defaulted((value) => booleanAnswer(value, 'Autoliquidation : oui ou non'), false),
  retentionRate: optional(retentionRateAnswer),
  retentionBankGuarantee: optional((value) => booleanAnswer(value, 'Caution bancaire : oui ou non')),
};

/** `items` of a quote's create or update: absent keeps none or the stored rows (`.optional()`: `null` is refused). */
const optionalRows = (value: unknown): FieldAnswer => (value === undefined ? kept(value) : rowsAnswer(value));

const uuid: QueryJsonSchema = { type: 'string', format: 'uuid' };
const textSchema = (maxLength: number, minLength?: number): QueryJsonSchema => ({
  type: 'string',
  ...(minLength === undefined ? {} : { minLength }),
  maxLength,
});
const decimal = (minimum: number, maximum: number): QueryJsonSchema => ({
  type: ['string', 'number'],
  minimum,
  maximum,
});
const money = decimal(0, MONEY_MAX_CENTS / 100);
const positiveQuantity = decimal(0.001, QUANTITY_MAX_THOUSANDTHS / 1000);
const percent = decimal(0, 100);
const section: QueryJsonSchema = { type: 'string', maxLength: 11 };
const version: QueryJsonSchema = { type: 'integer', minimum: 1 };
const instant: QueryJsonSchema = { type: 'string', format: 'date-time' };

/** The JSON Schema of `items` (the route fuzz's input): headings and lines. */
const rowsSchema: QueryJsonSchema = {
  type: 'array',
  maxItems: MAX_QUOTE_ITEMS,
  items: {
    type: 'object',
    anyOf: [
      {
        type: 'object',
        properties: { kind: { type: 'string', const: 'heading' }, section, title: textSchema(200, 1) },
        required: ['kind', 'section', 'title'],
      },
      {
        type: 'object',
        properties: {
          kind: { type: 'string', const: 'line' },
          resourceType: { type: 'string', enum: [...resourceTypes] },
          description: textSchema(TEXT_MAX_LENGTH),
          unit: textSchema(TEXT_MAX_LENGTH),
          quantity: positiveQuantity,
          unitPrice: money,
          supplierId: uuid,
          notes: textSchema(LONG_TEXT_MAX_LENGTH),
          vatRate: { type: 'string', enum: [...vatRates] },
          sortOrder: { type: 'integer', minimum: 0, maximum: 1_000_000 },
          articleId: uuid,
          ouvrageId: uuid,
          components: {
            type: 'array',
            maxItems: MAX_OUVRAGE_COMPONENTS,
            items: {
              type: 'object',
              properties: {
                articleId: uuid,
                resourceType: { type: 'string', enum: [...resourceTypes] },
                reference: textSchema(100),
                designation: textSchema(500, 1),
                unit: textSchema(20),
                quantity: positiveQuantity,
                lossRate: percent,
                unitCost: money,
              },
              required: ['designation', 'quantity', 'unitCost'],
            },
          },
          section,
        },
        required: ['resourceType', 'quantity', 'unitPrice'],
      },
    ],
  },
};

/** The JSON Schema of a quote's fields. */
const quoteProperties: Record<string, QueryJsonSchema> = {
  title: textSchema(TEXT_MAX_LENGTH, 1),
  clientId: uuid,
  projectId: uuid,
  description: textSchema(LONG_TEXT_MAX_LENGTH),
  validUntil: { type: 'string', format: 'date' },
  overheadPercentage: percent,
  marginPercentage: percent,
  status: { type: 'string', enum: [...quoteStatuses] },
  reverseCharge: { type: 'boolean' },
  retentionRate: decimal(0, 5),
  retentionBankGuarantee: { type: 'boolean' },
};

/** `PUT /api/quotes/{id}/items`'s body: all the rows, and the `version` read. */
export const quoteItemsParser: QueryParser<QuoteItemsData> = /* @__PURE__ */ objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      items: rowsAnswer,
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as unknown as QuoteItemsData };
  },
  { type: 'object', properties: { items: rowsSchema, version }, required: ['items'] },
);

/** `POST /api/quotes`'s body: the quote's fields, with its rows when it has some. */
export const quoteCreateParser: QueryParser<QuoteCreateData> = /* @__PURE__ */ objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, { ...quoteFields, items: optionalRows });
    return { issues, data: () => values as unknown as QuoteCreateData };
  },
  { type: 'object', properties: { ...quoteProperties, items: rowsSchema }, required: ['title', 'clientId'] },
);

/** `PUT /api/quotes/{id}`'s body: the same fields and rows, and the `version` read. */
export const quoteUpdateParser: QueryParser<QuoteUpdateData> = /* @__PURE__ */ objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      ...quoteFields,
      items: optionalRows,
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as unknown as QuoteUpdateData };
  },
  {
    type: 'object',
    properties: { ...quoteProperties, items: rowsSchema, version },
    required: ['title', 'clientId'],
  },
);

/** `POST /api/quotes/{id}/accept`'s body: who signed, when, and the `version` read. */
export const quoteAcceptParser: QueryParser<QuoteAcceptData> = /* @__PURE__ */ objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      signerName: (value) => requiredTextAnswer(value, 'Le nom du signataire est requis', TEXT_MAX_LENGTH),
      acceptedAt: optional(instantAnswer),
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as unknown as QuoteAcceptData };
  },
  {
    type: 'object',
    properties: { signerName: textSchema(TEXT_MAX_LENGTH, 1), acceptedAt: instant, version },
    required: ['signerName'],
  },
);

const DEPOSIT_ONE_WAY = "Un acompte se donne par un pourcentage ou par un montant HT (l'un des deux)";

/** The deposit's refinement (when no field was refused): one amount, a percentage or an amount HT, above 0. */
function depositIssues(body: Record<string, unknown>): QueryIssue[] {
  if (body.kind !== 'deposit') return [];
  const given = [body.percentage, body.amount].filter((value) => value !== undefined).length;
  if (given !== 1) return [{ path: ['percentage'], message: DEPOSIT_ONE_WAY }];
  if (body.percentage === '0.00' || body.amount === '0.00') {
    const path = [body.percentage !== undefined ? 'percentage' : 'amount'];
    return [{ path, message: "L'acompte doit être supérieur à 0" }];
  }
  return [];
}

/** `POST /api/quotes/{id}/invoices`'s body: the whole quote (`standard`) or a deposit of it. */
export const quoteInvoiceParser: QueryParser<QuoteInvoiceData> = /* @__PURE__ */ objectBodyParser(
  (body) => {
    const { values, issues, aborted } = readFields(body, {
      kind: (value) =>
        requiredEnumAnswer(
          value,
          ['standard', 'deposit'],
          'Le type de facture est requis (standard ou acompte)',
        ),
      percentage: optional((value) =>
        decimalAnswer(
          value,
          percentRule({ message: "Le pourcentage d'acompte doit être un nombre entre 0 et 100" }),
        ),
      ),
      amount: optional((value) =>
        decimalAnswer(
          value,
          moneyRule({ nonNegative: true, message: "Le montant de l'acompte est invalide" }),
        ),
      ),
    });
    // zod's `superRefine` runs when no field's issue stopped it (each of these fields' does).
    const all = aborted ? issues : [...issues, ...depositIssues(values)];
    return { issues: all, data: () => values as unknown as QuoteInvoiceData };
  },
  {
    type: 'object',
    properties: {
      kind: { type: 'string', enum: ['standard', 'deposit'] },
      percentage: percent,
      amount: money,
    },
    required: ['kind'],
  },
);
