import { describe, expect, it } from 'vitest';
import { siretSamples as sirets, vatNumberSamples as vatNumbers } from '../testing/legal-identity-samples.js';
import { oddValues, repeated } from '../testing/odd-values.js';
import type { seededRandom } from '../testing/seeded-random.js';
import { compareCreateAndUpdate } from '../testing/seen-answer.js';
import { clientCreateInput, clientUpdateInput } from './client.js';
import { clientCreateParser, clientUpdateParser } from './client-input.js';

type Random = ReturnType<typeof seededRandom>;

const names = ['Durand BTP', ' Mme Martin ', '', '  ', repeated('x', 2000), repeated('x', 2001)];
const emails = ['achats@durand.fr', ' contact@bois.fr ', 'pas-un-email', `${repeated('a', 250)}@x.fr`];
const texts = ['06 12 34 56 78', ' 12 rue des Lilas ', 'Lyon', '69001', repeated('x', 2001), '   '];
const countries = ['France', ' Belgique ', '', repeated('x', 2001)];
const longTexts = ['Client fidèle', repeated('x', 10_000), repeated('x', 10_001)];
const kinds = ['company', 'individual', 'Company', 'person', ''];
const versions = [1, 2, 7, 0, -3, 1.5, '3', null];

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

const fieldOdds: readonly (readonly [string, number, readonly unknown[]])[] = [
  ['name', 0.95, names],
  ['email', 0.3, emails],
  ...['phone', 'address', 'city', 'postalCode', 'contactPerson'].map((field) => [field, 0.2, texts] as const),
  ['country', 0.3, countries],
  ['siret', 0.5, sirets],
  ['vatNumber', 0.5, vatNumbers],
  ['notes', 0.2, longTexts],
  ['kind', 0.4, kinds],
];

// Objects only: the schema's VAT rule reads the body even when it is not one (`null.vatNumber`), and
// the function refuses any other JSON before parsing (`lib/http.ts`); the parser's own answer is below.
function randomBody(random: Random, withVersion: boolean): unknown {
  const fields = withVersion ? [...fieldOdds, ['version', 0.6, versions] as const] : fieldOdds;
  const body: Record<string, unknown> = {};
  for (const [field, presence, typical] of fields) {
    if (random.next() < presence) body[field] = value(random, typical);
  }
  if (random.next() < 0.1) body.other = 1;
  return body;
}

describe('the bodies of POST /api/clients and PUT /api/clients/{id}, parsed without zod', () => {
  it('answers as the zod schemas, create and update: same output, issues and French messages (5,000 random bodies each)', () => {
    const results = compareCreateAndUpdate(
      { create: [clientCreateParser, clientCreateInput], update: [clientUpdateParser, clientUpdateInput] },
      randomBody,
      { seeds: [2105, 2106], count: 5_000 },
    );
    for (const seen of results) {
      expect({ ...seen, accepted: seen.accepted > 100 && seen.accepted < 4_500 }).toEqual({ accepted: true });
    }
  });

  it('stores the SIRET and the VAT number normalised, and refuses a VAT number of another SIREN', () => {
    expect(
      clientCreateParser.parse({
        name: ' Durand ',
        siret: '732 829 320 00074',
        vatNumber: 'fr 44 732829320',
      }),
    ).toEqual({
      name: 'Durand',
      country: 'France',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      kind: 'company',
    });
    expect(
      clientUpdateParser.safeParse({
        name: '',
        siret: '73282932000074',
        vatNumber: 'FR40303265045',
        version: 0,
      }).error?.issues,
    ).toEqual([
      { path: ['name'], message: 'Le nom est requis' },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
      { path: ['vatNumber'], message: 'Le numéro de TVA ne correspond pas au SIREN' },
    ]);
    expect(clientCreateParser.safeParse(null).error?.issues).toEqual([
      { path: [], message: 'Entrée invalide : objet attendu, null reçu' },
    ]);
  });
});
