import { describe, expect, it } from 'vitest';
import { oddValues } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { quoteRefreshPricesInput } from './library.js';
import { quoteRefreshPricesParser } from './quote-refresh-prices-input.js';

type Random = ReturnType<typeof seededRandom>;

const applies = [true, false, 'true', 1, 0];
const versions = [1, 2, 7, 0, -3, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, '3'];

const value = (random: Random, typical: readonly unknown[]) =>
  random.next() < 0.7 ? random.pick(typical) : random.pick(oddValues);

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ apply: true }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.7) body.apply = value(random, applies);
  if (random.next() < 0.6) body.version = value(random, versions);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the body of POST /api/quotes/{id}/refresh-prices, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (3,000 random bodies)', () => {
    const random = seededRandom(2724);
    const bodies = Array.from({ length: 3_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(
      quoteRefreshPricesParser,
      quoteRefreshPricesInput,
      bodies,
    );
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(2_700);
  });

  it('previews by default and refuses an apply that is not a boolean', () => {
    expect(quoteRefreshPricesParser.parse({})).toEqual({ apply: false });
    expect(quoteRefreshPricesParser.parse({ apply: true, version: 3, other: 1 })).toEqual({
      apply: true,
      version: 3,
    });
    expect(quoteRefreshPricesParser.safeParse({ apply: null, version: 0 }).error?.issues).toEqual([
      { path: ['apply'], message: 'apply : oui ou non' },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
  });
});
