/**
 * Query-string parsers written by hand, without zod (issue 27, `bench:lambda`): a list route parses
 * its `?limit=&cursor=&q=&sort=` with these, so that it starts without loading zod's code (~105 kB,
 * 30–70 ms of CPU at each cold start). They answer as a zod schema does for `createHandler`
 * (`safeParse`, issues with a path and a French message), with the messages the zod fields
 * (`fields.ts`, `zod-fr.ts`) gave: `list.test.ts` compares them with those fields on random queries.
 *
 * Only what a query string carries is parsed here: text fields, optional, blank read as absent.
 */
import { calendarDateOf, DATE_MESSAGE } from './calendar-date.js';
import { tryParseDecimal } from './money.js';

/** A problem of one field, as zod reports it: `path` names the field. */
export interface QueryIssue {
  path: string[];
  message: string;
}

export type QueryParseResult<T> =
  | { success: true; data: T; error?: undefined }
  | { success: false; data?: undefined; error: { issues: QueryIssue[] } };

/** The input a parser takes, as JSON Schema (what zod's `toJSONSchema` writes), for the route fuzz. */
export interface QueryJsonSchema {
  type: string | string[];
  properties?: Record<string, QueryJsonSchema>;
  items?: QueryJsonSchema;
  maxItems?: number;
  required?: string[];
  anyOf?: QueryJsonSchema[];
  enum?: string[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** What `createHandler` validates with: zod's `safeParse` shape, for a query parsed by hand. */
export interface QueryParser<T> {
  safeParse(input: unknown): QueryParseResult<T>;
  /** The parsed query, or throws an `Error` listing the issues (tests, scripts). */
  parse(input: unknown): T;
  /** Its input, for the route-table fuzz (infra/local/test/route-fuzz.integ.test.ts). */
  jsonSchema: QueryJsonSchema;
}

/**
 * One field's answer: its output, or its issues' messages. `continues`: zod would still run the
 * object's refinement after these issues (a text too long, a malformed uuid); not after a value of
 * the wrong type or one refused by a transform.
 */
export type FieldResult<T> = { ok: true; value: T } | FieldRefused;

/** A refused field: its messages, and whether the object's refinement still runs. */
interface FieldRefused {
  ok: false;
  messages: readonly string[];
  continues?: boolean;
}

/**
 * One field's parser: the value (never blank, unless `blankParsed`), to its output or its issues'
 * messages.
 */
export interface FieldParser<T> {
  (value: unknown): FieldResult<T>;
  jsonSchema: QueryJsonSchema;
  /** Given blank values too (missing, `null`, spaces), as a zod field that is not `optionalField`. */
  blankParsed?: boolean;
}

/** A field parser from its JSON Schema and its rule. */
export function fieldParser<T>(
  jsonSchema: QueryJsonSchema,
  parse: (value: unknown) => FieldResult<T>,
): FieldParser<T> {
  return Object.assign(parse, { jsonSchema });
}

type Parsed<F> = F extends FieldParser<infer T> ? T : never;
/** The parsed query: a field parsed even when blank (`blankParsed`, a default) is always there. */
type Output<Fields> = {
  [K in keyof Fields as Fields[K] extends { blankParsed: true } ? K : never]: Parsed<Fields[K]>;
} & {
  [K in keyof Fields as Fields[K] extends { blankParsed: true } ? never : K]?: Parsed<Fields[K]> | undefined;
};

/** Blank for a query: missing, `null`, or text made only of spaces (`fields.ts` `isBlank`). */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** zod's French name of a value's type (`zod-fr.ts`), for "chaîne de caractères attendu, … reçu". */
export function receivedType(value: unknown): string {
  if (Array.isArray(value)) return 'tableau';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : 'nombre';
  const names: Record<string, string> = {
    string: 'chaîne de caractères',
    boolean: 'booléen',
    bigint: 'grand entier',
    symbol: 'symbole',
    undefined: 'indéfini',
    function: 'fonction',
    object: 'objet',
  };
  return names[typeof value] ?? typeof value;
}

/** zod's answer to a value that is not text where text is expected. */
export const notText = (value: unknown) =>
  ({
    ok: false,
    messages: [`Entrée invalide : chaîne de caractères attendu, ${receivedType(value)} reçu`],
  }) as const;

/**
 * zod's messages for `z.string().min(min).max(max)` (`zod-fr.ts`): not text; too short or too long,
 * counted in code points as zod counts (an emoji is one). zod still measures a list it refused as
 * text, hence its size's message after the type's. None when the value passes.
 */
export function boundedStringMessages(value: unknown, min: number, max: number): string[] {
  if (typeof value === 'string') {
    const length = [...value].length;
    if (length < min) return [`Trop petit : chaîne de caractères doit avoir >=${min} caractères`];
    if (length > max) return [`Trop grand : chaîne de caractères doit avoir <=${max} caractères`];
    return [];
  }
  const messages: string[] = [...notText(value).messages];
  if (Array.isArray(value) && value.length < min)
    messages.push(`Trop petit : tableau doit avoir >=${min} éléments`);
  if (Array.isArray(value) && value.length > max)
    messages.push(`Trop grand : tableau doit avoir <=${max} éléments`);
  return messages;
}

/** A whole number grouped by thousands for a French reader: 2000 → "2 000" (plain spaces, as typed). */
export function frenchInteger(value: number): string {
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/**
 * zod's messages for `requiredText(message, max)` (`fields.ts`): `message` when missing, `null` or
 * blank once trimmed; zod's type message for another type (and, as `boundedStringMessages`, a list's
 * size measured after it); too long (in code points, trimmed). None when the value passes.
 */
export function requiredTextMessages(value: unknown, message: string, max: number): string[] {
  const tooLong = `Le texte doit contenir au plus ${frenchInteger(max)} caractères`;
  if (typeof value !== 'string') {
    if (isBlank(value)) return [message];
    const messages: string[] = [...notText(value).messages];
    if (Array.isArray(value) && value.length < 1) messages.push(message);
    if (Array.isArray(value) && value.length > max) messages.push(tooLong);
    return messages;
  }
  const length = [...value.trim()].length;
  if (length < 1) return [message];
  if (length > max) return [tooLong];
  return [];
}

/**
 * An object of optional fields: each field blank (missing, `''`, spaces) reads as absent, any other
 * value must satisfy its parser; other parameters are dropped. Every field's issue is reported, in
 * the fields' order, as zod's `z.object` of `optionalField`s does. `refine` checks the fields
 * together (zod's `superRefine` on the object): it runs when every field parsed, or when each issue
 * lets zod go on (`continues`), and its issue comes after the fields'.
 */
export function queryParser<Fields extends Record<string, FieldParser<unknown>>>(
  fields: Fields,
  refine?: (data: Output<Fields>) => QueryIssue | undefined,
): QueryParser<Output<Fields>> {
  const safeParse = (input: unknown): QueryParseResult<Output<Fields>> => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      return {
        success: false,
        error: {
          issues: [{ path: [], message: `Entrée invalide : objet attendu, ${receivedType(input)} reçu` }],
        },
      };
    }
    const data: Record<string, unknown> = {};
    const issues: QueryIssue[] = [];
    let aborted = false;
    for (const [name, parse] of Object.entries(fields)) {
      const value = (input as Record<string, unknown>)[name];
      // Blank: absent from the output, as zod leaves out a key whose value parsed to `undefined`.
      if (isBlank(value) && parse.blankParsed !== true) continue;
      const parsed = parse(value);
      if (parsed.ok) {
        if (parsed.value !== undefined) data[name] = parsed.value;
      } else {
        issues.push(...parsed.messages.map((message) => ({ path: [name], message })));
        aborted ||= parsed.continues !== true;
      }
    }
    const refused = refine && !aborted ? refine(data as Output<Fields>) : undefined;
    if (refused) issues.push(refused);
    return issues.length > 0
      ? { success: false, error: { issues } }
      : { success: true, data: data as Output<Fields> };
  };
  return handParser(safeParse, {
    type: 'object',
    properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.jsonSchema])),
  });
}

/**
 * A parser written by hand from its `safeParse` and its input's JSON Schema (a query, a path, a
 * body): `parse` answers the output or throws an `Error` listing the issues.
 */
export function handParser<T>(
  safeParse: (input: unknown) => QueryParseResult<T>,
  jsonSchema: QueryJsonSchema,
): QueryParser<T> {
  return {
    safeParse,
    jsonSchema,
    parse(input) {
      const result = safeParse(input);
      if (result.success) return result.data;
      throw new Error(
        result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      );
    },
  };
}

/**
 * A JSON body read as `z.object({...})` reads it: anything but an object is refused with zod's
 * message at its root; else `read` answers the fields' issues (in the schema's order) and, when there
 * are none, the output (`data`, called then only).
 */
export function objectBodyParser<T>(
  read: (body: Record<string, unknown>) => { issues: QueryIssue[]; data: () => T },
  jsonSchema: QueryJsonSchema,
): QueryParser<T> {
  return handParser((input) => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) {
      const message = `Entrée invalide : objet attendu, ${receivedType(input)} reçu`;
      return { success: false, error: { issues: [{ path: [], message }] } };
    }
    const { issues, data } = read(input as Record<string, unknown>);
    return issues.length > 0 ? { success: false, error: { issues } } : { success: true, data: data() };
  }, jsonSchema);
}

/** A whole number from `min` to `max`, as text or a number (`fields.ts` `integerField`). */
export function integerParser(options: { min: number; max: number; message: string }): FieldParser<number> {
  return fieldParser({ type: ['string', 'number'], minimum: options.min, maximum: options.max }, (value) => {
    const refused = { ok: false, messages: [options.message] } as const;
    if (typeof value !== 'string' && typeof value !== 'number') return refused;
    const parsed = tryParseDecimal(value, 0);
    if (!parsed.ok || parsed.units < options.min || parsed.units > options.max) return refused;
    return { ok: true, value: parsed.units };
  });
}

/**
 * Text of at most `max` characters (`z.string().max(max, message)`), trimmed first with `trim`, and
 * satisfying `check` (a refinement with the same message) when given. zod runs every check, so a
 * text both too long and refused is reported twice, as zod does.
 */
export function textParser(options: {
  max: number;
  message: string;
  trim?: boolean;
  check?: (text: string) => boolean;
}): FieldParser<string> {
  return fieldParser({ type: 'string', maxLength: options.max }, (value) => {
    if (typeof value !== 'string') return notText(value);
    const text = options.trim === true ? value.trim() : value;
    const messages: string[] = [];
    if (text.length > options.max) messages.push(options.message);
    if (options.check && !options.check(text)) messages.push(options.message);
    return messages.length > 0 ? { ok: false, messages, continues: true } : { ok: true, value: text };
  });
}

/**
 * A whole number from `min` to `max` read as zod's `z.coerce.number().int().min().max()` reads it:
 * `Number(value)` (so " 42 ", "1e2", `true`), then one message for anything refused.
 */
export function coercedIntegerParser(options: {
  min: number;
  max: number;
  message: string;
}): FieldParser<number> {
  return fieldParser({ type: ['string', 'number'], minimum: options.min, maximum: options.max }, (value) => {
    const number = Number(value);
    if (!Number.isInteger(number) || number < options.min || number > options.max) {
      return { ok: false, messages: [options.message] };
    }
    return { ok: true, value: number };
  });
}

/** One of `values`, exactly (`z.enum(values, { error: message })`). */
export function enumParser<const T extends readonly string[]>(
  values: T,
  message: string,
): FieldParser<T[number]> {
  return fieldParser({ type: 'string' }, (value) =>
    typeof value === 'string' && values.includes(value)
      ? { ok: true, value: value as T[number] }
      : { ok: false, messages: [message] },
  );
}

/** zod's uuid (`z.uuid()`): RFC 9562 versions 1–8, the nil and the max uuid. */
export const UUID =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

/**
 * An optional link to another record (`fields.ts` `optionalIdField`): a uuid, lower-cased, or
 * absent when `'none'` (the forms' "no project" choice).
 */
export function optionalIdParser(): FieldParser<string | undefined> {
  return fieldParser({ type: 'string' }, (value) => {
    if (value === 'none') return { ok: true, value: undefined };
    if (typeof value !== 'string') return { ok: false, messages: ['Identifiant invalide'] };
    if (!UUID.test(value)) return { ok: false, messages: ['Identifiant invalide'], continues: true };
    return { ok: true, value: value.toLowerCase() };
  });
}

/** A calendar date, trimmed, output "2026-11-22" (`fields.ts` `dateField`). */
export function dateParser(): FieldParser<string> {
  return fieldParser({ type: 'string' }, (value) => {
    const date = typeof value === 'string' ? calendarDateOf(value.trim()) : undefined;
    return date === undefined ? { ok: false, messages: [DATE_MESSAGE] } : { ok: true, value: date };
  });
}

/**
 * One of `values`, `fallback` when missing (`z.enum(values, { error: message }).default(fallback)`):
 * `null` and blank text are refused, as zod refuses them.
 */
export function defaultedEnumParser<const T extends readonly string[]>(
  values: T,
  fallback: T[number],
  message: string,
): FieldParser<T[number]> & { blankParsed: true } {
  const parse = enumParser(values, message);
  return Object.assign(
    fieldParser<T[number]>(parse.jsonSchema, (value) =>
      value === undefined ? { ok: true, value: fallback } : parse(value),
    ),
    { blankParsed: true as const },
  );
}
