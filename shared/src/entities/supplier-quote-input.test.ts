import { describe, expect, it } from 'vitest';
import { instantSamples, jsonItemsSamples, oddValues, repeated } from '../testing/odd-values.js';
import type { seededRandom } from '../testing/seeded-random.js';
import { compareCreateAndUpdate, uuidSamples } from '../testing/seen-answer.js';
import { supplierQuoteCreateInput, supplierQuoteUpdateInput } from './supplier-quote.js';
import { supplierQuoteCreateParser, supplierQuoteUpdateParser } from './supplier-quote-input.js';

type Random = ReturnType<typeof seededRandom>;

const titles = [
  'Demande de prix menuiseries',
  ' Gros œuvre ',
  repeated('x', 2000),
  ` ${repeated('x', 2000)} `,
  repeated('x', 2001),
  repeated('😀', 2000),
];
const longTexts = ['Livraison sous 3 semaines', ' à voir ', repeated('x', 10_000), repeated('x', 10_001)];
const statuses = ['draft', 'sent', 'validated', 'rejected', 'expired', 'Draft', 'accepted'];
const amounts = [0, 1250, '1 250,50', '1.005', -1, '-0,01', '10 000 000 000', 'abc', 99.99];
const dates = ['2026-11-22', ' 2026-02-28 ', '2026-02-30', '2026-11-22T00:00:00.000Z', '22/11/2026'];
const booleans = [true, false, 'true', 0, 1];
const versions = [1, 2, 7, 0, -3, 1.5, '3', null];

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomBody(random: Random, withVersion: boolean): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ title: 'x' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.supplierId = value(random, uuidSamples, 0.05);
  if (random.next() < 0.4) body.projectId = value(random, [...uuidSamples, 'none'], 0.1);
  if (random.next() < 0.5) body.status = value(random, statuses);
  if (random.next() < 0.95) body.title = value(random, titles, 0.05);
  if (random.next() < 0.3) body.description = value(random, longTexts);
  if (random.next() < 0.5) body.totalAmount = value(random, amounts);
  if (random.next() < 0.3) body.validUntil = value(random, dates);
  if (random.next() < 0.2) body.sentAt = value(random, instantSamples);
  if (random.next() < 0.2) body.receivedAt = value(random, instantSamples);
  if (random.next() < 0.2) body.items = value(random, jsonItemsSamples, 0.2);
  if (random.next() < 0.4) body.selected = value(random, booleans);
  if (withVersion && random.next() < 0.6) body.version = value(random, versions, 0.1);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the bodies of POST /api/supplier-quotes and PUT /api/supplier-quotes/{id}, parsed without zod', () => {
  it('answers as the zod schemas, create and update: same output, issues and French messages (5,000 random bodies each)', () => {
    const results = compareCreateAndUpdate(
      {
        create: [supplierQuoteCreateParser, supplierQuoteCreateInput],
        update: [supplierQuoteUpdateParser, supplierQuoteUpdateInput],
      },
      randomBody,
      { seeds: [3501, 3502], count: 5_000 },
    );
    for (const seen of results) {
      // No difference, and both sides exercised: eleven fields, few bodies have every one right.
      expect({ ...seen, accepted: seen.accepted > 100 && seen.accepted < 4_500 }).toEqual({ accepted: true });
    }
  });

  it('fills the status, the amount and the choice, and says what is wrong', () => {
    const supplierId = '0B6A1F6C-3F2A-4C59-9E0A-1F2B3C4D5E6F';
    expect(
      supplierQuoteCreateParser.parse({ supplierId, projectId: 'none', title: ' Menuiseries ', items: [] }),
    ).toEqual({
      supplierId: supplierId.toLowerCase(),
      status: 'draft',
      title: 'Menuiseries',
      totalAmount: '0.00',
      items: [],
      selected: false,
    });
    expect(
      supplierQuoteUpdateParser.safeParse({ supplierId, title: '', selected: 'oui', version: 0 }).error
        ?.issues,
    ).toEqual([
      { path: ['title'], message: 'Le titre est requis' },
      { path: ['selected'], message: 'Entrée invalide : booléen attendu, chaîne de caractères reçu' },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
  });
});
