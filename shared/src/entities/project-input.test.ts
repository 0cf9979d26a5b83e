import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { projectCreateInput, projectUpdateInput } from './project.js';
import { projectCreateParser, projectUpdateParser } from './project-input.js';

type Random = ReturnType<typeof seededRandom>;

const names = [
  'Rénovation Dupont',
  ' Extension ',
  repeated('x', 2000),
  ` ${repeated('x', 2000)} `,
  repeated('x', 2001),
  repeated('😀', 2000),
];
const longTexts = ['Toiture et zinguerie', ' à voir ', repeated('x', 10_000), repeated('x', 10_001)];
const statuses = ['planning', 'in_progress', 'on_hold', 'completed', 'cancelled', 'Planning', 'done'];
const dates = [
  '2026-11-22',
  ' 2026-02-28 ',
  '2026-02-30',
  '2026-11-22T00:00:00.000Z',
  '22/11/2026',
  '2026-1-5',
  'demain',
];
const amounts = [0, 125000, '125 000,50', '1.005', -1, '-0,01', 1e21, '10 000 000 000', 'abc'];
const progresses = [0, 50, 100, '75', ' 20 ', 101, -1, 12.5, '1,0', 'moitié'];
const versions = [1, 2, 3, 7, 12, 0, -3, 1.5, '3', null];

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomBody(random: Random, withVersion: boolean): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ name: 'x' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.name = value(random, names, 0.05);
  if (random.next() < 0.3) body.description = value(random, longTexts);
  if (random.next() < 0.95) body.clientId = value(random, uuidSamples, 0.05);
  if (random.next() < 0.5) body.status = value(random, statuses);
  if (random.next() < 0.4) body.startDate = value(random, dates);
  if (random.next() < 0.3) body.endDate = value(random, dates);
  if (random.next() < 0.4) body.estimatedBudget = value(random, amounts);
  if (random.next() < 0.3) body.actualBudget = value(random, amounts);
  if (random.next() < 0.4) body.progress = value(random, progresses);
  if (random.next() < 0.3) body.location = value(random, names);
  if (random.next() < 0.3) body.notes = value(random, longTexts);
  if (withVersion && random.next() < 0.6) body.version = value(random, versions, 0.1);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the bodies of POST /api/projects and PUT /api/projects/{id}, parsed without zod', () => {
  it.each([
    ['POST /api/projects', projectCreateParser, projectCreateInput, false, 3201],
    ['PUT /api/projects/{id}', projectUpdateParser, projectUpdateInput, true, 3202],
  ] as const)(
    '%s answers as the zod schema: same output, issues and French messages (5,000 random bodies)',
    (_route, parser, schema, withVersion, seed) => {
      const random = seededRandom(seed);
      const bodies = Array.from({ length: 5_000 }, () => randomBody(random, withVersion));
      const { accepted, difference } = compareParsers(parser, schema, bodies);
      expect(difference).toBeUndefined();
      // Both sides of the comparison were exercised (eleven fields: few bodies have every one right).
      expect(accepted).toBeGreaterThan(100);
      expect(accepted).toBeLessThan(4_500);
    },
  );

  it('fills the status and the progress, reads dates and amounts, and says what is wrong', () => {
    const clientId = '0B6A1F6C-3F2A-4C59-9E0A-1F2B3C4D5E6F';
    expect(
      projectCreateParser.parse({
        name: ' Extension ',
        clientId,
        startDate: ' 2026-11-22 ',
        estimatedBudget: '125 000',
        progress: '',
      }),
    ).toEqual({
      name: 'Extension',
      clientId: clientId.toLowerCase(),
      status: 'planning',
      startDate: '2026-11-22',
      estimatedBudget: '125000.00',
      progress: 0,
    });
    expect(projectUpdateParser.safeParse({ name: '', clientId: 'x', version: 0 }).error?.issues).toEqual([
      { path: ['name'], message: 'Le nom du projet est requis' },
      { path: ['clientId'], message: 'Identifiant invalide' },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
  });
});
