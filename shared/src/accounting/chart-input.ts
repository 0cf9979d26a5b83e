/**
 * The chart of accounts read by hand, without zod (issue 27, `bench:lambda`: `GET` and
 * `PUT /api/company/accounts` start without zod's code): `PUT`'s body, and the chart as stored. They
 * answer as the zod schemas `chartOfAccountsInput` and `chartOfAccountsSchema` (`chart.ts`, kept for
 * the SPA's form) do, issue for issue, the rules across fields included (`chartRuleIssues`):
 * `chart-input.test.ts` compares them on seeded random charts.
 */
import {
  entryListAnswer,
  type EntryAnswer,
  enumAnswer,
  type FieldAnswer,
  notAnObject,
  readFields,
  textAnswer,
  zodTooLong,
} from '../body-fields.js';
import { vatRates } from '../enums.js';
import {
  objectBodyParser,
  notText,
  type QueryJsonSchema,
  type QueryParser,
  receivedType,
} from '../query-parser.js';
import type { ChartOfAccounts, ChartOfAccountsData } from './chart.js';
import {
  accountNumberPattern,
  accountUseRules,
  accountUses,
  auxPrefixPattern,
  chartMessages,
  chartRuleIssues,
  MAX_ACCOUNT_LABEL_LENGTH,
} from './chart-rules.js';

/** The most sales accounts by VAT rate. */
const SALES_BY_RATE_MAX = 5;

/** An account's number: text, trimmed, 3 to 10 digits of classes 1 to 8, then its use's PCG root. */
function accountNumberAnswer(value: unknown, title: string, root: string): FieldAnswer {
  if (typeof value !== 'string') return { value, messages: [chartMessages.number(title)], aborts: true };
  const number = value.trim();
  if (!accountNumberPattern.test(number)) return { value: number, messages: [chartMessages.number(title)] };
  if (!number.startsWith(root)) return { value: number, messages: [chartMessages.root(title, root)] };
  return { value: number, messages: [] };
}

/** An account's label: text, trimmed, 1 to 100 characters; one message for every refusal. */
function accountLabelAnswer(value: unknown, title: string): FieldAnswer {
  const message = chartMessages.label(title);
  return textAnswer(value, {
    typeMessage: message,
    trim: true,
    min: { length: 1, message },
    max: { length: MAX_ACCOUNT_LABEL_LENGTH, message },
  });
}

/** `accountSchema(title, root)`'s fields, with `before` ahead of them (a sales account's rate). */
function accountFields(
  title: string,
  root: string,
  before: Record<string, (value: unknown) => FieldAnswer> = {},
): Record<string, (value: unknown) => FieldAnswer> {
  return {
    ...before,
    number: (value) => accountNumberAnswer(value, title, root),
    label: (value) => accountLabelAnswer(value, title),
  };
}

/** An object of `fields`, or zod's refusal of anything else. */
function objectAnswer(value: unknown, fields: Record<string, (value: unknown) => FieldAnswer>): EntryAnswer {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return notAnObject(value);
  const { values, issues, aborted } = readFields(value as Record<string, unknown>, fields);
  return { value: values, issues, aborted };
}

const accountsFields = Object.fromEntries(
  accountUses.map((use) => {
    const fields = accountFields(accountUseRules[use].title, accountUseRules[use].root);
    return [use, (value: unknown) => entryField(objectAnswer(value, fields))];
  }),
);

const salesByRateFields = accountFields('Travaux vendus à ce taux', '70', {
  rate: (value) => {
    const answer = enumAnswer(value, vatRates);
    return answer.messages.length > 0
      ? { ...answer, messages: ['Taux de TVA invalide : 20, 10, 5,5, 2,1 ou 0'] }
      : answer;
  },
});

/** An entry's answer as a field's: its issues inside the field. */
function entryField(read: EntryAnswer, stopsRefinements = false): FieldAnswer {
  return { value: read.value, messages: [], nested: read.issues, stopsRefinements };
}

/**
 * `z.array(salesByRateSchema).max(5).default([])`: missing is no list; over 5 entries, that message
 * alone, and zod runs none of the object's refinements; a value that is not a list is measured too.
 */
function salesByRateAnswer(value: unknown): FieldAnswer {
  if (value === undefined) return { value: [], messages: [] };
  if (!Array.isArray(value)) {
    const length = value === null ? undefined : (value as { length?: unknown }).length;
    const over = length !== undefined && !((length as number) <= SALES_BY_RATE_MAX);
    const messages = [`Entrée invalide : tableau attendu, ${receivedType(value)} reçu`];
    if (over) messages.push(zodTooLong(SALES_BY_RATE_MAX)(value));
    return { value, messages, aborts: true };
  }
  const read = entryListAnswer(value, {
    entry: (item) => objectAnswer(item, salesByRateFields),
    max: { length: SALES_BY_RATE_MAX, message: zodTooLong(SALES_BY_RATE_MAX)(value) },
  });
  return entryField(read, value.length > SALES_BY_RATE_MAX);
}

/** `z.string().trim().regex(auxPrefixPattern, …)`: zod's type message, or 1 to 3 capital letters. */
function auxPrefixAnswer(value: unknown): FieldAnswer {
  if (typeof value !== 'string') return { value, messages: notText(value).messages, aborts: true };
  const prefix = value.trim();
  return auxPrefixPattern.test(prefix)
    ? { value: prefix, messages: [] }
    : { value: prefix, messages: [chartMessages.auxPrefix] };
}

const chartFields = {
  accounts: (value: unknown) => entryField(objectAnswer(value, accountsFields)),
  salesByRate: salesByRateAnswer,
  clientAuxPrefix: auxPrefixAnswer,
  supplierAuxPrefix: auxPrefixAnswer,
};

const VERSION_MESSAGE = 'La version doit être un nombre entier positif ou nul';

/**
 * `PUT`'s version: a whole number from 0, one message for every refusal (a number beyond the safe
 * integers is refused by `int` and, below zero, by the minimum too); a number that is not a whole one
 * stops even the rules across fields (zod's `int` check, `continue: false`).
 */
function inputVersionAnswer(value: unknown): FieldAnswer {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { value, messages: [VERSION_MESSAGE], aborts: true };
  }
  if (!Number.isInteger(value))
    return { value, messages: [VERSION_MESSAGE], aborts: true, stopsRefinements: true };
  const messages = [
    ...(Number.isSafeInteger(value) ? [] : [VERSION_MESSAGE]),
    ...(value < 0 ? [VERSION_MESSAGE] : []),
  ];
  return { value, messages };
}

/** The stored chart's version: `z.number().int()`, zod's own messages. */
function storedVersionAnswer(value: unknown): FieldAnswer {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return {
      value,
      messages: [`Entrée invalide : nombre attendu, ${receivedType(value)} reçu`],
      aborts: true,
    };
  }
  if (!Number.isInteger(value))
    return { value, messages: ['Entrée invalide : entier attendu, nombre reçu'], aborts: true };
  if (value > Number.MAX_SAFE_INTEGER) {
    return { value, messages: [`Trop grand : entier doit être <=${Number.MAX_SAFE_INTEGER}`] };
  }
  if (value < Number.MIN_SAFE_INTEGER) {
    return { value, messages: [`Trop petit : entier doit être >=${Number.MIN_SAFE_INTEGER}`] };
  }
  return { value, messages: [] };
}

const accountJsonSchema: QueryJsonSchema = {
  type: 'object',
  properties: {
    number: { type: 'string', minLength: 3, maxLength: 10 },
    label: { type: 'string', minLength: 1, maxLength: MAX_ACCOUNT_LABEL_LENGTH },
  },
  required: ['number', 'label'],
};

/** `PUT /api/company/accounts`'s body: the whole chart and the `version` read; the rules across fields. */
export const chartOfAccountsParser: QueryParser<ChartOfAccountsData> = objectBodyParser(
  (body) => {
    const { values, issues, stopped } = readFields(body, { ...chartFields, version: inputVersionAnswer });
    if (!stopped) {
      for (const issue of chartRuleIssues(values)) issues.push({ ...issue, path: issue.path.map(String) });
    }
    return { issues, data: () => values as unknown as ChartOfAccountsData };
  },
  {
    type: 'object',
    properties: {
      accounts: {
        type: 'object',
        properties: Object.fromEntries(accountUses.map((use) => [use, accountJsonSchema])),
        required: [...accountUses],
      },
      salesByRate: {
        type: 'array',
        maxItems: SALES_BY_RATE_MAX,
        items: {
          ...accountJsonSchema,
          properties: { rate: { type: 'string', enum: [...vatRates] }, ...accountJsonSchema.properties },
          required: ['rate', 'number', 'label'],
        },
      },
      clientAuxPrefix: { type: 'string', minLength: 1, maxLength: 3 },
      supplierAuxPrefix: { type: 'string', minLength: 1, maxLength: 3 },
      version: { type: 'integer', minimum: 0 },
    },
    required: ['accounts', 'clientAuxPrefix', 'supplierAuxPrefix', 'version'],
  },
);

/** The chart as stored (`chartOfAccountsSchema`): the same fields, any whole version, no rule across fields. */
export const storedChartParser: QueryParser<ChartOfAccounts> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, { ...chartFields, version: storedVersionAnswer });
    return { issues, data: () => values as unknown as ChartOfAccounts };
  },
  { type: 'object' },
);
