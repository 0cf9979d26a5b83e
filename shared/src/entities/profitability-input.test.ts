import { describe, expect, it } from 'vitest';
import { oddValues } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { costEstimateInput, costingSettingsInput } from './profitability.js';
import { costEstimateParser, costingSettingsParser } from './profitability-input.js';

type Random = ReturnType<typeof seededRandom>;

const amounts = [0, 1250, 99.99, '1 250,50', '1.005', -1, '-0,01', '10 000 000 000', 'abc', null, 'null'];
const percents = [0, 10, 100, '12,5', ' 15 ', '12.345', 100.01, -1, 'abc', '1e1'];
const versions = [1, 2, 7, 0, -3, 1.5, '3', null];

const value = (random: Random, typical: readonly unknown[], odds = 0.15) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomBody(random: Random, field: 'costEstimate' | 'costAlertThreshold'): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ [field]: 1 }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.9) body[field] = value(random, field === 'costEstimate' ? amounts : percents);
  if (random.next() < 0.6) body.version = value(random, versions, 0.1);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the cost estimate’s and the costing settings’ bodies, parsed without zod', () => {
  it('answers as the zod schemas: same output, issues and French messages (3,000 random bodies each)', () => {
    const cases = [
      { parser: costEstimateParser, schema: costEstimateInput, field: 'costEstimate' as const },
      { parser: costingSettingsParser, schema: costingSettingsInput, field: 'costAlertThreshold' as const },
    ];
    cases.forEach(({ parser, schema, field }, index) => {
      const random = seededRandom(2301 + index);
      const seen = compareParsers(
        parser,
        schema,
        Array.from({ length: 3_000 }, () => randomBody(random, field)),
      );
      // No difference, and both sides exercised.
      expect({ ...seen, accepted: seen.accepted > 100 && seen.accepted < 2_900 }).toEqual({ accepted: true });
    });
  });

  it('keeps a cleared estimate, writes the amounts out, and says what is wrong', () => {
    expect(costEstimateParser.parse({ costEstimate: null, version: 2 })).toEqual({
      costEstimate: null,
      version: 2,
    });
    expect(costEstimateParser.parse({ costEstimate: '1 250,5' })).toEqual({ costEstimate: '1250.50' });
    expect(costEstimateParser.safeParse({ costEstimate: -1 }).error?.issues).toEqual([
      { path: ['costEstimate'], message: 'Entrée invalide' },
    ]);
    expect(costingSettingsParser.parse({ costAlertThreshold: '12,5' })).toEqual({
      costAlertThreshold: '12.50',
    });
    expect(costingSettingsParser.safeParse({}).error?.issues).toEqual([
      {
        path: ['costAlertThreshold'],
        message: "Le seuil d'alerte doit être un pourcentage entre 0 et 100, avec au plus deux décimales",
      },
    ]);
  });
});
