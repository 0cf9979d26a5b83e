/**
 * The registry of `lazy-zod.ts`'s stand-ins and {@link buildNow}, without zod: what `lib/http.ts`
 * imports so that a route whose inputs are parsed without zod (the list queries, `list.ts`) starts
 * without loading zod at all (issue 27, `bench:lambda`).
 */

/** Each stand-in of `lazy-zod.ts` → the function that builds (once) and returns its real schema. */
export const lazySchemaBuilders = new WeakMap<object, () => object>();

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
    const real = lazySchemaBuilders.get(value);
    const target: object = real ? real() : value;
    if (real) seen.add(target);
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
