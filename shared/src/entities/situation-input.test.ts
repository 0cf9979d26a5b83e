import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { situationInput } from './invoice.js';
import { situationParser } from './situation-input.js';

type Random = ReturnType<typeof seededRandom>;

const percents = [0, 30, 42.5, 100, '12,5', ' 50 ', '33.333', -1, 100.01, 1000, 1000.01, '1e3', 'moitié', ''];

const value = (random: Random, typical: readonly unknown[], odds = 0.2) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomLine(random: Random): unknown {
  if (random.next() < 0.05) return random.pick(oddValues);
  const line: Record<string, unknown> = {};
  if (random.next() < 0.95) line.itemId = value(random, uuidSamples, 0.1);
  if (random.next() < 0.95) line.cumulativePercent = value(random, percents, 0.1);
  if (random.next() < 0.1) line.other = 'x';
  return line;
}

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ cumulativePercent: 1 }]]);
  const body: Record<string, unknown> = {};
  const lines = random.next();
  if (lines < 0.4) body.lines = Array.from({ length: random.int(0, 3) }, () => randomLine(random));
  else if (lines < 0.45)
    body.lines = Array.from({ length: 1_001 }, () => ({ itemId: uuidSamples[0], cumulativePercent: 1 }));
  else if (lines < 0.55)
    body.lines = random.pick([...oddValues, 'abc', repeated('x', 1_001), { length: 2_000 }]);
  if (random.next() < 0.35) body.cumulativePercent = value(random, percents);
  if (random.next() < 0.35) body.progressReportId = value(random, [...uuidSamples, 'none']);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the body of POST /api/quotes/{id}/situations, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (5,000 random bodies)', () => {
    const random = seededRandom(2728);
    const bodies = Array.from({ length: 5_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(situationParser, situationInput, bodies);
    expect(difference).toBeUndefined();
    // Both sides of the comparison were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(4_500);
  });

  it('reads one of the three ways, and asks for exactly one', () => {
    const itemId = '0B6A1F6C-3F2A-4C59-9E0A-1F2B3C4D5E6F';
    expect(situationParser.parse({ lines: [{ itemId, cumulativePercent: '42,5' }] })).toEqual({
      lines: [{ itemId: itemId.toLowerCase(), cumulativePercent: '42.50' }],
    });
    expect(situationParser.parse({ cumulativePercent: 30, progressReportId: 'none' })).toEqual({
      cumulativePercent: '30.00',
    });
    expect(
      situationParser.safeParse({ cumulativePercent: 30, progressReportId: itemId }).error?.issues,
    ).toEqual([
      {
        path: ['lines'],
        message:
          "Une situation se donne par ligne (pourcentages cumulés), par un pourcentage pour toutes les lignes ou par un état d'avancement signé (l'un des trois)",
      },
    ]);
  });
});
