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
