/**
 * Zod field builders shared by every entity schema: decimal values through `money.ts`, dates, ids,
 * texts with the API limits, tag lists. Every message is French: zod's own through `zod-fr.ts`,
 * ours written here.
 *
 * Presence: the builders return *required* fields; `optionalField` makes a field optional (blank
 * text, `null` and a missing key all read as absent) and `defaultedField` gives absent values a
 * default. Decimal fields take a JSON number or text and output the normalised decimal string.
 */
import { isBlank } from './blank.js';
import { vatRates, type VatRate } from './enums.js';
import { formatDecimal, PERCENT_SCALE, RATING_SCALE, tryParseDecimal } from './money.js';
import { calendarDateOf, DATE_MESSAGE, isCalendarDate, TIME_WITH_OFFSET } from './calendar-date.js';
import {
  decimalRefusalMessage,
  formatReceivedDecimal,
  HOURS_MESSAGE,
  hoursRule,
  jsonObjectRefusal,
  moneyRule,
  percentRule,
  quantityRule,
  receivedDecimalRule,
  type ReceivedDecimalOptions,
  VAT_RATE_MESSAGE,
  vatRateUnitsRule,
} from './body-fields.js';
import { frenchInteger } from './query-parser.js';
import { LONG_TEXT_MAX_LENGTH, TAG_LIST_MAX_ENTRIES, TEXT_MAX_LENGTH } from './text-limits.js';
import { MAX_DAY_HOURS_HUNDREDTHS } from './timesheet.js';
import * as z from './lazy-zod.js';
import './zod-fr.js';

/** API.md limits: text fields, notes and descriptions (`text-limits.ts`, no zod), lists inside a record. */
export { LONG_TEXT_MAX_LENGTH, TAG_LIST_MAX_ENTRIES, TEXT_MAX_LENGTH } from './text-limits.js';

export { MONEY_MAX_CENTS, QUANTITY_MAX_THOUSANDTHS } from './money.js';
export { formatReceivedDecimal } from './body-fields.js';

export { isBlank } from './blank.js';

/** What `optionalField` returns: accepts the field's input, `null` or nothing; outputs the field's output or `undefined`. */
export type OptionalField<T extends z.ZodType> = z.ZodOptional<
  z.ZodType<z.output<T> | undefined, z.input<T> | null | undefined>
>;

/**
 * Makes a field optional: a missing key, `null`, `''` or blank text all read as absent (`undefined`)
 * and anything else must satisfy `schema`.
 */
export const optionalField = /* @__PURE__ */ z.lazyFactory(function optionalField<T extends z.ZodType>(
  schema: T,
): OptionalField<T> {
  // The cast only restates the input type: `preprocess` types its input as `unknown`, while the SPA's
  // forms need the real one.
  return z
    .preprocess((value) => (isBlank(value) ? undefined : value), schema.optional())
    .optional() as unknown as OptionalField<T>;
});

/** What `clearableField` returns: accepts the field's input, `null` or nothing; outputs the field's output or `null`. */
export type ClearableField<T extends z.ZodType> = z.ZodOptional<
  z.ZodType<z.output<T> | null, z.input<T> | null | undefined>
>;

/**
 * For partial updates: a missing key means "unchanged" (`undefined`), while `null`, `''` or blank
 * text mean "clear" (`null`); anything else must satisfy `schema`.
 */
export const clearableField = /* @__PURE__ */ z.lazyFactory(function clearableField<T extends z.ZodType>(
  schema: T,
): ClearableField<T> {
  return z
    .preprocess((value) => (isBlank(value) ? null : value), schema.nullable())
    .optional() as unknown as ClearableField<T>;
});

/** Like `optionalField`, but an absent value becomes `defaultValue` (spec section 9 defaults). */
export const defaultedField = /* @__PURE__ */ z.lazyFactory(function defaultedField<T extends z.ZodType>(
  schema: T,
  defaultValue: z.output<T>,
) {
  return optionalField(schema).transform((value): z.output<T> => value ?? defaultValue);
});

function addIssue(ctx: z.core.$RefinementCtx, input: unknown, message: string): never {
  ctx.issues.push({ code: 'custom', input, message });
  return z.NEVER;
}

/** Messages of a decimal field, one per way a value can be refused. */
interface DecimalMessages {
  /** Missing or blank while required. */
  required: string;
  /** Not a number. */
  invalid: string;
  /** More decimals than the scale; `invalid` when not given. */
  scale?: string;
  /** Below the minimum (or equal to it when the minimum is exclusive). */
  tooSmall: string;
  /** Above the maximum. */
  tooBig: string;
}

interface DecimalRule {
  scale: number;
  /** Bounds in units of 10^-scale. */
  min: number;
  minExclusive?: boolean;
  max: number;
  messages: DecimalMessages;
}

/** A required decimal (number or text) checked against `rule`, output in integer units. */
function decimalUnits(rule: DecimalRule) {
  const { messages } = rule;
  return z
    .union([z.string(), z.number()], {
      error: (issue) => (isBlank(issue.input) ? messages.required : messages.invalid),
    })
    .transform((value, ctx): number => {
      if (isBlank(value)) return addIssue(ctx, value, messages.required);
      const parsed = tryParseDecimal(value, rule.scale);
      if (!parsed.ok) return addIssue(ctx, value, decimalRefusalMessage(parsed.reason, messages));
      const { units } = parsed;
      if (units < rule.min || (rule.minExclusive === true && units === rule.min)) {
        return addIssue(ctx, value, messages.tooSmall);
      }
      if (units > rule.max) return addIssue(ctx, value, messages.tooBig);
      return units;
    });
}

function decimalField(rule: DecimalRule) {
  return decimalUnits(rule).transform((units) => formatDecimal(units, rule.scale));
}

/**
 * Money: a JSON number or text ("1 234,50", "1234.5") with at most two decimals, within ±9 999 999 999.99
 * (precision 12,2); output "1234.50". `nonNegative` refuses amounts below zero. `message` replaces the
 * messages for a missing, unreadable or negative value (e.g. the spec's unit-price message).
 */
export const moneyField = /* @__PURE__ */ z.lazyFactory(function moneyField(
  options: { nonNegative?: boolean; message?: string; required?: string } = {},
) {
  return decimalField(moneyRule(options));
});

/** Percentage from 0 to 100 with at most two decimals (precision 5,2); output "10.00". */
export const percentField = /* @__PURE__ */ z.lazyFactory(function percentField(
  options: { message?: string } = {},
) {
  return decimalField(percentRule(options));
});

/**
 * A French VAT rate (DOCUMENTS.md § 2): 20, 10, 5.5, 2.1 or 0 %, as a number or text ("5,5", "5.50",
 * 20); output "5.50". Any other rate is refused with a French message listing the rates.
 */
export const vatRateField = /* @__PURE__ */ z.lazyFactory(function vatRateField() {
  return decimalUnits(vatRateUnitsRule).transform((units, ctx): VatRate => {
    const rate = formatDecimal(units, PERCENT_SCALE);
    if (!(vatRates as readonly string[]).includes(rate)) return addIssue(ctx, rate, VAT_RATE_MESSAGE);
    return rate as VatRate;
  });
});

/**
 * Quantity with at most three decimals, within ±9 999 999.999 (precision 10,3); output "12.500".
 * `positive` refuses zero and below. `message` replaces the messages for a missing, unreadable or
 * non-positive value.
 */
export const quantityField = /* @__PURE__ */ z.lazyFactory(function quantityField(
  options: { positive?: boolean; message?: string } = {},
) {
  return decimalField(quantityRule(options));
});

// Defined with the pointage rules (`timesheet.ts`, read without zod by the data layer).
export { MAX_DAY_HOURS_HUNDREDTHS };

export { HOURS_MESSAGE };

/**
 * Hours worked (pointage): a JSON number or text ("7,5", "7.75") in quarter hours, from 0.25 to 24;
 * output "7.50" (`body-fields.ts` `hoursRule`, which the time entries' hand parser reads too).
 */
export const hoursField = /* @__PURE__ */ z.lazyFactory(function hoursField(
  options: { required?: string } = {},
) {
  return decimalUnits(hoursRule(options)).transform((units, ctx): string => {
    if (units % 25 !== 0) return addIssue(ctx, units, HOURS_MESSAGE);
    return formatDecimal(units, 2);
  });
});

/**
 * A quantity (BT-129) or a unit price HT (BT-146) of a supplier invoice line: at most six decimals,
 * as suppliers' e-invoices write them (`1.2605`, `0.000125`), within ±999 999 999.999999; output
 * with at least `minScale` decimals ("12.500" for a quantity, "8.50" for a price). `nonNegative`
 * refuses values below zero (a price; a quantity may be negative, a line returned).
 */
export const receivedDecimalField = /* @__PURE__ */ z.lazyFactory(function receivedDecimalField(
  options: ReceivedDecimalOptions,
) {
  return decimalUnits(receivedDecimalRule(options)).transform((units) =>
    formatReceivedDecimal(units, options.minScale),
  );
});

/**
 * A VAT rate a supplier charged: any percentage from 0 to 100 with at most two decimals (a French
 * rate, or another country's: 19 %, 7 %, 21 %…); output "20.00".
 */
export const receivedVatRateField = /* @__PURE__ */ z.lazyFactory(function receivedVatRateField() {
  const message = 'Le taux de TVA doit être un pourcentage entre 0 et 100, avec au plus deux décimales';
  return percentField({ message });
});

/** Supplier rating from 1 to 5 in steps of 0.1 (precision 2,1); output "4.5". */
export const ratingField = /* @__PURE__ */ z.lazyFactory(function ratingField() {
  const message = 'La note doit être comprise entre 1 et 5, par pas de 0,1';
  return decimalField({
    scale: RATING_SCALE,
    min: 1 * 10 ** RATING_SCALE,
    max: 5 * 10 ** RATING_SCALE,
    messages: { required: 'La note est requise', invalid: message, tooSmall: message, tooBig: message },
  });
});

/**
 * Integer between `min` and `max` from a JSON number or digits as text ("50"); output a number.
 * `message` is shown for anything refused but a missing value (`required`).
 */
export const integerField = /* @__PURE__ */ z.lazyFactory(function integerField(options: {
  min: number;
  max: number;
  message: string;
  required?: string;
}) {
  return decimalUnits({
    scale: 0,
    min: options.min,
    max: options.max,
    messages: {
      required: options.required ?? options.message,
      invalid: options.message,
      tooSmall: options.message,
      tooBig: options.message,
    },
  });
});

/** Whole percent of progress, 0 to 100 (projects, progress reports); output a number. */
export const progressField = /* @__PURE__ */ z.lazyFactory(function progressField(
  options: { message?: string; required?: string } = {},
) {
  return integerField({
    min: 0,
    max: 100,
    message: options.message ?? "L'avancement doit être un nombre entier entre 0 et 100",
    required: options.required,
  });
});

/**
 * A calendar date, output "2026-11-22". A full ISO timestamp ("2026-11-22T00:00:00.000Z", what
 * `Date.toJSON` sends) is accepted too and keeps the date as written in it, without time-zone
 * conversion.
 */
export const dateField = /* @__PURE__ */ z.lazyFactory(function dateField(
  options: { required?: string } = {},
) {
  const required = options.required ?? 'La date est requise';
  return z
    .string({ error: (issue) => (isBlank(issue.input) ? required : DATE_MESSAGE) })
    .trim()
    .transform((value, ctx): string => {
      if (value === '') return addIssue(ctx, value, required);
      return calendarDateOf(value) ?? addIssue(ctx, value, DATE_MESSAGE);
    });
});

const INSTANT_MESSAGE =
  'Date et heure invalides : utilisez le format ISO 8601 avec fuseau, par exemple 2026-11-22T14:30:00Z';

/** An instant: ISO 8601 date and time with `Z` or an offset; output in UTC, `toISOString()` form. */
export const instantField = /* @__PURE__ */ z.lazyFactory(function instantField() {
  return z
    .string({ error: INSTANT_MESSAGE })
    .trim()
    .transform((value, ctx): string => {
      const date = value.slice(0, 10);
      const rest = value.slice(10);
      if (!isCalendarDate(date) || !TIME_WITH_OFFSET.test(rest)) return addIssue(ctx, value, INSTANT_MESSAGE);
      const instant = new Date(value);
      if (Number.isNaN(instant.getTime())) return addIssue(ctx, value, INSTANT_MESSAGE);
      return instant.toISOString();
    });
});

/** A required text: trimmed, not blank, at most `max` characters. */
export const requiredText = /* @__PURE__ */ z.lazyFactory(function requiredText(
  message: string,
  max: number = TEXT_MAX_LENGTH,
) {
  return z
    .string({ error: (issue) => (isBlank(issue.input) ? message : undefined) })
    .trim()
    .min(1, message)
    .max(max, `Le texte doit contenir au plus ${frenchInteger(max)} caractères`);
});

/** Text trimmed and at most `max` characters long (possibly empty): the base of the text fields. */
export const boundedText = /* @__PURE__ */ z.lazyFactory(function boundedText(max: number) {
  return z
    .string()
    .trim()
    .max(max, `Le texte doit contenir au plus ${frenchInteger(max)} caractères`);
});

/** An optional text (names, phones, cities…): trimmed, at most 2,000 characters, blank = absent. */
export const textField = optionalField(boundedText(TEXT_MAX_LENGTH));

/** An optional long text (notes, descriptions): trimmed, at most 10,000 characters, blank = absent. */
export const longTextField = optionalField(boundedText(LONG_TEXT_MAX_LENGTH));

/** An e-mail address, trimmed (case is kept; comparing lower-cased is the server's job). */
export const emailField = /* @__PURE__ */ z.lazyFactory(function emailField(
  message = "L'adresse e-mail doit être valide",
) {
  return z.string({ error: message }).trim().max(254, message).regex(z.regexes.email, message);
});

/** A uuid (lower-cased). A blank value reads as missing and gets `required`. */
export const idField = /* @__PURE__ */ z.lazyFactory(function idField(required = "L'identifiant est requis") {
  return z
    .uuid({ error: (issue) => (isBlank(issue.input) ? required : 'Identifiant invalide') })
    .transform((value) => value.toLowerCase());
});

/**
 * An optional link to another record: a uuid, or absent when missing, `null`, blank or `'none'`
 * (the value the forms' "no project" choice sends).
 */
export const optionalIdField = z.lazyFactory(() =>
  z
    .custom<string | null>()
    .transform((value) => (isBlank(value) || value === 'none' ? undefined : (value ?? undefined)))
    .pipe(idField().optional())
    .optional(),
)();

/** A required choice among `values`; a blank or missing value gets `required`. */
export function enumField<const T extends readonly [string, ...string[]]>(values: T, required?: string) {
  return z.enum(values, {
    error: (issue) => (isBlank(issue.input) && required !== undefined ? required : undefined),
  });
}

/**
 * A list of short texts (supplier specialties, document tags): each entry trimmed, blank entries and
 * repeats dropped (as the tag input does), then at most 50 entries of at most 2,000 characters.
 * A single comma-separated text is accepted too (multipart forms send text).
 */
export const tagListField = z.lazyFactory(() =>
  z
    .union([z.array(z.string()), z.string()], { error: 'Liste invalide : une liste de textes est attendue' })
    .transform((value) => {
      const entries = (typeof value === 'string' ? value.split(',') : value).map((entry) => entry.trim());
      return [...new Set(entries.filter((entry) => entry !== ''))];
    })
    .pipe(
      z
        .array(
          z
            .string()
            .max(
              TEXT_MAX_LENGTH,
              `Chaque élément doit contenir au plus ${frenchInteger(TEXT_MAX_LENGTH)} caractères`,
            ),
        )
        .max(TAG_LIST_MAX_ENTRIES, `La liste doit contenir au plus ${TAG_LIST_MAX_ENTRIES} éléments`),
    ),
)();

/** A JSON value, as `JSON.parse` gives it. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export { JSON_MAX_BYTES, JSON_MAX_DEPTH } from './body-fields.js';

/**
 * A free-form JSON object (company settings, user permissions, supplier document lines): at most
 * {@link JSON_MAX_DEPTH} levels and {@link JSON_MAX_BYTES}. Checked without recursion (zod's
 * `z.json()` recurses and overflows the stack on a few thousand levels), the depth first.
 */
export const jsonObjectField = z.custom<Record<string, JsonValue>>().superRefine((value, context) => {
  const message = jsonObjectRefusal(value);
  if (message !== undefined) context.addIssue({ code: 'custom', message, input: value });
});

/** The `items (json)` of supplier quotes and invoices: a list of JSON objects, at most 1,000. */
export const jsonItemsField = z
  .array(jsonObjectField)
  .max(1_000, 'La liste doit contenir au plus 1 000 lignes');

/** The optimistic-locking version a client read (API.md "Updates"). */
export const versionField = z.lazyFactory(() =>
  z
    .number({ error: 'La version doit être un nombre entier positif' })
    .int('La version doit être un nombre entier positif')
    .min(1, 'La version doit être un nombre entier positif'),
)();

/**
 * A situation's cumulative percent of a quote line (DOCUMENTS.md § 4), at most two decimals, output
 * "75.00". Values from 0 to 1 000 pass: above 100 % is a business refusal (409 with the line named),
 * not a malformed body.
 */
export const cumulativePercentField = /* @__PURE__ */ z.lazyFactory(function cumulativePercentField() {
  const message = 'Le pourcentage cumulé doit être un nombre entre 0 et 100, avec au plus deux décimales';
  return decimalField({
    scale: PERCENT_SCALE,
    min: 0,
    max: 1000 * 10 ** PERCENT_SCALE,
    messages: {
      required: 'Le pourcentage cumulé est requis',
      invalid: message,
      tooSmall: message,
      tooBig: message,
    },
  });
});
