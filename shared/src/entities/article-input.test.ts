import { describe, expect, it } from 'vitest';
import { resourceTypes } from '../enums.js';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { articleCreateInput, articleUpdateInput } from './library.js';
import { articleCreateParser, articleUpdateParser } from './article-input.js';

type Random = ReturnType<typeof seededRandom>;

const types = [...resourceTypes, 'Matériaux', 'x'];
const references = ['REF-001', ' AB 12 ', repeated('x', 100), repeated('x', 101), repeated('😀', 100)];
const designations = ['Parpaing 20×20×50', ' Ciment ', repeated('x', 500), repeated('x', 501)];
const units = ['u', 'm²', ' ml ', repeated('x', 20), repeated('x', 21)];
const amounts = [0, 12.5, '1 234,50', '1.005', -1, '-0,01', 1e21, '10 000 000 000', 'abc', ''];
const vatRates = [20, '10', '5,5', 5.5, '2.10', 0, 7, '19,6', 101, 'vingt'];
const families = [
  'Gros œuvre › Béton',
  'Gros œuvre > Béton > Fondations',
  ' a › b ',
  'a › b › c › d › e › f',
  '›',
  repeated('x', 300),
  repeated('x', 301),
];
const discounts = [0, 10, '12,5', 100, 100.01, -1, '1.005'];
const statuses = ['active', 'retired', 'Active', 'archived'];
const versions = [1, 2, 3, 7, 12, 0, -3, 1.5, '3', null];

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomBody(random: Random, withVersion: boolean): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ unit: 'u' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.resourceType = value(random, types, 0.05);
  if (random.next() < 0.4) body.reference = value(random, references);
  if (random.next() < 0.95) body.designation = value(random, designations, 0.05);
  if (random.next() < 0.95) body.unit = value(random, units, 0.05);
  if (random.next() < 0.95) body.unitCost = value(random, amounts, 0.05);
  if (random.next() < 0.3) body.supplierId = value(random, [...uuidSamples, 'none']);
  if (random.next() < 0.4) body.vatRate = value(random, vatRates);
  if (random.next() < 0.4) body.family = value(random, families);
  if (random.next() < 0.3) body.listPrice = value(random, amounts);
  if (random.next() < 0.3) body.discount = value(random, discounts);
  if (random.next() < 0.3) body.status = value(random, statuses);
  if (withVersion && random.next() < 0.6) body.version = value(random, versions, 0.1);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the bodies of POST /api/library/articles and PUT /api/library/articles/{id}, parsed without zod', () => {
  it.each([
    ['POST /api/library/articles', articleCreateParser, articleCreateInput, false, 3301],
    ['PUT /api/library/articles/{id}', articleUpdateParser, articleUpdateInput, true, 3302],
  ] as const)(
    '%s answers as the zod schema: same output, issues and French messages (8,000 random bodies)',
    (_route, parser, schema, withVersion, seed) => {
      const random = seededRandom(seed);
      const bodies = Array.from({ length: 8_000 }, () => randomBody(random, withVersion));
      const { accepted, difference } = compareParsers(parser, schema, bodies);
      expect(difference).toBeUndefined();
      // Both sides of the comparison were exercised (eleven fields: few bodies have every one right).
      expect(accepted).toBeGreaterThan(100);
      expect(accepted).toBeLessThan(7_000);
    },
  );

  it('reads the costs, the rate and the family, fills the status, and says what is wrong', () => {
    expect(
      articleCreateParser.parse({
        resourceType: 'materials',
        designation: ' Ciment ',
        unit: 'sac',
        unitCost: '8,5',
        vatRate: '5,5',
        family: 'Gros œuvre > Liants',
      }),
    ).toEqual({
      resourceType: 'materials',
      designation: 'Ciment',
      unit: 'sac',
      unitCost: '8.50',
      vatRate: '5.50',
      family: 'Gros œuvre › Liants',
      status: 'active',
    });
    expect(
      articleUpdateParser.safeParse({
        resourceType: '',
        designation: 'x',
        unit: 'u',
        unitCost: -1,
        vatRate: 7,
      }).error?.issues,
    ).toEqual([
      { path: ['resourceType'], message: 'Le type de ressource est requis' },
      { path: ['unitCost'], message: 'Le coût unitaire doit être un nombre positif ou nul' },
      { path: ['vatRate'], message: 'Taux de TVA inconnu : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %' },
    ]);
  });
});
