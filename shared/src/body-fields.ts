/**
 * The fields of small JSON bodies read by hand, without zod (issue 27, `bench:lambda`: the sends,
 * the payment, the sign-up and the setup start without zod's code). Each answers as the zod field it
 * replaces (`fields.ts`, `entities/user.ts`, zod's French messages of `zod-fr.ts`), quirks included:
 * zod's length checks also measure a value it refused as text when that value has a `length` (a
 * list, `{ "length": 300 }`), and a field's issues either let zod go on to the object's refinements
 * (a check: too long, not an e-mail) or stop them (a value of the wrong type, a transform's refusal).
 * The parsers built on them are compared with their zod schemas on seeded random bodies
 * (`sending-input.test.ts`, `entities/invoice-pay-input.test.ts`, `entities/auth-input.test.ts`).
 */
import { isBlank } from './blank.js';
import { calendarDateOf, DATE_MESSAGE, isCalendarDate, TIME_WITH_OFFSET } from './calendar-date.js';
import { EMAIL_PATTERN } from './email-address.js';
import { vatRates } from './enums.js';
import { jsonDepthExceeds } from './json-depth.js';
import {
  type DecimalErrorReason,
  formatDecimal,
  MONEY_MAX_CENTS,
  MONEY_SCALE,
  PERCENT_SCALE,
  QUANTITY_MAX_THOUSANDTHS,
  QUANTITY_SCALE,
  RECEIVED_DECIMAL_SCALE,
  tryParseDecimal,
} from './money.js';
import {
  frenchInteger,
  notText,
  objectBodyParser,
  receivedType,
  type QueryIssue,
  type QueryJsonSchema,
  type QueryParser,
  UUID,
} from './query-parser.js';
import { SECTION_MESSAGE, SECTION_PATTERN } from './quote-sections.js';
import { TAG_LIST_MAX_ENTRIES, TEXT_MAX_LENGTH } from './text-limits.js';
import { MAX_DAY_HOURS_HUNDREDTHS } from './timesheet.js';

/**
 * One field's answer: the value zod keeps for it (its output, or what it holds when refused: the
 * object's refinements read it), its messages, and whether they stop the object's refinements.
 */
export interface FieldAnswer {
  value: unknown;
  messages: readonly string[];
  aborts?: boolean;
  /** Issues inside the value (a list's entries), their paths from the field's; they never stop the refinements. */
  nested?: readonly QueryIssue[];
  /**
   * zod runs none of the object's refinements, not even those with `when: () => true` (a list over
   * its maximum).
   */
  stopsRefinements?: boolean;
}

const passed = (value: unknown): FieldAnswer => ({ value, messages: [] });
const refused = (value: unknown, messages: readonly string[], aborts: boolean): FieldAnswer => ({
  value,
  messages,
  aborts,
});

/**
 * What zod's `min`/`max` length checks compare: a string's length in code points, any other value's
 * `length` as it is (`undefined` when it has none, or is `null`: then zod does not check it).
 */
function lengthOf(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return [...value].length;
  return (value as { length?: unknown }).length;
}

/** zod's `max(max)` on `value`: refused unless its length is at most `max` (as JavaScript compares). */
function tooLong(value: unknown, max: number): boolean {
  const length = lengthOf(value);
  return length !== undefined && !((length as number) <= max);
}

/** zod's `min(min)` on `value`: refused unless its length is at least `min`. */
function tooShort(value: unknown, min: number): boolean {
  const length = lengthOf(value);
  return length !== undefined && !((length as number) >= min);
}

/** A length check's message, or zod's default one, which names what it measured (`zodTooLong`). */
export type LengthMessage = string | ((measured: unknown) => string);

/**
 * zod's own message for `max(max)` without one (`zod-fr.ts`): it names what it measured, text in
 * characters, a list in elements, anything else (an object with a `length`) as a value.
 */
export const zodTooLong = (max: number) => (measured: unknown) => {
  if (typeof measured === 'string') return `Trop grand : chaîne de caractères doit avoir <=${max} caractères`;
  if (Array.isArray(measured)) return `Trop grand : tableau doit avoir <=${max} éléments`;
  return `Trop grand : valeur doit être <=${max}`;
};

/**
 * A text field: `typeMessage` for a value that is not text (a type error, which stops the object's
 * refinements; zod's length checks still measure it), else trimmed when `trim`, then each of `checks`
 * (length bounds, then the others on text only), every failing one reported.
 */
export function textAnswer(
  value: unknown,
  options: {
    typeMessage: string;
    trim: boolean;
    min?: { length: number; message: LengthMessage };
    max: { length: number; message: LengthMessage };
    checks?: readonly { ok: (text: string) => boolean; message: string }[];
  },
): FieldAnswer {
  const { min, max } = options;
  const say = (message: LengthMessage, measured: unknown) =>
    typeof message === 'string' ? message : message(measured);
  const lengthMessages = (measured: unknown) => [
    ...(min && tooShort(measured, min.length) ? [say(min.message, measured)] : []),
    ...(tooLong(measured, max.length) ? [say(max.message, measured)] : []),
  ];
  if (typeof value !== 'string') return refused(value, [options.typeMessage, ...lengthMessages(value)], true);
  const text = options.trim ? value.trim() : value;
  const messages = [
    ...lengthMessages(text),
    ...(options.checks ?? []).filter((check) => !check.ok(text)).map((check) => check.message),
  ];
  return messages.length > 0 ? refused(text, messages, false) : passed(text);
}

/** `optionalField(field)` (`fields.ts`): missing, `null` or blank text read as absent. */
export function optional(field: (value: unknown) => FieldAnswer): (value: unknown) => FieldAnswer {
  return (value) => (isBlank(value) ? passed(undefined) : field(value));
}

/** `defaultedField(field, value)` (`fields.ts`): missing, `null` or blank reads as `value`. */
export function defaulted(
  field: (value: unknown) => FieldAnswer,
  defaultValue: unknown,
): (value: unknown) => FieldAnswer {
  const read = optional(field);
  return (value) => {
    const answer = read(value);
    return answer.messages.length === 0 && answer.value === undefined ? passed(defaultValue) : answer;
  };
}

/** The longest e-mail address (`emailField`). */
export const EMAIL_MAX_LENGTH = 254;

/** `emailField(message)`: trimmed, at most 254 characters, zod's e-mail pattern; `message` for any refusal. */
export function emailAnswer(value: unknown, message = "L'adresse e-mail doit être valide"): FieldAnswer {
  return textAnswer(value, {
    typeMessage: message,
    trim: true,
    max: { length: EMAIL_MAX_LENGTH, message },
    checks: [{ ok: (text) => EMAIL_PATTERN.test(text), message }],
  });
}

const tooLongMessage = (max: number) => `Le texte doit contenir au plus ${frenchInteger(max)} caractères`;

/** `boundedText(max)`: text, trimmed, at most `max` characters (zod's type message otherwise). */
export function boundedTextAnswer(value: unknown, max: number): FieldAnswer {
  return textAnswer(value, {
    typeMessage: notText(value).messages[0],
    trim: true,
    max: { length: max, message: tooLongMessage(max) },
  });
}

/** `requiredText(message, max)`: text, trimmed, not blank (`message`), at most `max` characters. */
export function requiredTextAnswer(value: unknown, message: string, max: number): FieldAnswer {
  return textAnswer(value, {
    typeMessage: isBlank(value) ? message : notText(value).messages[0],
    trim: true,
    min: { length: 1, message },
    max: { length: max, message: tooLongMessage(max) },
  });
}

/**
 * A text of `min` to `max` characters, taken as typed (a password: `passwordField`) or trimmed, with
 * its messages and the checks on text only (a username's « no @ »).
 */
export function sizedTextAnswer(
  value: unknown,
  options: {
    trim: boolean;
    min: number;
    max: number;
    messages: { type: string; tooShort: string; tooLong: string };
    checks?: readonly { ok: (text: string) => boolean; message: string }[];
  },
): FieldAnswer {
  return textAnswer(value, {
    typeMessage: options.messages.type,
    trim: options.trim,
    min: { length: options.min, message: options.messages.tooShort },
    max: { length: options.max, message: options.messages.tooLong },
    checks: options.checks,
  });
}

/** `z.string({ error: message })`: any text as it is, `message` for anything else. */
export function plainTextAnswer(value: unknown, message: string): FieldAnswer {
  return typeof value === 'string' ? passed(value) : refused(value, [message], true);
}

const MONEY_INVALID =
  'Montant invalide : utilisez un nombre avec au plus deux décimales, par exemple 1 234,50';
const MONEY_TOO_BIG = 'Montant invalide : au plus 9 999 999 999,99 en valeur absolue';

/**
 * `moneyField({ nonNegative })`, given a value that is not blank (`optional` reads blank as absent): a JSON number or text
 * with at most two decimals, within ±`MONEY_MAX_CENTS`; output "1234.50". Each refusal stops the
 * object's refinements (zod's union, then its transform).
 */
export function moneyAnswer(value: unknown, options: { nonNegative: boolean }): FieldAnswer {
  if ((typeof value !== 'string' && typeof value !== 'number') || Number.isNaN(value)) {
    return refused(value, [MONEY_INVALID], true);
  }
  const parsed = tryParseDecimal(value, MONEY_SCALE);
  if (!parsed.ok) return refused(value, [parsed.reason === 'range' ? MONEY_TOO_BIG : MONEY_INVALID], true);
  const min = options.nonNegative ? 0 : -MONEY_MAX_CENTS;
  if (parsed.units < min) {
    const message = options.nonNegative
      ? 'Le montant doit être positif ou nul'
      : 'Montant invalide : au moins -9 999 999 999,99';
    return refused(value, [message], true);
  }
  if (parsed.units > MONEY_MAX_CENTS) return refused(value, [MONEY_TOO_BIG], true);
  return passed(formatDecimal(parsed.units, MONEY_SCALE));
}

/** A decimal's bounds (in units of 10^-scale) and messages, as `fields.ts`'s `decimalUnits` takes them. */
export interface DecimalAnswerRule {
  scale: number;
  min: number;
  minExclusive?: boolean;
  max: number;
  messages: { required: string; invalid: string; scale?: string; tooSmall: string; tooBig: string };
}

/** The message of a decimal `tryParseDecimal` refused, by its reason (`fields.ts`'s `decimalUnits` too). */
export function decimalRefusalMessage(
  reason: DecimalErrorReason,
  messages: DecimalAnswerRule['messages'],
): string {
  if (reason === 'range') return messages.tooBig;
  if (reason === 'scale') return messages.scale ?? messages.invalid;
  return messages.invalid;
}

/** An unknown VAT rate (`vatRateField`, and the articles' hand parser). */
export const VAT_RATE_MESSAGE = 'Taux de TVA inconnu : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %';

/** A VAT rate's decimal rule: 0 to 100 % at two decimals, then one of `vatRates` (checked apart). */
export const vatRateUnitsRule: DecimalAnswerRule = {
  scale: PERCENT_SCALE,
  min: 0,
  max: 100 * 10 ** PERCENT_SCALE,
  messages: {
    required: 'Le taux de TVA est requis',
    invalid: VAT_RATE_MESSAGE,
    tooSmall: VAT_RATE_MESSAGE,
    tooBig: VAT_RATE_MESSAGE,
  },
};

/**
 * `decimalUnits(rule)` (`integerField`, and `quantityField`… before their output is written out): a
 * JSON number or text within the rule's bounds, output in integer units. Each refusal stops the
 * object's refinements (zod's union, then its transform); missing, `null` or blank is `required`.
 */
export function decimalUnitsAnswer(value: unknown, rule: DecimalAnswerRule): FieldAnswer {
  const { messages } = rule;
  if ((typeof value !== 'string' && typeof value !== 'number') || Number.isNaN(value)) {
    return refused(value, [isBlank(value) ? messages.required : messages.invalid], true);
  }
  if (isBlank(value)) return refused(value, [messages.required], true);
  const parsed = tryParseDecimal(value, rule.scale);
  if (!parsed.ok) return refused(value, [decimalRefusalMessage(parsed.reason, messages)], true);
  const { units } = parsed;
  if (units < rule.min || (rule.minExclusive === true && units === rule.min)) {
    return refused(value, [messages.tooSmall], true);
  }
  if (units > rule.max) return refused(value, [messages.tooBig], true);
  return passed(units);
}

/** `decimalField(rule)` (`quantityField`, `cumulativePercentField`…): as `decimalUnitsAnswer`, output written out ("12.500"). */
export function decimalAnswer(value: unknown, rule: DecimalAnswerRule): FieldAnswer {
  const answer = decimalUnitsAnswer(value, rule);
  return answer.messages.length > 0 ? answer : passed(formatDecimal(answer.value as number, rule.scale));
}

/**
 * `dateField({ required })`: a calendar date, trimmed, output "2026-11-22" (a full ISO timestamp
 * gives its date); `required` when missing, `null` or blank. Each refusal stops the object's refinements.
 */
export function dateAnswer(value: unknown, required = 'La date est requise'): FieldAnswer {
  if (typeof value !== 'string') return refused(value, [isBlank(value) ? required : DATE_MESSAGE], true);
  const text = value.trim();
  if (text === '') return refused(text, [required], true);
  const date = calendarDateOf(text);
  return date === undefined ? refused(text, [DATE_MESSAGE], true) : passed(date);
}

const INSTANT_MESSAGE =
  'Date et heure invalides : utilisez le format ISO 8601 avec fuseau, par exemple 2026-11-22T14:30:00Z';

/** `instantField()`: an ISO 8601 date and time with `Z` or an offset, trimmed; output in UTC (`toISOString`). */
export function instantAnswer(value: unknown): FieldAnswer {
  if (typeof value !== 'string') return refused(value, [INSTANT_MESSAGE], true);
  const text = value.trim();
  if (!isCalendarDate(text.slice(0, 10)) || !TIME_WITH_OFFSET.test(text.slice(10))) {
    return refused(text, [INSTANT_MESSAGE], true);
  }
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return refused(text, [INSTANT_MESSAGE], true);
  return passed(instant.toISOString());
}

/** `enumField(values)`: one of `values` exactly, zod's French message listing them otherwise. */
export function enumAnswer(value: unknown, values: readonly string[]): FieldAnswer {
  if (typeof value === 'string' && values.includes(value)) return passed(value);
  const listed = values.map((option) => `"${option}"`).join('|');
  return refused(value, [`Option invalide : une valeur parmi ${listed} attendue`], true);
}

const VERSION_MESSAGE = 'La version doit être un nombre entier positif';

/**
 * `versionField` (the version a client read): a whole number from 1, as a JSON number. `missing`,
 * when given, is the message for an absent version (the field is required); else absent passes.
 */
export function versionAnswer(value: unknown, missing?: string): FieldAnswer {
  if (value === undefined) return missing === undefined ? passed(undefined) : refused(value, [missing], true);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    return refused(value, [VERSION_MESSAGE], true);
  }
  return passed(value);
}

/**
 * An object's fields read in the schema's order: each one's issues (its path the field's name), the
 * values zod keeps (the refinements read them) and whether an issue stops the object's refinements.
 * `output` holds the fields with a value, in that order.
 */
export function readFields(
  body: Record<string, unknown>,
  fields: Record<string, (value: unknown) => FieldAnswer>,
): { values: Record<string, unknown>; issues: QueryIssue[]; aborted: boolean; stopped: boolean } {
  const values: Record<string, unknown> = {};
  const issues: QueryIssue[] = [];
  let aborted = false;
  let stopped = false;
  for (const [name, field] of Object.entries(fields)) {
    const answer = field(body[name]);
    if (answer.value !== undefined) values[name] = answer.value;
    issues.push(...answer.messages.map((message) => ({ path: [name], message })));
    issues.push(...(answer.nested ?? []).map((issue) => ({ ...issue, path: [name, ...issue.path] })));
    aborted ||= answer.messages.length > 0 && answer.aborts === true;
    stopped ||= answer.stopsRefinements === true;
  }
  return { values, issues, aborted, stopped };
}

/**
 * `optionalIdField`: a uuid, lower-cased; absent when blank or `'none'`. A text that is not a uuid is
 * refused but kept (the object's refinements read it as given).
 */
export function optionalIdAnswer(value: unknown): FieldAnswer {
  if (isBlank(value) || value === 'none') return passed(undefined);
  if (typeof value !== 'string') return refused(value, ['Identifiant invalide'], true);
  if (!UUID.test(value)) return refused(value, ['Identifiant invalide'], false);
  return passed(value.toLowerCase());
}

/** `idField(required)`: a uuid, lower-cased; `required` when missing, `null` or blank. */
export function idAnswer(value: unknown, required: string): FieldAnswer {
  if (typeof value !== 'string')
    return refused(value, [isBlank(value) ? required : 'Identifiant invalide'], true);
  if (!UUID.test(value)) return refused(value, [isBlank(value) ? required : 'Identifiant invalide'], false);
  return passed(value.toLowerCase());
}

/**
 * `z.array(z.object(fields)).min(min).max(max)` at `name`, given a value that is not blank: each
 * item's issues (path `name`, its position, its field), then the list's size, measured as zod
 * measures it (the `length` of anything that has one, also of a value refused as a list). A list over
 * the maximum has that message alone, which stops the object's refinements: zod then reads none of
 * its items.
 */
export function objectListAnswer(
  name: string,
  value: unknown,
  options: {
    fields: Record<string, (value: unknown) => FieldAnswer>;
    min?: { length: number; message: string };
    max: { length: number; message: string };
    /** The message for a value that is not a list (`z.array(item, { error })`); zod's own by default. */
    typeMessage?: string;
  },
): { value: unknown; issues: QueryIssue[]; aborted: boolean } {
  const { min, max } = options;
  if (Array.isArray(value) && value.length > max.length) {
    return { value, issues: [{ path: [name], message: max.message }], aborted: true };
  }
  const issues: QueryIssue[] = [];
  let aborted = false;
  const items: unknown[] = [];
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => {
      const position = String(index);
      if (typeof item !== 'object' || item === null || Array.isArray(item)) {
        issues.push({
          path: [name, position],
          message: `Entrée invalide : objet attendu, ${receivedType(item)} reçu`,
        });
        aborted = true;
        return;
      }
      const read = readFields(item as Record<string, unknown>, options.fields);
      issues.push(...read.issues.map((issue) => ({ ...issue, path: [name, position, ...issue.path] })));
      aborted ||= read.aborted;
      items.push(read.values);
    });
  } else {
    const message = options.typeMessage ?? `Entrée invalide : tableau attendu, ${receivedType(value)} reçu`;
    issues.push({ path: [name], message });
    aborted = true;
  }
  const length = value === undefined || value === null ? undefined : (value as { length?: unknown }).length;
  if (min && length !== undefined && !((length as number) >= min.length))
    issues.push({ path: [name], message: min.message });
  if (length !== undefined && !((length as number) <= max.length))
    issues.push({ path: [name], message: max.message });
  return { value: Array.isArray(value) ? items : value, issues, aborted };
}

/** The JSON Schema of a list of at most `maxItems` objects (the route fuzz's input for `objectListAnswer`). */
export function objectListJsonSchema(
  maxItems: number,
  properties: Record<string, QueryJsonSchema>,
  required: string[],
): QueryJsonSchema {
  return { type: 'array', maxItems, items: { type: 'object', properties, required } };
}

/**
 * `tagListField` (supplier specialties), given a value that is not blank: a list of texts or one
 * comma-separated text, each entry trimmed, blank entries and repeats dropped; then each entry at most
 * 2,000 characters (its path its position in what is kept), and at most 50 entries (over them, that
 * message alone). A value of another
 * type stops the object's refinements; the checks after it do not.
 */
export function tagListAnswer(value: unknown): FieldAnswer {
  const isTextList = Array.isArray(value) && value.every((entry) => typeof entry === 'string');
  if (!isTextList && typeof value !== 'string') {
    return refused(value, ['Liste invalide : une liste de textes est attendue'], true);
  }
  const entries = (typeof value === 'string' ? value.split(',') : (value as string[])).map((entry) =>
    entry.trim(),
  );
  const kept = [...new Set(entries.filter((entry) => entry !== ''))];
  // Over the maximum, zod reports the list's size alone: it reads none of its entries.
  if (kept.length > TAG_LIST_MAX_ENTRIES) {
    return {
      value: kept,
      messages: [],
      nested: [{ path: [], message: `La liste doit contenir au plus ${TAG_LIST_MAX_ENTRIES} éléments` }],
    };
  }
  const issues: QueryIssue[] = [];
  kept.forEach((entry, index) => {
    if (tooLong(entry, TEXT_MAX_LENGTH)) {
      issues.push({
        path: [String(index)],
        message: `Chaque élément doit contenir au plus ${frenchInteger(TEXT_MAX_LENGTH)} caractères`,
      });
    }
  });
  return issues.length > 0 ? { value: kept, messages: [], nested: issues } : passed(kept);
}

/** Units of 10^-6 → "12.5" written with at least `minScale` decimals ("12.500" at 3), no trailing zero beyond. */
export function formatReceivedDecimal(units: number, minScale: number): string {
  const full = formatDecimal(units, RECEIVED_DECIMAL_SCALE);
  const [integer = '', fraction = ''] = full.split('.');
  let digits = fraction;
  while (digits.length > minScale && digits.endsWith('0')) digits = digits.slice(0, -1);
  return digits === '' ? integer : `${integer}.${digits}`;
}

/** What a received decimal (`receivedDecimalField`) is told: its shortest output, its sign, its messages. */
export interface ReceivedDecimalOptions {
  minScale: number;
  nonNegative?: boolean;
  required: string;
  invalid: string;
  negative?: string;
}

/**
 * The rule of a received decimal (a supplier invoice line's quantity or unit price): at most six
 * decimals, within ±999 999 999.999999 (`nonNegative`: from 0). `fields.ts` builds its zod field on it.
 */
export function receivedDecimalRule(options: ReceivedDecimalOptions): DecimalAnswerRule {
  const max = 999_999_999_999_999;
  const tooBig = 'Nombre invalide : au plus 999 999 999 en valeur absolue';
  return {
    scale: RECEIVED_DECIMAL_SCALE,
    min: options.nonNegative === true ? 0 : -max,
    max,
    messages: {
      required: options.required,
      invalid: options.invalid,
      tooSmall: options.nonNegative === true ? (options.negative ?? options.invalid) : tooBig,
      tooBig,
    },
  };
}

/**
 * `receivedDecimalField(options)`: as `receivedDecimalRule` reads it, output with at least
 * `minScale` decimals ("12.500", "8.50"). Each refusal stops the object's refinements.
 */
export function receivedDecimalAnswer(value: unknown, options: ReceivedDecimalOptions): FieldAnswer {
  const answer = decimalUnitsAnswer(value, receivedDecimalRule(options));
  return answer.messages.length > 0
    ? answer
    : passed(formatReceivedDecimal(answer.value as number, options.minScale));
}

/**
 * The deepest free-form JSON a record keeps (levels of objects and arrays, `{}` is one): well
 * inside DynamoDB's 32 levels of nesting, with room for the record around it.
 */
export const JSON_MAX_DEPTH = 16;
/** The largest free-form JSON object, serialised, in bytes (UTF-8). */
export const JSON_MAX_BYTES = 16 * 1024;

/** Whether `value` is JSON (finite numbers, plain objects), walked without recursion. */
function isJsonValue(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next === 'string' || typeof next === 'boolean') continue;
    if (typeof next === 'number') {
      if (!Number.isFinite(next)) return false;
      continue;
    }
    if (typeof next !== 'object') return false;
    if (!Array.isArray(next)) {
      const prototype = Object.getPrototypeOf(next) as unknown;
      if (prototype !== Object.prototype && prototype !== null) return false;
    }
    // One by one: spreading a list of 100,000 entries into `push` overflows the stack too.
    for (const child of Object.values(next)) pending.push(child);
  }
  return true;
}

/**
 * Why `value` is not a free-form JSON object (`jsonObjectField`), or `undefined` when it is one: at
 * most {@link JSON_MAX_DEPTH} levels and {@link JSON_MAX_BYTES}, the depth checked first.
 */
export function jsonObjectRefusal(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 'Objet JSON attendu';
  if (jsonDepthExceeds(value, JSON_MAX_DEPTH))
    return `Données trop imbriquées : au plus ${JSON_MAX_DEPTH} niveaux`;
  if (!isJsonValue(value)) return 'Objet JSON attendu';
  if (new TextEncoder().encode(JSON.stringify(value)).byteLength > JSON_MAX_BYTES) {
    return `Données trop volumineuses : au plus ${JSON_MAX_BYTES / 1024} Ko`;
  }
  return undefined;
}

/** The most entries of `jsonItemsField` (a supplier quote's or invoice's `items`). */
export const JSON_ITEMS_MAX = 1_000;

/**
 * `jsonItemsField` (`items (json)`), given a value that is not blank: a list of at most 1,000 JSON
 * objects (over it, that message alone, and zod runs none of the object's refinements); an entry refused does not stop
 * them, a value that is not a list does.
 */
export function jsonItemsAnswer(value: unknown): FieldAnswer {
  const tooMany = 'La liste doit contenir au plus 1 000 lignes';
  if (Array.isArray(value) && value.length > JSON_ITEMS_MAX) {
    return { ...refused(value, [tooMany], true), stopsRefinements: true };
  }
  if (!Array.isArray(value)) {
    const messages = [`Entrée invalide : tableau attendu, ${receivedType(value)} reçu`];
    if (tooLong(value, JSON_ITEMS_MAX)) messages.push(tooMany);
    return refused(value, messages, true);
  }
  const nested: QueryIssue[] = [];
  value.forEach((entry: unknown, index) => {
    const message = jsonObjectRefusal(entry);
    if (message !== undefined) nested.push({ path: [String(index)], message });
  });
  return nested.length > 0 ? { value, messages: [], nested } : passed(value);
}

// The customer invoice's body (`entities/invoice-input.ts`, issue 27's tenth pass).

/** `z.boolean({ error: message })`: `true` or `false` as JSON booleans, `message` for anything else. */
export function booleanAnswer(value: unknown, message: string): FieldAnswer {
  return typeof value === 'boolean' ? passed(value) : refused(value, [message], true);
}

/**
 * `moneyField(options)`'s rule, for `decimalAnswer`: two decimals within ±9 999 999 999,99
 * (`nonNegative`: from 0); `message` replaces the messages of a missing, unreadable or negative
 * amount, `required` that of a missing one.
 */
export function moneyRule(
  options: { nonNegative?: boolean; message?: string; required?: string } = {},
): DecimalAnswerRule {
  const nonNegative = options.nonNegative === true;
  const belowMessage = nonNegative
    ? 'Le montant doit être positif ou nul'
    : 'Montant invalide : au moins -9 999 999 999,99';
  return {
    scale: MONEY_SCALE,
    min: nonNegative ? 0 : -MONEY_MAX_CENTS,
    max: MONEY_MAX_CENTS,
    messages: {
      required: options.required ?? options.message ?? 'Le montant est requis',
      invalid: options.message ?? MONEY_INVALID,
      scale: MONEY_INVALID,
      tooSmall: options.message ?? belowMessage,
      tooBig: MONEY_TOO_BIG,
    },
  };
}

/**
 * `z.array(z.object(fields), { error: typeMessage }).max(max).optional()`: absent passes; anything
 * else is read by `objectListAnswer`, its issues inside the field (a line's path from its position).
 * A list over the maximum stops the object's refinements, as zod does.
 */
export function optionalObjectListAnswer(options: {
  fields: Record<string, (value: unknown) => FieldAnswer>;
  max: { length: number; message: string };
  typeMessage: string;
}): (value: unknown) => FieldAnswer {
  return (value) => {
    if (value === undefined) return passed(value);
    const read = objectListAnswer('', value, options);
    return {
      value: read.value,
      messages: [],
      nested: read.issues.map((issue) => ({ ...issue, path: issue.path.slice(1) })),
      stopsRefinements: Array.isArray(value) && value.length > options.max.length,
    };
  };
}

// ---------------------------------------------------------------------------------------------
// Issue 27, tenth pass (the accounting export, the bank statements, the supplier quotes, the public
// acceptance): additions.
// ---------------------------------------------------------------------------------------------

/**
 * zod's own message for `min(min)` without one (`zod-fr.ts`): as `zodTooLong`, it names what it
 * measured, text in characters, a list in elements, anything else (an object with a `length`) as a value.
 */
export const zodTooShort = (min: number) => (measured: unknown) => {
  if (typeof measured === 'string') return `Trop petit : chaîne de caractères doit avoir >=${min} caractères`;
  if (Array.isArray(measured)) return `Trop petit : tableau doit avoir >=${min} éléments`;
  return `Trop petit : valeur doit être >=${min}`;
};

/** `percentField(options)`'s rule: 0 to 100 at two decimals. */
export function percentRule(options: { message?: string } = {}): DecimalAnswerRule {
  const message =
    options.message ?? 'Le pourcentage doit être un nombre entre 0 et 100, avec au plus deux décimales';
  return {
    scale: PERCENT_SCALE,
    min: 0,
    max: 100 * 10 ** PERCENT_SCALE,
    messages: {
      required: options.message ?? 'Le pourcentage est requis',
      invalid: message,
      tooSmall: message,
      tooBig: message,
    },
  };
}

/** `quantityField(options)`'s rule: three decimals, within ±9 999 999.999; `positive` refuses 0 and below. */
export function quantityRule(options: { positive?: boolean; message?: string } = {}): DecimalAnswerRule {
  const invalid = 'Quantité invalide : utilisez un nombre avec au plus trois décimales, par exemple 12,5';
  return {
    scale: QUANTITY_SCALE,
    min: options.positive === true ? 0 : -QUANTITY_MAX_THOUSANDTHS,
    minExclusive: options.positive === true,
    max: QUANTITY_MAX_THOUSANDTHS,
    messages: {
      required: options.message ?? 'La quantité est requise',
      invalid: options.message ?? invalid,
      scale: invalid,
      tooSmall:
        options.message ??
        (options.positive === true
          ? 'La quantité doit être un nombre positif'
          : 'Quantité invalide : au moins -9 999 999,999'),
      tooBig: 'Quantité invalide : au plus 9 999 999,999 en valeur absolue',
    },
  };
}

/** `vatRateField()`: one of `vatRates` (20, 10, 5.5, 2.1 or 0 %), output "5.50". */
export function vatRateAnswer(value: unknown): FieldAnswer {
  const answer = decimalUnitsAnswer(value, vatRateUnitsRule);
  if (answer.messages.length > 0) return answer;
  const rate = formatDecimal(answer.value as number, PERCENT_SCALE);
  return (vatRates as readonly string[]).includes(rate)
    ? passed(rate)
    : refused(rate, [VAT_RATE_MESSAGE], true);
}

/** `enumField(values, required)`: `required` for a missing, `null` or blank value, zod's message for another. */
export function requiredEnumAnswer(value: unknown, values: readonly string[], required: string): FieldAnswer {
  return isBlank(value) ? refused(value, [required], true) : enumAnswer(value, values);
}

/**
 * What a list's entry, or an object, reads as: the value zod keeps, the issues (their paths from the
 * entry's), and whether one of them stops the refinements around it (`continue: false` in zod).
 */
export interface EntryAnswer {
  value: unknown;
  issues: QueryIssue[];
  aborted: boolean;
}

/** zod's refusal of a value that is not an object (`z.object`, `z.discriminatedUnion`), at the value's path. */
export function notAnObject(value: unknown): EntryAnswer {
  return {
    value,
    issues: [{ path: [], message: `Entrée invalide : objet attendu, ${receivedType(value)} reçu` }],
    aborted: true,
  };
}

/**
 * `z.array(entry, { error: typeMessage }).max(max)` given a value that is not blank, each entry read
 * by `entry` (an object, a union of objects, their own refinements): as `objectListAnswer`, a list
 * over its maximum has that message alone, its entries unread; a value that is not a list has the
 * type message, then the maximum's when its `length` is over it.
 */
export function entryListAnswer(
  value: unknown,
  options: {
    entry: (item: unknown) => EntryAnswer;
    max: { length: number; message: string };
    typeMessage?: string;
  },
): EntryAnswer {
  const { max } = options;
  if (!Array.isArray(value)) {
    const typeMessage =
      options.typeMessage ?? `Entrée invalide : tableau attendu, ${receivedType(value)} reçu`;
    const length = value === undefined || value === null ? undefined : (value as { length?: unknown }).length;
    const over = length !== undefined && !((length as number) <= max.length);
    const messages = over ? [typeMessage, max.message] : [typeMessage];
    return { value, issues: messages.map((message) => ({ path: [], message })), aborted: true };
  }
  if (value.length > max.length)
    return { value, issues: [{ path: [], message: max.message }], aborted: true };
  const entries: unknown[] = [];
  const issues: QueryIssue[] = [];
  let aborted = false;
  value.forEach((item: unknown, index) => {
    const read = options.entry(item);
    entries.push(read.value);
    for (const issue of read.issues) issues.push({ ...issue, path: [String(index), ...issue.path] });
    aborted ||= read.aborted;
  });
  return { value: entries, issues, aborted };
}

/** `sectionField`: a lot's number, trimmed ("2.1"); a refused number is kept for `sectionIssues`. */
export function sectionAnswer(value: unknown): FieldAnswer {
  if (typeof value !== 'string') return refused(value, [SECTION_MESSAGE], true);
  const section = value.trim();
  return SECTION_PATTERN.test(section) ? passed(section) : refused(section, [SECTION_MESSAGE], false);
}

// ---------------------------------------------------------------------------------------------
// Issue 27, tenth pass (the time entries, the workers, the progress reports, the costing): additions.
// ---------------------------------------------------------------------------------------------

/** `z.boolean()` without a message: zod's own (`zod-fr.ts`), naming the type it received. */
export function zodBooleanAnswer(value: unknown): FieldAnswer {
  return booleanAnswer(value, `Entrée invalide : booléen attendu, ${receivedType(value)} reçu`);
}

/** Hours out of their rule (`hoursField`): not a number, not a quarter hour, 0 or over 24. */
export const HOURS_MESSAGE =
  "Les heures doivent être comprises entre 0,25 et 24, par quart d'heure (par exemple 7,5 ou 7,75)";

/** `hoursField(options)`'s rule before the quarter hours: above 0, at most 24, two decimals. */
export function hoursRule(options: { required?: string } = {}): DecimalAnswerRule {
  return {
    scale: 2,
    min: 0,
    minExclusive: true,
    max: MAX_DAY_HOURS_HUNDREDTHS,
    messages: {
      required: options.required ?? 'Les heures sont requises',
      invalid: HOURS_MESSAGE,
      scale: HOURS_MESSAGE,
      tooSmall: HOURS_MESSAGE,
      tooBig: HOURS_MESSAGE,
    },
  };
}

/** `hoursField()`: hours by quarter hours ("7,5", 7.75), above 0 and at most 24, output "7.50". */
export function hoursAnswer(value: unknown): FieldAnswer {
  const answer = decimalUnitsAnswer(value, hoursRule());
  if (answer.messages.length > 0) return answer;
  const units = answer.value as number;
  return units % 25 === 0 ? passed(formatDecimal(units, 2)) : refused(units, [HOURS_MESSAGE], true);
}

/**
 * `z.union([field, z.null()]).optional()`: absent passes, `null` is kept (a value cleared); anything
 * `field` refuses is zod's union refusal, one « Entrée invalide » at the field, stopping the refinements.
 */
export function nullableAnswer(field: (value: unknown) => FieldAnswer): (value: unknown) => FieldAnswer {
  return (value) => {
    if (value === undefined || value === null) return passed(value);
    const answer = field(value);
    return answer.messages.length > 0 ? refused(value, ['Entrée invalide'], true) : answer;
  };
}

// ---------------------------------------------------------------------------------------------
// Issue 27, tenth pass (the company, the users, the administrator, the clients, the chart of
// accounts): additions.
// ---------------------------------------------------------------------------------------------

/** `field.optional()`: a missing value (`undefined`) passes as absent; anything else is `field`'s. */
export function absentOr(field: (value: unknown) => FieldAnswer): (value: unknown) => FieldAnswer {
  return (value) => (value === undefined ? passed(undefined) : field(value));
}

/**
 * `clearableField(field)` (partial updates): missing passes as absent, `null` or blank text reads as
 * `null` (clear the value), anything else is `field`'s.
 */
export function clearable(field: (value: unknown) => FieldAnswer): (value: unknown) => FieldAnswer {
  return (value) => {
    if (value === undefined) return passed(undefined);
    return isBlank(value) ? passed(null) : field(value);
  };
}

/**
 * The free-form JSON object of `jsonObjectField` (a user's permissions): its refusal does not stop
 * the object's refinements (zod's `superRefine`).
 */
export function jsonObjectAnswer(value: unknown): FieldAnswer {
  const message = jsonObjectRefusal(value);
  return message === undefined ? passed(value) : refused(value, [message], false);
}

/**
 * `versionField.optional()` in an object whose refinements run whatever else fails (`when: () =>
 * true`): as `versionAnswer`, and a number that is not a whole one stops even those refinements (zod's
 * `int` check refuses it as a type, `continue: false`).
 */
export function refinedVersionAnswer(value: unknown): FieldAnswer {
  const answer = versionAnswer(value);
  const fraction = typeof value === 'number' && Number.isFinite(value) && !Number.isInteger(value);
  return fraction ? { ...answer, stopsRefinements: true } : answer;
}

/** `integerField({ min, max, message })`'s rule: a whole number from `min` to `max`, `message` for any refusal. */
export function integerRule(min: number, max: number, message: string): DecimalAnswerRule {
  return {
    scale: 0,
    min,
    max,
    messages: { required: message, invalid: message, tooSmall: message, tooBig: message },
  };
}

/**
 * A record's two bodies read field by field, with no refinement across fields: the create's
 * (`fields`, in the schema's order) and the update's (the same fields, then the `version` read),
 * each with its JSON Schema (`properties`, `required`; the update's `version` added).
 */
export function recordBodyParsers<T>(
  fields: Record<string, (value: unknown) => FieldAnswer>,
  schema: { properties: Record<string, QueryJsonSchema>; required: string[] },
): { create: QueryParser<T>; update: QueryParser<T & { version?: number | undefined }> } {
  const parser = <U>(readers: typeof fields, properties: typeof schema.properties): QueryParser<U> =>
    objectBodyParser(
      (body) => {
        const { values, issues } = readFields(body, readers);
        return { issues, data: () => values as unknown as U };
      },
      { type: 'object', properties, required: schema.required },
    );
  return {
    create: parser<T>(fields, schema.properties),
    update: parser<T & { version?: number | undefined }>(
      { ...fields, version: (value) => versionAnswer(value) },
      { ...schema.properties, version: { type: 'integer', minimum: 1 } },
    ),
  };
}
