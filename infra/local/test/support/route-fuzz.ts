/**
 * What the route-table fuzz (`route-fuzz.integ.test.ts`) builds its requests from and checks its
 * answers against: values made from a route's zod schemas (through their JSON Schema), the bodies
 * of every JSON type and shape, the contract's error body in French, and the writes a request made.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type * as z from 'zod';
import { toJSONSchema } from '@btp/shared/lazy-zod';
import type { QueryParser } from '@btp/shared/query-parser';
import type { RouteDefinition } from '@btp/shared/routes';
import type { seededRandom } from '@btp/shared/testing/seeded-random';
import { handlerSchemas } from '../../../../functions/src/lib/http.js';
import { functionsDir } from '../../src/local-stack.js';

export type Random = ReturnType<typeof seededRandom>;

/** A JSON Schema as zod writes it (draft 2020-12), the parts the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
}

/**
 * A zod schema's input as JSON Schema (`undefined` for no schema); an input parsed by hand
 * (`@btp/shared/query-parser`: the lists' queries, some bodies) gives its own. zod failing to write
 * one is an error, not a route fuzzed without its fields.
 */
export function jsonSchemaOf(schema: z.ZodType | QueryParser<unknown> | undefined): JsonSchema | undefined {
  if (!schema) return undefined;
  if ('jsonSchema' in schema) return schema.jsonSchema;
  return toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** What the fuzz makes a route's requests from: its body's and query's JSON Schemas. */
export interface RouteInputs {
  body?: JsonSchema;
  query?: JsonSchema;
  /** Whether the route reads a body (the gateway's `$default` answers any). */
  hasBody: boolean;
}

/** The inputs `route`'s handler declares to `createHandler`, as JSON Schemas. */
export async function routeInputs(route: RouteDefinition): Promise<RouteInputs> {
  if (route.path === '$default') return { hasBody: true };
  const module = (await import(
    pathToFileURL(join(functionsDir, 'handlers', `${route.handler}.ts`)).href
  )) as {
    handler: unknown;
  };
  const found = handlerSchemas(module.handler);
  return {
    body: jsonSchemaOf(found?.body),
    query: jsonSchemaOf(found?.query),
    hasBody: found?.body !== undefined,
  };
}

/** Which id a value that names a record gets: the caller's company's, another's, none's, or junk. */
export type IdVariant = 'own' | 'other' | 'unknown' | 'malformed';
export const idVariants: readonly IdVariant[] = ['own', 'other', 'unknown', 'malformed'];

/** Ids that are not ids: every one must be answered 4xx, as an unknown id or a validation error. */
export const malformedIds: readonly string[] = [
  'abc',
  '0',
  '-1',
  'null',
  'undefined',
  '{id}',
  "x' OR '1'='1",
  '../../etc/passwd',
  'COMPANY#autre',
  '%00',
  '\u0000',
  'é'.repeat(300),
  'x'.repeat(2_000),
  '0191f3a2-7c1e-7abc-8def-0123456789ab-extra',
  '00000000-0000-0000-0000-000000000000',
  '<script>alert(1)</script>',
];

/**
 * An id no record has, shaped as the product's (a UUIDv7), drawn from `random`: the same seed sends
 * the same ids.
 */
export function unknownId(random: Random): string {
  const hex = Array.from({ length: 32 }, () => random.int(0, 15).toString(16)).join('');
  const variant = ((random.int(0, 3) | 8) >>> 0).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-7${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}

/** A public link's token no quote has (32 bytes, base64url, as the product makes them), drawn from `random`. */
export function unknownToken(random: Random): string {
  return Buffer.from(Array.from({ length: 32 }, () => random.int(0, 255))).toString('base64url');
}

/** Gives ids for a field or path parameter: `name` is its name (`clientId`, `id`, `token`…). */
export type IdSource = (name: string, variant: IdVariant) => string;

function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

/** A value a caller could plausibly send for `schema` (often valid, sometimes not quite). */
export function plausibleValue(
  schema: JsonSchema | undefined,
  random: Random,
  ids: IdSource,
  variant: IdVariant,
  name = '',
  depth = 0,
): unknown {
  if (/Id$|^id$/.test(name) || schema?.format === 'uuid') return ids(name, variant);
  if (!schema || depth > 6) return random.pick(['Texte', 12, true]);
  if (schema.enum?.length) return random.pick(schema.enum);
  if (schema.const !== undefined) return schema.const;
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return plausibleValue(random.pick(options), random, ids, variant, name, depth + 1);
  if (schema.allOf?.length) return plausibleValue(schema.allOf[0], random, ids, variant, name, depth + 1);
  const types = typesOf(schema).filter((type) => type !== 'null');
  const type = types.length ? random.pick(types) : schema.properties ? 'object' : undefined;
  switch (type) {
    case 'string': {
      if (schema.format === 'date-time') {
        return new Date(
          Date.UTC(2026, random.int(0, 11), random.int(1, 28), random.int(0, 23)),
        ).toISOString();
      }
      if (schema.format === 'email' || /email/i.test(name)) return `fuzz${random.int(0, 999)}@exemple.fr`;
      if (schema.format === 'date' || /Date$|At$|Until$/.test(name)) {
        return `2026-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`;
      }
      if (/amount|price|rate|percent|capital|cost/i.test(name))
        return `${random.int(0, 9_999)}.${random.int(10, 99)}`;
      const length = Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 40, random.int(1, 40)));
      return 'Fuzz éèà ç'.repeat(Math.ceil(length / 10)).slice(0, length) || 'x';
    }
    case 'number':
    case 'integer': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? Math.max(min, 1_000);
      const value = min + random.next() * (max - min);
      return type === 'integer' ? Math.round(value) : Math.round(value * 100) / 100;
    }
    case 'boolean':
      return random.next() < 0.5;
    case 'array': {
      const count = Math.min(schema.maxItems ?? 3, random.int(0, 3));
      return Array.from({ length: count }, () =>
        plausibleValue(schema.items, random, ids, variant, singular(name), depth + 1),
      );
    }
    case 'object': {
      const required = new Set(schema.required ?? []);
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random.next() < 0.6) {
          result[key] = plausibleValue(property, random, ids, variant, key, depth + 1);
        }
      }
      return result;
    }
    default:
      return random.pick(['Texte', 1, true, null]);
  }
}

function singular(name: string): string {
  return name.replace(/s$/, '');
}

/** A value of another JSON type than `schema` wants (or out of its enumeration). */
export function wrongValue(schema: JsonSchema | undefined, random: Random): unknown {
  const types = schema ? typesOf(schema) : [];
  const candidates: unknown[] = [
    null,
    true,
    0,
    -1,
    1.5e308,
    'texte',
    '',
    ' ',
    'x'.repeat(10_001),
    [],
    [1, 'a', null],
    {},
    { a: { b: { c: [] } } },
  ];
  if (schema?.enum?.length) candidates.push('valeur-inconnue', schema.enum.join(','));
  const wrong = candidates.filter((value) => {
    const type = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    return !types.includes(type === 'number' && Number.isInteger(value) ? 'integer' : type) || schema?.enum;
  });
  return random.pick(wrong.length ? wrong : candidates);
}

/** `{"a":{"a":…{}}}`, `depth` objects deep, or as many arrays. */
export function nested(depth: number, arrays = false): unknown {
  let value: unknown = arrays ? [] : {};
  for (let index = 0; index < depth; index += 1) value = arrays ? [value] : { a: value };
  return value;
}

/**
 * The bodies a route that takes one is sent: every JSON type but the object (`jsonTypeKinds`) each
 * round, then the object's shapes (`shapeKinds`), five a round in turn (all of them in two rounds).
 */
export const jsonTypeKinds = ['null', 'array', 'scalar'] as const;
export const shapeKinds = [
  'deep',
  'long-strings',
  'empty-object',
  'wrong-types',
  'one-wrong-field',
  'plausible',
  'junk-keys',
  'malformed-json',
  'not-utf8',
] as const;
export const bodyKinds = [...jsonTypeKinds, ...shapeKinds] as const;
export type BodyKind = (typeof bodyKinds)[number];

/** A body of `kind` for a route whose body schema (as JSON Schema) is `schema`, as bytes to send. */
export function bodyOf(
  kind: BodyKind,
  schema: JsonSchema | undefined,
  random: Random,
  ids: IdSource,
  variant: IdVariant,
): Buffer {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
  const properties = Object.entries(schema?.properties ?? {});
  switch (kind) {
    case 'null':
      return Buffer.from('null');
    case 'array':
      return json(random.pick([[], [{}], [plausibleValue(schema, random, ids, variant)], [null, 1, 'a']]));
    case 'scalar':
      // A string, a number or a boolean.
      return Buffer.from(
        random.pick([
          '"texte"',
          '""',
          JSON.stringify('{"name":"x"}'),
          JSON.stringify('é'.repeat(3_000)),
          '42',
          '-0',
          '1e400',
          '-9007199254740993',
          'true',
          'false',
        ]),
        'utf8',
      );
    case 'deep':
      return json(random.pick([nested(33), nested(40, true), nested(3_000), { items: [nested(200, true)] }]));
    case 'long-strings': {
      // Every field just over a text limit (2,000 or 10,000 characters), or one field over the
      // body's 256 KB; always far below API Gateway's own 10 MB, whose refusal is not the API's.
      const keys = properties.length ? properties.map(([key]) => key) : ['name', 'title'];
      if (random.next() < 0.3) return json({ [random.pick(keys)]: 'é'.repeat(150_000) });
      const filler = 'é'.repeat(random.pick([2_001, 10_001]));
      return json(Object.fromEntries(keys.map((key) => [key, filler])));
    }
    case 'empty-object':
      return Buffer.from('{}');
    case 'wrong-types':
      return json(
        Object.fromEntries(properties.map(([key, property]) => [key, wrongValue(property, random)])),
      );
    case 'one-wrong-field': {
      const value = plausibleValue(schema, random, ids, variant);
      if (properties.length === 0 || !isObject(value)) return json(value);
      const [key, property] = random.pick(properties);
      return json({ ...value, [key]: wrongValue(property, random) });
    }
    case 'plausible':
      return json(plausibleValue(schema, random, ids, variant));
    case 'junk-keys': {
      const value = plausibleValue(schema, random, ids, variant);
      return Buffer.from(
        JSON.stringify({ ...(isObject(value) ? value : {}), companyId: ids('companyId', 'other') }).replace(
          /^\{/,
          '{"__proto__":{"role":"super_admin","isAdmin":true},"constructor":{"prototype":{"x":1}},"id":"x","version":-1,',
        ),
        'utf8',
      );
    }
    case 'malformed-json':
      return Buffer.from(
        random.pick([
          '{',
          '{"a":',
          "{'a':1}",
          'NaN',
          '\uFEFF{}',
          '{"a":1}{"b":2}',
          '[1,]',
          'nul',
          '{"a":"\\x"}',
        ]),
        'utf8',
      );
    case 'not-utf8':
      return Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xc3, 0x28, 0xff, 0xfe, 0x80]),
        Buffer.from('"}'),
      ]);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Content types a body may come with besides `application/json`; each must be refused (415) or ignored. */
export const wrongContentTypes: readonly (string | undefined)[] = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/xml',
  'application/octet-stream',
  'application/json; charset=iso-8859-1',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/json, text/plain',
];

/**
 * Query strings for a route whose query schema (as JSON Schema) is `schema`; under 8 KB, as API
 * Gateway's own limit on a request line (its refusal is not the API's).
 */
export function queryOf(
  schema: JsonSchema | undefined,
  random: Random,
  ids: IdSource,
  variant: IdVariant,
): string {
  const params = new URLSearchParams();
  const known = Object.entries(schema?.properties ?? {});
  switch (random.int(0, 4)) {
    case 0:
      break;
    case 1:
      for (const [key, property] of known) params.append(key, String(wrongValue(property, random)));
      break;
    case 2: {
      const value = plausibleValue(schema, random, ids, variant);
      for (const [key, item] of Object.entries(isObject(value) ? value : {}))
        params.append(key, String(item));
      break;
    }
    case 3:
      for (const [key] of known)
        params.append(key, random.pick(['-1', '0', '1e9', 'abc', '', '%', 'é'.repeat(5_000)]));
      break;
    default:
      params.append('limit', '5');
      params.append('limit', 'abc');
      params.append('cursor', random.pick(['!!!', 'eyJwayI6IkNPTVBBTlkjeCJ9', 'x'.repeat(2_100)]));
      params.append('q', 'é'.repeat(random.int(1, 600)));
      params.append('inconnu', '1');
  }
  let text = params.toString();
  while (text.length > 6_000) text = text.slice(0, Math.max(0, text.lastIndexOf('&')));
  return text ? `?${text}` : '';
}

const frenchWords =
  /(?:^|[^\p{L}])(le|la|les|l'|un|une|des|du|de|d'|est|sont|et|ou|pas|ne|n'|au|aux|à|en|pour|par|sur|avec|ce|cet|cette|ces|votre|vos|vous|doit|être|requis|requise|invalide|introuvable|trop|plus|aucun|aucune|accès|réservée?|données|fichier|entreprise|montant|nom|date|attendu|attendue|reçu|objet|valeur|entrée|identifiant|nombre|texte|liste|lien|champ)(?=$|[^\p{L}])/iu;
const englishWords =
  /(?:^|[^\p{L}])(the|is|are|not|invalid|expected|received|must|required|error|unexpected|input|undefined|cannot|failed|forbidden|unauthorized|found|internal|exception)(?=$|[^\p{L}])/iu;

/** Whether a message reads as French for a person, not as an English or technical one. */
export function looksFrench(message: unknown): boolean {
  return (
    typeof message === 'string' &&
    message.trim().length > 0 &&
    frenchWords.test(message) &&
    !englishWords.test(message) &&
    !/Exception|at .*\.(ts|js):\d|dynamo|btp-[0-9a-f]{8}|\bTable\b|\bsk\b|\bpk\b/i.test(message)
  );
}

/**
 * What is wrong with an error answer, against the contract: `{error, message, details?}` (a string
 * code, a French message, details `[{path, message}]` in French), nothing else. Empty when right.
 */
export function contractErrorProblems(body: unknown): string[] {
  if (!isObject(body)) return [`corps d'erreur qui n'est pas un objet JSON : ${preview(body)}`];
  const problems: string[] = [];
  const extra = Object.keys(body).filter((key) => !['error', 'message', 'details'].includes(key));
  if (extra.length) problems.push(`champs en trop : ${extra.join(', ')}`);
  if (typeof body.error !== 'string' || body.error === '') problems.push('error manquant');
  if (!looksFrench(body.message)) problems.push(`message pas en français : ${preview(body.message)}`);
  if (body.details !== undefined) {
    if (!Array.isArray(body.details)) problems.push('details pas une liste');
    else {
      for (const detail of body.details as unknown[]) {
        if (!isObject(detail) || typeof detail.path !== 'string' || !looksFrench(detail.message)) {
          problems.push(`détail pas conforme ou pas en français : ${preview(detail)}`);
        }
      }
    }
  }
  return problems;
}

export function preview(value: unknown, max = 300): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined
    ? String(value)
    : text.length > max
      ? `${text.slice(0, max)}… (${text.length})`
      : text;
}

/**
 * Keys a refused request may still write: its sign-in failure count, a public route's rate-limit
 * counter, the last use of the caller's session (the authorizer moves it forward on every request).
 */
const scratchPartitions = /^(LOGINFAIL#|RATE#|SESSION#)/;

interface KeyedItem {
  Key?: Record<string, unknown>;
  Item?: Record<string, unknown>;
}

function keysOfWrite(command: { constructor: { name: string }; input: Record<string, unknown> }): string[] {
  const input = command.input;
  const keyOf = (item: KeyedItem | undefined) => {
    const key = item?.Key ?? item?.Item;
    return key ? `${String(key.pk)} / ${String(key.sk)}` : '?';
  };
  switch (command.constructor.name) {
    case 'PutCommand':
    case 'UpdateCommand':
    case 'DeleteCommand':
      return [keyOf(input as KeyedItem)];
    case 'TransactWriteCommand':
      return ((input.TransactItems ?? []) as Record<string, KeyedItem>[]).flatMap((item) =>
        Object.entries(item)
          .filter(([operation]) => operation !== 'ConditionCheck')
          .map(([, write]) => keyOf(write)),
      );
    case 'BatchWriteCommand':
      return Object.values((input.RequestItems ?? {}) as Record<string, Record<string, KeyedItem>[]>)
        .flat()
        .map((request) => keyOf(request.PutRequest ?? request.DeleteRequest));
    default:
      return [];
  }
}

/**
 * Counts the table writes of the functions running in this process (the local stack's handlers
 * share the test's modules): every write that succeeded, but for {@link scratchPartitions}. A
 * change counter: the caller takes what was written since the previous call.
 */
export function watchWrites(client: DynamoDBDocumentClient): { take(): string[]; stop(): void } {
  let written: string[] = [];
  const original = client.send.bind(client) as (command: unknown, ...rest: unknown[]) => Promise<unknown>;
  const send = async (command: unknown, ...rest: unknown[]) => {
    const result = await original(command, ...rest);
    const keys = keysOfWrite(command as Parameters<typeof keysOfWrite>[0]).filter(
      (key) => !scratchPartitions.test(key),
    );
    written.push(...keys);
    return result;
  };
  (client as unknown as { send: typeof send }).send = send;
  return {
    take() {
      const taken = written;
      written = [];
      return taken;
    },
    stop() {
      (client as unknown as { send: typeof original }).send = original;
    },
  };
}
