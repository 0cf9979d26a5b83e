/**
 * Query-string parsers written by hand, without zod (issue 27, `bench:lambda`): a list route parses
 * its `?limit=&cursor=&q=&sort=` with these, so that it starts without loading zod's code (~105 kB,
 * 30–70 ms of CPU at each cold start). They answer as a zod schema does for `createHandler`
 * (`safeParse`, issues with a path and a French message), with the messages the zod fields
 * (`fields.ts`, `zod-fr.ts`) gave: `list.test.ts` compares them with those fields on random queries.
 *
 * Only what a query string carries is parsed here: text fields, optional, blank read as absent.
 */
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

/** One field's parser: the value (never blank), to its output or its issues' messages. */
export interface FieldParser<T> {
  (value: unknown): { ok: true; value: T } | { ok: false; messages: readonly string[] };
  jsonSchema: QueryJsonSchema;
}

function fieldParser<T>(
  jsonSchema: QueryJsonSchema,
  parse: (value: unknown) => { ok: true; value: T } | { ok: false; messages: readonly string[] },
): FieldParser<T> {
  return Object.assign(parse, { jsonSchema });
}

type Output<Fields> = {
  [K in keyof Fields]?: Fields[K] extends FieldParser<infer T> ? T | undefined : never;
};

/** Blank for a query: missing, `null`, or text made only of spaces (`fields.ts` `isBlank`). */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** zod's French name of a value's type (`zod-fr.ts`), for "chaîne de caractères attendu, … reçu". */
function receivedType(value: unknown): string {
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

const notText = (value: unknown) =>
  ({
    ok: false,
    messages: [`Entrée invalide : chaîne de caractères attendu, ${receivedType(value)} reçu`],
  }) as const;

/**
 * An object of optional fields: each field blank (missing, `''`, spaces) reads as absent, any other
 * value must satisfy its parser; other parameters are dropped. Every field's issue is reported, in
 * the fields' order, as zod's `z.object` of `optionalField`s does.
 */
export function queryParser<Fields extends Record<string, FieldParser<unknown>>>(
  fields: Fields,
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
    for (const [name, parse] of Object.entries(fields)) {
      const value = (input as Record<string, unknown>)[name];
      // Blank: absent from the output, as zod leaves out a key whose value parsed to `undefined`.
      if (isBlank(value)) continue;
      const parsed = parse(value);
      if (parsed.ok) data[name] = parsed.value;
      else issues.push(...parsed.messages.map((message) => ({ path: [name], message })));
    }
    return issues.length > 0
      ? { success: false, error: { issues } }
      : { success: true, data: data as Output<Fields> };
  };
  return {
    safeParse,
    jsonSchema: {
      type: 'object',
      properties: Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.jsonSchema])),
    },
    parse(input) {
      const result = safeParse(input);
      if (result.success) return result.data;
      throw new Error(
        result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
      );
    },
  };
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
    return messages.length > 0 ? { ok: false, messages } : { ok: true, value: text };
  });
}
