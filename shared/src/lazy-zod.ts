/**
 * zod, with every schema built on first use (issue 27, `bench:lambda`): what the schema modules
 * import instead of `zod` (`import * as z from './lazy-zod.js'`), the same API and the same types.
 *
 * Why: building a zod schema costs CPU, and the schema modules build every schema they declare when
 * they are imported. A Lambda function imports the schema modules of all the records its data layer
 * touches (a list of clients imports the quote's, the company's, the price library's…), so it built
 * hundreds of schemas it never parses with, before its first request. Here a builder (`z.object`,
 * `z.string`…) returns a stand-in that records how to build the schema; chained builder methods
 * (`.max()`, `.optional()`, `.extend()`…) record too; the first other use (`parse`, `safeParse`,
 * `.shape`, zod reading it inside a parent schema…) builds the real schema, once, and every later
 * use goes to it. So a route builds the schemas it parses with (`lib/http.ts` builds its
 * declared body, query and parameter schemas when the function starts) and no other.
 *
 * What stays as zod's: messages (`zod-fr.ts` is imported here too), errors, types, `z.config`,
 * `instanceof` checks (zod's `Symbol.hasInstance` reads the schema's `_zod`, which builds it). A
 * stand-in is not the schema itself (`===`), so register schemas in a zod registry only once built.
 */
import * as zod from 'zod';
import { lazySchemaBuilders } from './lazy-build.js';
import './zod-fr.js';

export { buildNow } from './lazy-build.js';

export * from 'zod';

/** The methods of zod's schemas that return a new schema: on a stand-in they record, building nothing. */
const schemaBuilders = new Set([
  'and',
  'array',
  'base64',
  'base64url',
  'brand',
  'catch',
  'catchall',
  'check',
  'cidrv4',
  'cidrv6',
  'clone',
  'cuid',
  'cuid2',
  'date',
  'datetime',
  'default',
  'describe',
  'duration',
  'e164',
  'email',
  'emoji',
  'endsWith',
  'exactOptional',
  'exactPartial',
  'exclude',
  'extend',
  'extract',
  'finite',
  'gt',
  'gte',
  'guid',
  'includes',
  'int',
  'ipv4',
  'ipv6',
  'jwt',
  'keyof',
  'ksuid',
  'length',
  'loose',
  'lowercase',
  'lt',
  'lte',
  'max',
  'merge',
  'min',
  'multipleOf',
  'nanoid',
  'negative',
  'nonempty',
  'nonnegative',
  'nonoptional',
  'nonpositive',
  'normalize',
  'nullable',
  'nullish',
  'omit',
  'optional',
  'or',
  'overwrite',
  'partial',
  'passthrough',
  'pick',
  'pipe',
  'positive',
  'prefault',
  'readonly',
  'refine',
  'regex',
  'required',
  'rest',
  'safe',
  'safeExtend',
  'slugify',
  'startsWith',
  'step',
  'strict',
  'strip',
  'superRefine',
  'time',
  'toLowerCase',
  'toUpperCase',
  'transform',
  'trim',
  'ulid',
  'unwrap',
  'uppercase',
  'url',
  'uuid',
  'uuidv4',
  'uuidv6',
  'uuidv7',
  'with',
  'xid',
]);

/** Schemas built so far through this module (for the tests and `bench:lambda`'s checks). */
let builtCount = 0;
export function lazySchemasBuilt(): number {
  return builtCount;
}

type Build = () => object;

/**
 * A stand-in for the schema `build` returns, built on its first use other than a chained builder
 * method. Functions read from the built schema are bound to it (zod's methods read `this`).
 */
function lazySchema(build: Build): object {
  let built: object | undefined;
  const real = (): object => {
    if (built === undefined) {
      built = build();
      builtCount += 1;
    }
    return built;
  };
  const standIn: object = new Proxy(
    {},
    {
      get(_target, key) {
        if (built === undefined && typeof key === 'string' && schemaBuilders.has(key)) {
          return (...args: unknown[]) =>
            lazySchema(() => (Reflect.get(real(), key) as (...a: unknown[]) => object).apply(real(), args));
        }
        const target = real();
        const value: unknown = Reflect.get(target, key);
        return typeof value === 'function' && key !== 'constructor' ? value.bind(target) : value;
      },
      set: (_target, key, value) => Reflect.set(real(), key, value),
      has: (_target, key) => Reflect.has(real(), key),
      ownKeys: () => Reflect.ownKeys(real()),
      getOwnPropertyDescriptor(_target, key) {
        const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
        // A proxy may not report a property its (empty) target lacks as non-configurable.
        return descriptor && { ...descriptor, configurable: true };
      },
      defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
      deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
      getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    },
  );
  lazySchemaBuilders.set(standIn, real);
  return standIn;
}

/** A zod builder whose schemas are built on first use. */
function lazyBuilder<F extends (...args: never[]) => object>(builder: F): F {
  return ((...args: Parameters<F>) => lazySchema(() => builder(...args))) as unknown as F;
}

// The builders the schema modules call; the rest of zod is re-exported as it is (`export *`), so a
// builder missing here still works, built when called.
export const array = lazyBuilder(zod.array);
export const boolean = lazyBuilder(zod.boolean);
export const custom = lazyBuilder(zod.custom);
export const discriminatedUnion = lazyBuilder(zod.discriminatedUnion);
export const email = lazyBuilder(zod.email);
const enumBuilder = lazyBuilder(zod.enum);
export { enumBuilder as enum };
export const json = lazyBuilder(zod.json);
export const lazy = lazyBuilder(zod.lazy);
export const literal = lazyBuilder(zod.literal);
export const nullable = lazyBuilder(zod.nullable);
export const number = lazyBuilder(zod.number);
export const object = lazyBuilder(zod.object);
export const optional = lazyBuilder(zod.optional);
export const preprocess = lazyBuilder(zod.preprocess);
export const record = lazyBuilder(zod.record);
export const strictObject = lazyBuilder(zod.strictObject);
export const string = lazyBuilder(zod.string);
export const union = lazyBuilder(zod.union);
export const unknown = lazyBuilder(zod.unknown);
export const url = lazyBuilder(zod.url);
export const coerce: typeof zod.coerce = { ...zod.coerce, number: lazyBuilder(zod.coerce.number) };
