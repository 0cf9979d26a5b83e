import { describe, expect, expectTypeOf, it } from 'vitest';
import type * as z from '../lazy-zod.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { bankMatchInput } from './bank.js';
import { type BankMatchData, bankMatchParser } from './bank-match-input.js';

type Random = ReturnType<typeof seededRandom>;

/** A value a caller may send for any of the body's fields: blank, ids, kinds, amounts, other types. */
function randomValue(random: Random): unknown {
  switch (random.int(0, 7)) {
    case 0:
      return random.pick([undefined, null, '', ' ', '\t']);
    case 1:
      return random.pick([true, false, 'true', 1, 0]);
    case 2:
      return random.pick(['invoice', 'supplier_invoice', 'Invoice', ' invoice', 'credit_note', 'x']);
    case 3:
      return random.pick([...uuidSamples, 'abc']);
    case 4:
      return random.pick([
        '12,5',
        '1 234,50',
        '1234.5',
        '0',
        '-1',
        '-0',
        '1.234',
        '1.230',
        ',5',
        '+3',
        '1e2',
        '9999999999.99',
        '10000000000',
        'douze',
      ]);
    case 5:
      return random.pick([12.5, 0, -1, 0.001, 1e13, Number.NaN, Number.POSITIVE_INFINITY, 3]);
    case 6:
      return random.pick([[], ['invoice'], { a: 1 }, 'x'.repeat(300)]);
    default:
      return random.int(-5, 5);
  }
}

function randomBody(random: Random): unknown {
  if (random.next() < 0.03) return randomValue(random);
  const body: Record<string, unknown> = {};
  for (const key of ['ignore', 'kind', 'id', 'amount', 'other']) {
    // Mostly the fields of a match, sometimes `ignore`, now and then anything.
    const present = key === 'ignore' ? random.next() < 0.25 : random.next() < 0.85;
    if (!present) continue;
    if (key === 'kind' && random.next() < 0.6) body.kind = random.pick(['invoice', 'supplier_invoice']);
    else if (key === 'id' && random.next() < 0.6) body.id = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    else if (key === 'ignore' && random.next() < 0.5) body.ignore = true;
    else body[key] = randomValue(random);
  }
  return body;
}

describe('the body of POST /api/bank/lines/{id}/match, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (2,000 random bodies)', () => {
    const random = seededRandom(2708);
    const bodies = Array.from({ length: 2_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(bankMatchParser, bankMatchInput, bodies);
    expect(difference).toBeUndefined();
    // Both sides of the comparison were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(1_800);
  });

  it('reads a match as the service expects it, and says what is wrong', () => {
    expectTypeOf<z.output<typeof bankMatchInput>>().toEqualTypeOf<BankMatchData>();
    expect(
      bankMatchParser.parse({
        kind: 'invoice',
        id: '7C9E6679-7425-40DE-944B-E07FC1F90AE7',
        amount: '1 234,5',
      }),
    ).toEqual({ kind: 'invoice', id: '7c9e6679-7425-40de-944b-e07fc1f90ae7', amount: '1234.50' });
    expect(bankMatchParser.parse({ ignore: true, kind: 'x' })).toEqual({ ignore: true });
    expect(bankMatchParser.safeParse({ kind: 'supplier_invoice', id: ' ' }).error?.issues).toEqual([
      { path: ['id'], message: 'Le document à rapprocher est requis' },
    ]);
    expect(bankMatchParser.safeParse({ kind: 'invoice', id: 'abc' }).error?.issues).toEqual([
      { path: ['id'], message: 'Identifiant invalide' },
    ]);
    expect(bankMatchParser.safeParse({ kind: 'invoice', id: 'abc', amount: -1 }).error?.issues).toEqual([
      { path: [], message: 'Entrée invalide' },
    ]);
  });
});
