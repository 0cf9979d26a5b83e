import { describe, expect, it } from 'vitest';
import * as z from '../lazy-zod.js';
import { updateVersionFields } from '../record.js';
import { oddValues } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { supplierQuoteSelectParser } from './supplier-quote-select-input.js';

type Random = ReturnType<typeof seededRandom>;

/** The schema the route used: `z.object(updateVersionFields)`. */
const supplierQuoteSelectInput = z.object(updateVersionFields);

const versions = [1, 2, 7, 0, -3, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, '3'];

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ version: 1 }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.7)
    body.version = random.next() < 0.7 ? random.pick(versions) : random.pick(oddValues);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the body of POST /api/supplier-quotes/{id}/select, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (2,000 random bodies)', () => {
    const random = seededRandom(2723);
    const bodies = Array.from({ length: 2_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(
      supplierQuoteSelectParser,
      supplierQuoteSelectInput,
      bodies,
    );
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(1_800);
  });

  it('keeps the version read and refuses one that is not a whole number from 1', () => {
    expect(supplierQuoteSelectParser.parse({ version: 4, other: 1 })).toEqual({ version: 4 });
    expect(supplierQuoteSelectParser.parse({})).toEqual({});
    expect(supplierQuoteSelectParser.safeParse({ version: 0 }).error?.issues).toEqual([
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
  });
});
