import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import type { seededRandom } from '../testing/seeded-random.js';
import { compareCreateAndUpdate, uuidSamples } from '../testing/seen-answer.js';
import { workerCreateInput, workerUpdateInput } from './worker.js';
import { workerCreateParser, workerUpdateParser } from './worker-input.js';

type Random = ReturnType<typeof seededRandom>;

const names = [
  'Paul Martin',
  ' Kévin ',
  repeated('x', 200),
  ` ${repeated('x', 200)} `,
  repeated('x', 201),
  repeated('😀', 200),
];
const trades = ['Maçon', ' Plaquiste ', repeated('x', 2000), repeated('x', 2001)];
const amounts = [0, 38, 42.5, '42,50', '1 234,5', '1.005', -1, '-0,01', '10 000 000 000', 'abc'];
const booleans = [true, false, 'true', 0, 1];
const versions = [1, 2, 7, 0, -3, 1.5, '3', null];

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomBody(random: Random, withVersion: boolean): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ name: 'x' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.name = value(random, names, 0.05);
  if (random.next() < 0.5) body.trade = value(random, trades);
  if (random.next() < 0.95) body.hourlyCost = value(random, amounts, 0.05);
  if (random.next() < 0.5) body.isActive = value(random, booleans);
  if (random.next() < 0.5) body.teamLead = value(random, booleans);
  if (random.next() < 0.4) body.userId = value(random, [...uuidSamples, 'none'], 0.1);
  if (withVersion && random.next() < 0.6) body.version = value(random, versions, 0.1);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the bodies of POST /api/workers and PUT /api/workers/{id}, parsed without zod', () => {
  it('answers as the zod schemas, create and update: same output, issues and French messages (4,000 random bodies each)', () => {
    const results = compareCreateAndUpdate(
      { create: [workerCreateParser, workerCreateInput], update: [workerUpdateParser, workerUpdateInput] },
      randomBody,
      { seeds: [2101, 2102], count: 4_000 },
    );
    for (const seen of results) {
      // No difference, and both sides exercised.
      expect({ ...seen, accepted: seen.accepted > 100 && seen.accepted < 3_900 }).toEqual({ accepted: true });
    }
  });

  it('fills the defaults, writes the cost in cents, and says what is wrong', () => {
    expect(workerCreateParser.parse({ name: ' Paul ', hourlyCost: '42,5', userId: 'none' })).toEqual({
      name: 'Paul',
      hourlyCost: '42.50',
      isActive: true,
      teamLead: false,
    });
    expect(
      workerUpdateParser.safeParse({ name: '', hourlyCost: -1, teamLead: 'oui', version: 0 }).error?.issues,
    ).toEqual([
      { path: ['name'], message: 'Le nom est requis' },
      { path: ['hourlyCost'], message: 'Le montant doit être positif ou nul' },
      { path: ['teamLead'], message: 'Entrée invalide : booléen attendu, chaîne de caractères reçu' },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
    expect(workerCreateParser.safeParse({ name: 'Paul' }).error?.issues).toEqual([
      { path: ['hourlyCost'], message: 'Le coût horaire chargé est requis' },
    ]);
  });
});
