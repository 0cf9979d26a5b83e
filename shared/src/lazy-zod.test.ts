import { describe, expect, it, vi } from 'vitest';
import * as zod from 'zod';
import { recipeOf } from './lazy-build.js';
import * as z from './lazy-zod.js';

/** The messages of a refused value, or the parsed value. */
function outcome(schema: zod.ZodType, input: unknown): { value: unknown } | { messages: string[] } {
  const result = schema.safeParse(input);
  return result.success ? { value: result.data } : { messages: result.error.issues.map((i) => i.message) };
}

describe('lazy-zod: schemas built on first use', () => {
  it('builds nothing when the schema modules are imported, then what a parse uses', async () => {
    // The files of this project share one module graph (isolate: false), so another file may have
    // imported and used these schemas already: start from a fresh graph, counter included.
    vi.resetModules();
    const fresh = await import('./lazy-zod.js');
    const before = fresh.lazySchemasBuilt();
    const { quoteCreateInput } = await import('./entities/quote.js');
    await import('./entities/invoice.js');
    await import('./entities/company.js');
    await import('./entities/library.js');
    await import('./list.js');
    expect(fresh.lazySchemasBuilt()).toBe(before);

    expect(quoteCreateInput.safeParse({}).success).toBe(false);
    expect(fresh.lazySchemasBuilt()).toBeGreaterThan(before);
  });

  it('answers as zod does: same output, same French messages, same paths', () => {
    const shape = () => ({
      name: z.string().trim().min(1, 'Le nom est requis').max(5),
      count: z.number().int().optional(),
      kind: z.enum(['a', 'b'], { error: 'Le type doit être « a » ou « b »' }),
      tags: z.array(z.string()).max(2),
    });
    const lazy = z
      .object(shape())
      .refine((value) => value.name !== 'x', { message: 'Pas x', path: ['name'] });
    const eager = zod
      .object({
        name: zod.string().trim().min(1, 'Le nom est requis').max(5),
        count: zod.number().int().optional(),
        kind: zod.enum(['a', 'b'], { error: 'Le type doit être « a » ou « b »' }),
        tags: zod.array(zod.string()).max(2),
      })
      .refine((value) => value.name !== 'x', { message: 'Pas x', path: ['name'] });
    for (const input of [
      { name: ' ab ', kind: 'a', tags: [] },
      { name: '', count: 1.5, kind: 'c', tags: ['1', '2', '3'] },
      { name: 'abcdefg', kind: 'b', tags: [1] },
      { name: 'x', kind: 'a', tags: [] },
      null,
      'texte',
    ]) {
      expect(outcome(lazy, input)).toEqual(outcome(eager, input));
    }
    expect(outcome(lazy, { name: '', kind: 'c', tags: [] })).toEqual({
      messages: ['Le nom est requis', 'Le type doit être « a » ou « b »'],
    });
  });

  it('keeps a schema recorded until it is used, and builds it once', () => {
    const before = z.lazySchemasBuilt();
    const base = z.object({ a: z.string() });
    const extended = base.extend({ b: z.number() }).partial();
    expect(z.lazySchemasBuilt()).toBe(before);
    expect(extended.parse({ b: 2 })).toEqual({ b: 2 });
    const afterFirst = z.lazySchemasBuilt();
    expect(afterFirst).toBeGreaterThan(before);
    expect(extended.parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(z.lazySchemasBuilt()).toBe(afterFirst);
    expect(Object.keys(extended.shape)).toEqual(['a', 'b']);
  });

  it('is recognised as the zod schema it stands for', () => {
    const schema = z.object({ a: z.string() });
    expect(schema instanceof zod.ZodObject).toBe(true);
    expect(schema instanceof zod.ZodString).toBe(false);
    expect(zod.object({ inner: schema }).parse({ inner: { a: 'b' } })).toEqual({ inner: { a: 'b' } });
    expect(() => schema.parse({})).toThrow(zod.ZodError);
  });

  it('buildNow builds a schema and every schema inside it', () => {
    const inner = z.string().max(3);
    const schema = z.object({ list: z.array(z.object({ inner })), other: z.number().optional() });
    const before = z.lazySchemasBuilt();
    expect(z.buildNow(schema)).toBe(schema);
    const built = z.lazySchemasBuilt() - before;
    // The object, the array, the item object, `inner` (its string, then `.max(3)`), the number and
    // its optional wrapper: each builder call and each chained call is one stand-in.
    expect(built).toBe(7);
    schema.parse({ list: [{ inner: 'abc' }], other: 1 });
    expect(z.lazySchemasBuilt() - before).toBe(built);
  });

  it('lazyFactory runs a schema function on first use only, once, with its arguments', () => {
    const calls: number[] = [];
    const bounded = z.lazyFactory((max: number) => {
      calls.push(max);
      return z.string().trim().max(max, `Au plus ${max}`);
    });
    const before = z.lazySchemasBuilt();
    const field = bounded(3);
    const optional = field.optional();
    expect(calls).toEqual([]);
    expect(z.lazySchemasBuilt()).toBe(before);

    expect(outcome(optional, ' abcd ')).toEqual({ messages: ['Au plus 3'] });
    expect(outcome(optional, undefined)).toEqual({ value: undefined });
    expect(field.parse(' ab ')).toBe('ab');
    expect(calls).toEqual([3]);
    // The function's own builder calls build at once: one schema for the call, one for `.optional()`.
    expect(z.lazySchemasBuilt() - before).toBe(2);
    expect(field instanceof zod.ZodString).toBe(true);
  });

  it('lazyFactory answers as the function it wraps, inside other schemas too', () => {
    const made = z.string().min(2, 'Trop court');
    const reused = z.lazyFactory(() => made);
    const nested = z.lazyFactory((inner: zod.ZodType) => z.object({ inner: inner.optional() }));
    const lazy = nested(z.array(reused()).max(1, 'Une seule'));
    const eager = zod.object({
      inner: zod.array(zod.string().min(2, 'Trop court')).max(1, 'Une seule').optional(),
    });
    for (const input of [{}, { inner: ['ab'] }, { inner: ['a', 'bc'] }, { inner: 'x' }, null]) {
      expect(outcome(lazy, input)).toEqual(outcome(eager, input));
    }
    const before = z.lazySchemasBuilt();
    const again = nested(reused());
    expect(z.buildNow(again)).toBe(again);
    expect(z.lazySchemasBuilt()).toBeGreaterThan(before);
    expect(Object.keys((again as zod.ZodObject).shape)).toEqual(['inner']);
  });

  it('writes the JSON Schema zod writes, optional fields and pipes inside included', () => {
    const name = z.string().trim().min(1);
    const lazy = z.object({
      name,
      note: z.string().max(10).optional(),
      count: z.string().trim().pipe(z.string().regex(/^\d+$/)),
      lines: z.array(z.object({ label: name.nullable().optional() })).max(3),
      kind: z.union([z.literal('a'), z.number().optional()]),
    });
    const eagerName = zod.string().trim().min(1);
    const eager = zod.object({
      name: eagerName,
      note: zod.string().max(10).optional(),
      count: zod.string().trim().pipe(zod.string().regex(/^\d+$/)),
      lines: zod.array(zod.object({ label: eagerName.nullable().optional() })).max(3),
      kind: zod.union([zod.literal('a'), zod.number().optional()]),
    });
    for (const io of ['input', 'output'] as const) {
      expect(zod.toJSONSchema(lazy, { io })).toEqual(zod.toJSONSchema(eager, { io }));
    }
    const field = z.string().trim().pipe(z.string().min(1)).optional();
    const eagerField = zod.string().trim().pipe(zod.string().min(1)).optional();
    expect(z.toJSONSchema(field, { io: 'input' })).toEqual(zod.toJSONSchema(eagerField, { io: 'input' }));
    const extended = lazy.extend({ extra: name.optional() }).partial();
    expect(Object.keys(zod.toJSONSchema(extended, { io: 'input' }).properties ?? {})).toEqual([
      'name',
      'note',
      'count',
      'lines',
      'kind',
      'extra',
    ]);
  });

  it('builds a schema around built schemas, never around a stand-in', () => {
    const inner = z.string().optional();
    const made = z.lazyFactory((field: zod.ZodType) => z.object({ field, list: z.array(inner) }));
    const schema = z.object({ inner, made: made(inner) }).extend({ other: inner });
    const { shape } = schema;
    const madeShape = shape.made.shape;
    const held: object[] = [shape.inner, shape.other, madeShape.field, madeShape.list.element];
    for (const child of held) expect(recipeOf(child)).toBeUndefined();
    expect(held.every((child) => child === held[0])).toBe(true);
  });

  it('hands out the same bound method on every read', () => {
    const schema = z.object({ a: z.string() });
    const { parse } = schema;
    expect(schema.parse).toBe(parse);
    expect(parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(() => parse({})).toThrow(zod.ZodError);
  });
});
