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
 * What a stand-in costs while the modules load is what a function pays for every schema it does not
 * use (issue 27, ninth pass): one recipe object and one proxy (one handler shared by all), and
 * `lazyFactory` makes a function that builds a schema from many builder calls (`fields.ts`'s
 * `moneyField`, `optionalField`…) record one stand-in per call; its builder calls run at once when
 * the schema is built.
 *
 * What stays as zod's: messages (`zod-fr.ts` is imported here too), errors, types, `z.config`,
 * `instanceof` checks (zod's `Symbol.hasInstance` reads the schema's `_zod`, which builds it). A
 * stand-in is not the schema itself (`===`), so register schemas in a zod registry only once built.
 */
import * as zod from 'zod';
import { lazyRecipe, recipeOf, type LazyRecipe } from './lazy-build.js';
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

/**
 * Recipes being built (nested: a chained call builds its source first). While one is, builders
 * and chained calls build at once: what a {@link lazyFactory} runs is needed now.
 */
let building = 0;

type Maker = (...args: never[]) => object;

/** Whether `value` is a stand-in. */
function isStandIn(value: unknown): boolean {
  return typeof value === 'object' && value !== null && recipeOf(value) !== undefined;
}

/**
 * A builder's argument with the stand-ins it holds as schemas (itself, an array's items: a union's
 * options; a plain object's values: an object's shape) replaced by their built schemas, built now;
 * else the argument itself. So a built schema holds real schemas, never a stand-in: zod finds its
 * children as they are (`z.toJSONSchema` looks each schema up by identity, and failed on a stand-in
 * holding an optional field or a pipe), and parsing reads them without the proxy.
 */
function builtArgument(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const recipe = recipeOf(value);
  if (recipe !== undefined) return recipe.real();
  if (Array.isArray(value)) return value.some(isStandIn) ? value.map(builtArgument) : value;
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const descriptors = Object.getOwnPropertyDescriptors(value);
  const keys = Reflect.ownKeys(descriptors) as (keyof typeof descriptors)[];
  if (!keys.some((key) => isStandIn(descriptors[key]?.value))) return value;
  // A getter (zod's recursive shapes) stays as it is.
  for (const key of keys) {
    const descriptor = descriptors[key];
    if (descriptor !== undefined && 'value' in descriptor) descriptor.value = builtArgument(descriptor.value);
  }
  return Object.defineProperties({}, descriptors);
}

function builtArguments(args: unknown[]): unknown[] {
  return args.some((arg) => typeof arg === 'object' && arg !== null) ? args.map(builtArgument) : args;
}

/**
 * How to build one schema: call a zod builder (or a {@link lazyFactory}'s function) with `args`, or
 * call the method `key` of another recipe's schema. It is also its stand-in's proxy target, with one
 * handler for every stand-in: no closure per schema declared, only this object and the proxy.
 */
class Recipe implements LazyRecipe {
  built: object | undefined = undefined;
  /** The functions read from the built schema, bound to it: `[read, bound]` per key. */
  bound: Map<PropertyKey, [unknown, unknown]> | undefined = undefined;

  constructor(
    readonly source: ((...args: unknown[]) => object) | Recipe,
    readonly key: string,
    readonly args: unknown[],
  ) {}

  real(): object {
    if (this.built !== undefined) return this.built;
    building += 1;
    let built: object;
    try {
      const source = this.source;
      const args = builtArguments(this.args);
      if (source instanceof Recipe) {
        const schema = source.real();
        built = (Reflect.get(schema, this.key) as (...args: unknown[]) => object).apply(schema, args);
      } else {
        built = source(...args);
      }
      // A factory may return a stand-in made before (a schema module's constant).
      built = recipeOf(built)?.real() ?? built;
    } finally {
      building -= 1;
    }
    this.built = built;
    builtCount += 1;
    return built;
  }
}

const standInHandler: ProxyHandler<Recipe> = {
  get(recipe, key) {
    if (key === lazyRecipe) return recipe;
    if (recipe.built === undefined && building === 0 && typeof key === 'string' && schemaBuilders.has(key)) {
      return (...args: unknown[]) => standIn(new Recipe(recipe, key, args));
    }
    const target = recipe.real();
    const value: unknown = Reflect.get(target, key);
    if (typeof value !== 'function' || key === 'constructor') return value;
    // zod's methods read `this`: bound to the built schema, once per function read.
    recipe.bound ??= new Map();
    const known = recipe.bound.get(key);
    if (known !== undefined && known[0] === value) return known[1];
    // A builder method of the built schema gets built schemas too (see `builtArgument`).
    const bound: unknown = schemaBuilders.has(key as string)
      ? (...args: unknown[]) => (value as (...args: unknown[]) => unknown).apply(target, builtArguments(args))
      : value.bind(target);
    recipe.bound.set(key, [value, bound]);
    return bound;
  },
  set: (recipe, key, value) => Reflect.set(recipe.real(), key, value),
  has: (recipe, key) => Reflect.has(recipe.real(), key),
  ownKeys: (recipe) => Reflect.ownKeys(recipe.real()),
  getOwnPropertyDescriptor(recipe, key) {
    const descriptor = Reflect.getOwnPropertyDescriptor(recipe.real(), key);
    // A proxy may not report a property its target lacks as non-configurable.
    return descriptor === undefined || descriptor.configurable === true
      ? descriptor
      : { ...descriptor, configurable: true };
  },
  defineProperty: (recipe, key, descriptor) => Reflect.defineProperty(recipe.real(), key, descriptor),
  deleteProperty: (recipe, key) => Reflect.deleteProperty(recipe.real(), key),
  getPrototypeOf: (recipe) => Reflect.getPrototypeOf(recipe.real()),
};

/**
 * A stand-in for the schema `recipe` builds, built on its first use other than a chained builder
 * method. Functions read from the built schema are bound to it (zod's methods read `this`).
 */
function standIn(recipe: Recipe): object {
  return new Proxy(recipe, standInHandler);
}

/**
 * `factory`, made lazy: a call returns a stand-in for the schema it returns, and `factory` runs
 * (with the same arguments) when that schema is first used; the zod builders and chained calls it
 * makes then build at once. For a function that builds a schema from several builder calls (the
 * fields of `fields.ts`): one stand-in per call instead of one per builder call.
 */
export function lazyFactory<F extends Maker>(factory: F): F {
  const make = factory as unknown as (...args: unknown[]) => object;
  return ((...args: unknown[]) =>
    building > 0 ? make(...builtArguments(args)) : standIn(new Recipe(make, '', args))) as unknown as F;
}

/** A zod builder whose schemas are built on first use. */
const lazyBuilder = lazyFactory;

// The builders the schema modules call; the rest of zod is re-exported as it is (`export *`), so a
// builder missing here still works, built when called.
export const array = /* @__PURE__ */ lazyBuilder(zod.array);
export const boolean = /* @__PURE__ */ lazyBuilder(zod.boolean);
export const custom = /* @__PURE__ */ lazyBuilder(zod.custom);
export const discriminatedUnion = /* @__PURE__ */ lazyBuilder(zod.discriminatedUnion);
export const email = /* @__PURE__ */ lazyBuilder(zod.email);
const enumBuilder = /* @__PURE__ */ lazyBuilder(zod.enum);
export { enumBuilder as enum };
export const json = /* @__PURE__ */ lazyBuilder(zod.json);
export const lazy = /* @__PURE__ */ lazyBuilder(zod.lazy);
export const literal = /* @__PURE__ */ lazyBuilder(zod.literal);
export const nullable = /* @__PURE__ */ lazyBuilder(zod.nullable);
export const number = /* @__PURE__ */ lazyBuilder(zod.number);
export const object = /* @__PURE__ */ lazyBuilder(zod.object);
export const optional = /* @__PURE__ */ lazyBuilder(zod.optional);
export const preprocess = /* @__PURE__ */ lazyBuilder(zod.preprocess);
export const record = /* @__PURE__ */ lazyBuilder(zod.record);
export const strictObject = /* @__PURE__ */ lazyBuilder(zod.strictObject);
export const string = /* @__PURE__ */ lazyBuilder(zod.string);
export const union = /* @__PURE__ */ lazyBuilder(zod.union);
export const unknown = /* @__PURE__ */ lazyBuilder(zod.unknown);
export const url = /* @__PURE__ */ lazyBuilder(zod.url);
/**
 * zod's `toJSONSchema`, given the schema a stand-in stands for: zod looks the schema it is given up
 * by identity (a stand-in of an optional or a pipe failed); the schemas inside it are built ones.
 */
export const toJSONSchema: typeof zod.toJSONSchema = ((schema: object, params?: object) =>
  zod.toJSONSchema(
    (recipeOf(schema)?.real() ?? schema) as zod.ZodType,
    params as zod.core.ToJSONSchemaParams,
  )) as typeof zod.toJSONSchema;

export const coerce: typeof zod.coerce = { ...zod.coerce, number: lazyBuilder(zod.coerce.number) };
