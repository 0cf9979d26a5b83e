/**
 * Values a JSON body may carry where a field expects something else, for the tests comparing a hand
 * parser with its zod schema: blank, `null`, numbers, booleans, lists and objects, including those
 * zod's length checks still measure (a list, an object with a `length`).
 */
export const oddValues: readonly unknown[] = [
  undefined,
  null,
  '',
  '   ',
  '\t',
  0,
  -1,
  1.5,
  123456,
  Number.NaN,
  true,
  false,
  [],
  ['x'],
  ['marie@exemple.fr'],
  Array(3).fill('x'),
  Array(300).fill('x'),
  Array(2_001).fill('x'),
  {},
  { length: 300 },
  { length: 2 },
  { length: 'abc' },
  { length: null },
];

/** `count` times `unit`, e.g. a text right at a bound. */
export const repeated = (unit: string, count: number) => unit.repeat(count);

/** Instants (`instantField`) a body may carry: with `Z` or an offset, padded, a date alone, an impossible hour. */
export const instantSamples: readonly unknown[] = [
  '2026-11-22T14:30:00Z',
  ' 2026-11-22T14:30:00+02:00 ',
  '2026-11-22',
  '2026-11-22T25:00:00Z',
];

/**
 * Free-form `items (json)` lists (`jsonItemsField`): JSON objects, entries that are not objects, a
 * number JSON cannot write, too deep (17 levels), too large (17 kB), at and over 1,000 entries.
 */
export const jsonItemsSamples: readonly unknown[] = [
  [{ ref: 'A1', quantite: 2 }],
  [{}, { a: [1, 2, { b: null }] }],
  [{ a: 1 }, 'x', null, [1]],
  [{ a: Number.POSITIVE_INFINITY }],
  [JSON.parse(`${'{"a":'.repeat(17)}1${'}'.repeat(17)}`) as unknown],
  [{ big: repeated('x', 17_000) }],
  Array.from({ length: 1_000 }, () => ({})),
  Array.from({ length: 1_001 }, () => ({})),
];

/**
 * Amounts (`moneyField`) a body may carry: whole, decimal, beyond two decimals, negative, at and over
 * the limit, written the French way, padded, or not numbers at all.
 */
export const moneySamples: readonly unknown[] = [
  0,
  12,
  1234.5,
  0.1 + 0.2,
  -1,
  1e21,
  1e-7,
  9_999_999_999.99,
  10_000_000_000,
  '1 234,50',
  '1234.5',
  ' 42 ',
  '1.005',
  '1,500',
  '-0,01',
  '+3',
  '9 999 999 999,99',
  '10 000 000 000',
  '99999999999999999999',
  'abc',
  '1.2.3',
];
