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
import { formatDecimal, MONEY_MAX_CENTS, MONEY_SCALE, tryParseDecimal } from './money.js';
import {
  frenchInteger,
  notText,
  receivedType,
  type QueryIssue,
  type QueryJsonSchema,
  UUID,
} from './query-parser.js';

/**
 * One field's answer: the value zod keeps for it (its output, or what it holds when refused: the
 * object's refinements read it), its messages, and whether they stop the object's refinements.
 */
export interface FieldAnswer {
  value: unknown;
  messages: readonly string[];
  aborts?: boolean;
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
  if (!parsed.ok) {
    const message =
      parsed.reason === 'range'
        ? messages.tooBig
        : parsed.reason === 'scale'
          ? (messages.scale ?? messages.invalid)
          : messages.invalid;
    return refused(value, [message], true);
  }
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
): { values: Record<string, unknown>; issues: QueryIssue[]; aborted: boolean } {
  const values: Record<string, unknown> = {};
  const issues: QueryIssue[] = [];
  let aborted = false;
  for (const [name, field] of Object.entries(fields)) {
    const answer = field(body[name]);
    if (answer.value !== undefined) values[name] = answer.value;
    issues.push(...answer.messages.map((message) => ({ path: [name], message })));
    aborted ||= answer.messages.length > 0 && answer.aborts === true;
  }
  return { values, issues, aborted };
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
    issues.push({ path: [name], message: `Entrée invalide : tableau attendu, ${receivedType(value)} reçu` });
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
