import { seededRandom } from './seeded-random.js';

type Random = ReturnType<typeof seededRandom>;

/** A `safeParse` answer, from zod or from a hand parser (`query-parser.ts`). */
export interface ParseAnswer {
  success: boolean;
  data?: unknown;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] };
}

/** What a caller sees of an answer: the output, or each issue's path and message (tests comparing parsers). */
export const seenAnswer = (answer: ParseAnswer) =>
  answer.success
    ? { data: answer.data }
    : {
        issues: answer.error!.issues.map((issue) => ({
          path: issue.path.map(String),
          message: issue.message,
        })),
      };

/** Uuids and near-uuids a caller may send: valid, upper-case, nil, max, wrong version or variant, padded, bare. */
export const uuidSamples: readonly string[] = [
  '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  '7C9E6679-7425-40DE-944B-E07FC1F90AE7',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '7c9e6679-7425-90de-944b-e07fc1f90ae7',
  '7c9e6679-7425-40de-c44b-e07fc1f90ae7',
  ' 7c9e6679-7425-40de-944b-e07fc1f90ae7',
  '7c9e6679742540de944be07fc1f90ae7',
];

/**
 * A parser written by hand against the zod schema it replaces, on `inputs`: the first input whose
 * answers differ as a caller sees them (with both answers), and how many inputs the schema accepted.
 */
export function compareParsers(
  hand: { safeParse(input: unknown): ParseAnswer },
  reference: { safeParse(input: unknown): ParseAnswer },
  inputs: Iterable<unknown>,
): { accepted: number; difference?: { input: unknown; seen: unknown; expected: unknown } } {
  let accepted = 0;
  for (const input of inputs) {
    const [seen, expected] = [seenAnswer(hand.safeParse(input)), seenAnswer(reference.safeParse(input))];
    if (JSON.stringify(seen) !== JSON.stringify(expected)) {
      return { accepted, difference: { input: JSON.stringify(input), seen, expected } };
    }
    if ('data' in expected) accepted += 1;
  }
  return { accepted };
}

/**
 * `compareParsers` on a record's create and update bodies: `count` bodies each from
 * `randomBody(random, withVersion)` (the update's with its `version`), one seed each; the two
 * results, to assert no difference and how many the schemas accepted.
 */
export function compareCreateAndUpdate(
  pairs: {
    create: [
      hand: { safeParse(input: unknown): ParseAnswer },
      reference: { safeParse(input: unknown): ParseAnswer },
    ];
    update: [
      hand: { safeParse(input: unknown): ParseAnswer },
      reference: { safeParse(input: unknown): ParseAnswer },
    ];
  },
  randomBody: (random: Random, withVersion: boolean) => unknown,
  options: { seeds: [create: number, update: number]; count: number },
): ReturnType<typeof compareParsers>[] {
  return [
    { pair: pairs.create, withVersion: false, seed: options.seeds[0] },
    { pair: pairs.update, withVersion: true, seed: options.seeds[1] },
  ].map(({ pair: [hand, reference], withVersion, seed }) => {
    const random = seededRandom(seed);
    return compareParsers(
      hand,
      reference,
      Array.from({ length: options.count }, () => randomBody(random, withVersion)),
    );
  });
}
