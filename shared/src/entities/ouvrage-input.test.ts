import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { ouvrageCreateInput, ouvrageUpdateInput } from './library.js';
import { ouvrageCreateParser, ouvrageUpdateParser } from './ouvrage-input.js';

type Random = ReturnType<typeof seededRandom>;

const codes = ['MAC-020', ' PLA-1 ', '', ' ', repeated('x', 100), repeated('x', 101), repeated('😀', 100)];
const designations = ['Mur en parpaings de 20', ' Enduit ', '', repeated('x', 500), repeated('x', 501)];
const units = ['m²', 'u', ' ml ', '', repeated('x', 20), repeated('x', 21)];
const families = [
  'Gros œuvre › Béton',
  'a > b > c',
  ' Plâtrerie ',
  'a›b›c›d›e›f',
  repeated('x', 300),
  repeated('x', 301),
  '',
];
const vatRates = ['20', 10, '5,5', '5.50', 2.1, 0, '19', 'abc'];
const ids = [...uuidSamples, 'none', '', ' '];
const quantities = ['1', 0.5, '12,125', 0, -1, '0,0005', '9999999.999', '10000000', 'abc', '1 234,5'];
const lossRates = ['5', 0, 100, '100.01', -1, '2,5', 'x', ''];

/** Mostly the first (valid) sample, else any sample, else an odd value. */
const value = (random: Random, typical: readonly unknown[]) => {
  const draw = random.next();
  if (draw < 0.7) return typical[0];
  return draw < 0.88 ? random.pick(typical) : random.pick(oddValues);
};

function randomComponent(random: Random): unknown {
  if (random.next() < 0.03) return random.pick(oddValues);
  const component: Record<string, unknown> = {};
  const link = random.next();
  if (link < 0.85) component[link < 0.45 ? 'articleId' : 'ouvrageId'] = value(random, ids);
  if (random.next() < 0.1) component.articleId = value(random, ids);
  if (random.next() < 0.1) component.ouvrageId = value(random, ids);
  if (random.next() < 0.95) component.quantity = value(random, quantities);
  if (random.next() < 0.3) component.lossRate = value(random, lossRates);
  if (random.next() < 0.05) component.other = 1;
  return component;
}

function randomComponents(random: Random): unknown {
  const draw = random.next();
  if (draw < 0.06) return random.pick([...oddValues, '', 'abc']);
  if (draw < 0.1) return Array.from({ length: random.pick([0, 40, 41, 45]) }, () => randomComponent(random));
  return Array.from({ length: random.int(1, 4) }, () => randomComponent(random));
}

function randomBody(random: Random): unknown {
  if (random.next() < 0.03) return random.pick([null, undefined, 'x', 5, [], [{ designation: 'a' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.4) body.code = value(random, codes);
  if (random.next() < 0.95) body.designation = value(random, designations);
  if (random.next() < 0.95) body.unit = value(random, units);
  if (random.next() < 0.4) body.family = value(random, families);
  if (random.next() < 0.3) body.vatRate = value(random, vatRates);
  if (random.next() < 0.97) body.components = randomComponents(random);
  if (random.next() < 0.4) body.version = value(random, [1, 3, 0, 1.5, '2']);
  if (random.next() < 0.05) body.other = 1;
  return body;
}

describe('the bodies of POST /api/library/ouvrages and PUT /api/library/ouvrages/{id}, parsed without zod', () => {
  it('answer as the zod schemas: same output, same issues and French messages (5,000 random bodies each)', () => {
    for (const [seed, hand, schema] of [
      [2731, ouvrageCreateParser, ouvrageCreateInput],
      [2732, ouvrageUpdateParser, ouvrageUpdateInput],
    ] as const) {
      const random = seededRandom(seed);
      const bodies = Array.from({ length: 5_000 }, () => randomBody(random));
      const { accepted, difference } = compareParsers(hand, schema, bodies);
      expect(difference).toBeUndefined();
      expect(accepted).toBeGreaterThan(300);
      expect(accepted).toBeLessThan(4_500);
    }
  });

  it('reads an ouvrage and says which component is wrong', () => {
    const id = '7C9E6679-7425-40DE-944B-E07FC1F90AE7';
    expect(
      ouvrageCreateParser.parse({
        designation: ' Mur ',
        unit: 'm²',
        family: 'Gros œuvre > Maçonnerie',
        components: [{ articleId: id, quantity: '1,5', lossRate: '5' }],
      }),
    ).toEqual({
      designation: 'Mur',
      unit: 'm²',
      family: 'Gros œuvre › Maçonnerie',
      components: [{ articleId: id.toLowerCase(), quantity: '1.500', lossRate: '5.00' }],
    });
    expect(
      ouvrageUpdateParser.safeParse({
        designation: 'Mur',
        unit: 'm²',
        components: [{ articleId: id, ouvrageId: id, quantity: 1 }, { quantity: 0 }],
        version: 0,
      }).error?.issues,
    ).toEqual([
      {
        path: ['components', '0', 'articleId'],
        message: 'Un composant est un article ou un ouvrage (l’un des deux)',
      },
      { path: ['components', '1', 'quantity'], message: 'La quantité doit être un nombre positif' },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
    expect(
      ouvrageCreateParser.safeParse({ designation: 'Mur', unit: 'u', components: [] }).error?.issues,
    ).toEqual([{ path: ['components'], message: 'Un ouvrage compte au moins un composant' }]);
  });
});
