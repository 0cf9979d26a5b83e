import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { supplierCreateInput, supplierUpdateInput } from './supplier.js';
import { supplierCreateParser, supplierUpdateParser } from './supplier-input.js';

type Random = ReturnType<typeof seededRandom>;

const names = [
  'Matériaux Durand',
  ' Bois & Co ',
  repeated('x', 2000),
  repeated('x', 2001),
  repeated('😀', 2001),
];
const emails = ['achats@durand.fr', ' contact@bois.fr ', 'pas-un-email', `${repeated('a', 250)}@x.fr`];
const texts = ['06 12 34 56 78', ' 12 rue des Lilas ', 'Lyon', '69001', repeated('x', 2001), '   '];
const countries = ['France', ' Belgique ', '', repeated('x', 2001)];
const longTexts = ['Livre sous 48 h', repeated('x', 10_000), repeated('x', 10_001)];
const specialties = [
  ['Plomberie', 'Électricité'],
  [' Plomberie ', 'Plomberie', '', '  '],
  'Plomberie, Maçonnerie ,,',
  ' , ',
  Array.from({ length: 50 }, (_, index) => `Métier ${index}`),
  Array.from({ length: 51 }, (_, index) => `Métier ${index}`),
  Array.from({ length: 60 }, () => 'Même'),
  ['ok', repeated('x', 2001), repeated('y', 2001)],
  Array.from({ length: 52 }, (_, index) => `${repeated('x', 2001)}${index}`),
  `${repeated('x', 2001)},b`,
  ['x', 5],
  [null],
];
const ratings = [1, 5, 4.5, '4,5', ' 3 ', '3.0', 0.9, 5.1, 4.55, '4.50', 'bien', -1, '1e1'];
const versions = [1, 2, 7, 0, -3, 1.5, '3', null];

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

/** Each field: how often a body has it, its typical values, how often an odd value instead. */
const fieldOdds: readonly (readonly [string, number, readonly unknown[], number])[] = [
  ['name', 0.95, names, 0.05],
  ['email', 0.3, emails, 0.08],
  ...['phone', 'address', 'city', 'postalCode'].map((field) => [field, 0.2, texts, 0.08] as const),
  ['country', 0.3, countries, 0.08],
  ...['siret', 'vatNumber', 'contactPerson'].map((field) => [field, 0.2, texts, 0.08] as const),
  ['notes', 0.2, longTexts, 0.08],
  ['specialties', 0.4, specialties, 0.15],
  ['rating', 0.4, ratings, 0.08],
];

function randomBody(random: Random, withVersion: boolean): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ name: 'x' }]]);
  const fields = withVersion ? [...fieldOdds, ['version', 0.6, versions, 0.1] as const] : fieldOdds;
  const body: Record<string, unknown> = {};
  for (const [field, presence, typical, odds] of fields) {
    if (random.next() < presence) body[field] = value(random, typical, odds);
  }
  if (random.next() < 0.2) body.unknownField = true;
  return body;
}

describe('the bodies of POST /api/suppliers and PUT /api/suppliers/{id}, parsed without zod', () => {
  it.each([
    ['POST /api/suppliers', supplierCreateParser, supplierCreateInput, false, 3601],
    ['PUT /api/suppliers/{id}', supplierUpdateParser, supplierUpdateInput, true, 3602],
  ] as const)(
    '%s answers as the zod schema: same output, issues and French messages (5,000 random bodies)',
    (_route, parser, schema, withVersion, seed) => {
      const random = seededRandom(seed);
      const result = compareParsers(
        parser,
        schema,
        Array.from({ length: 5_000 }, () => randomBody(random, withVersion)),
      );
      expect(result.difference).toBeUndefined();
      // Both answers exercised: bodies accepted and bodies refused.
      expect(result.accepted).toBeGreaterThan(300);
      expect(result.accepted).toBeLessThan(4_500);
    },
  );

  it('fills the country and the specialties, reads the rating, and says what is wrong', () => {
    expect(
      supplierCreateParser.parse({
        name: ' Bois & Co ',
        specialties: 'Charpente, charpente ,Charpente',
        rating: '4,5',
      }),
    ).toEqual({
      name: 'Bois & Co',
      country: 'France',
      specialties: ['Charpente', 'charpente'],
      rating: '4.5',
    });
    expect(supplierCreateParser.parse({ name: 'Durand' })).toEqual({
      name: 'Durand',
      country: 'France',
      specialties: [],
    });
    expect(
      supplierUpdateParser.safeParse({
        name: '',
        specialties: ['a', repeated('x', 2001)],
        rating: 6,
        version: 0,
      }).error?.issues,
    ).toEqual([
      { path: ['name'], message: 'Le nom est requis' },
      { path: ['specialties', '1'], message: 'Chaque élément doit contenir au plus 2 000 caractères' },
      { path: ['rating'], message: 'La note doit être comprise entre 1 et 5, par pas de 0,1' },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
  });
});
