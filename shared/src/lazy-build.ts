/**
 * The key of `lazy-zod.ts`'s stand-ins and {@link buildNow}, without zod: what `lib/http.ts`
 * imports so that a route whose inputs are parsed without zod (the list queries, `list.ts`) starts
 * without loading zod at all (issue 27, `bench:lambda`).
 */

/** How a stand-in's schema is built: once, on the first call of `real()`, which returns it. */
export interface LazyRecipe {
  real(): object;
}

/**
 * What a stand-in of `lazy-zod.ts` answers for this key: its recipe (any other object: `undefined`).
 * A key rather than a registry (a `WeakMap` of every stand-in): nothing to fill while the schema
 * modules load.
 */
export const lazyRecipe: unique symbol = Symbol('lazy-zod recipe');

/** The recipe of `value` when it is a stand-in of `lazy-zod.ts`. */
export function recipeOf(value: object): LazyRecipe | undefined {
  return (value as { [lazyRecipe]?: LazyRecipe })[lazyRecipe];
}

/**
 * `schema` built now with every schema it holds (its fields, options, inner schemas…): for what a
 * function parses on every request, so that the work is done while it starts. Returns the schema.
 * Anything else (a hand-written parser, `undefined`) is walked and left as it is.
 */
export function buildNow<T>(schema: T): T {
  const seen = new Set<object>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value !== 'object' || value === null || seen.has(value) || depth > 64) return;
    seen.add(value);
    const recipe = recipeOf(value);
    const target: object = recipe ? recipe.real() : value;
    if (recipe) seen.add(target);
    const definition = (target as { _zod?: { def?: unknown } })._zod?.def;
    if (definition !== undefined) {
      visit(definition, depth + 1);
      return;
    }
    for (const item of Object.values(target)) visit(item, depth + 1);
  };
  visit(schema, 0);
  return schema;
}
