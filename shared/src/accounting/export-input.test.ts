import { describe, expect, it } from 'vitest';
import { oddValues } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { exportInput } from './export.js';
import { exportParser } from './export-input.js';

type Random = ReturnType<typeof seededRandom>;

/** Days around the bounds: the same day, 24 months later (refused) and the day before, month ends, malformed. */
const days = [
  '2026-01-01',
  '2026-01-31',
  '2026-03-31',
  '2027-12-31',
  '2028-01-01',
  '2028-01-31',
  '2028-02-29',
  '2028-03-02',
  '2028-03-03',
  ' 2026-06-15 ',
  '2025-12-31',
  '2026-01-01T10:00:00.000Z',
  '2026-02-30',
  '31/01/2026',
  'demain',
];

const value = (random: Random) => (random.next() < 0.1 ? random.pick(oddValues) : random.pick(days));

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ from: '2026-01-01' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.from = value(random);
  if (random.next() < 0.95) body.to = value(random);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the body of POST /api/accounting/exports, parsed without zod', () => {
  it('answers as the zod schema: same output, issues and French messages (3,000 random bodies)', () => {
    const random = seededRandom(3101);
    const bodies = Array.from({ length: 3_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(exportParser, exportInput, bodies);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2_700);
  });

  it('reads the period and refuses one that ends first or lasts 24 months', () => {
    expect(exportParser.parse({ from: ' 2026-01-01 ', to: '2026-03-31T08:00:00Z' })).toEqual({
      from: '2026-01-01',
      to: '2026-03-31',
    });
    expect(exportParser.safeParse({ from: '2026-03-01', to: '2026-02-28' }).error?.issues).toEqual([
      { path: ['to'], message: 'La date de fin doit être postérieure ou égale à la date de début' },
    ]);
    expect(exportParser.safeParse({ from: '2026-01-01', to: '2028-01-01' }).error?.issues).toEqual([
      { path: ['to'], message: 'La période exportée dure au plus 24 mois' },
    ]);
    expect(exportParser.safeParse({ to: 'demain' }).error?.issues).toEqual([
      { path: ['from'], message: 'La date de début est requise' },
      { path: ['to'], message: expect.stringContaining('Date invalide') },
    ]);
  });
});
