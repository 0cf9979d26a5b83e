import { describe, expect, it } from 'vitest';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { priceListUploadInput } from './library.js';
import { priceListUploadParser } from './price-list-upload-input.js';

type Random = ReturnType<typeof seededRandom>;

function randomFileName(random: Random): unknown {
  return random.pick([
    'tarif.csv',
    ' tarif fournisseur.xlsx ',
    '',
    '  ',
    'x'.repeat(255),
    ` ${'x'.repeat(255)} `,
    'x'.repeat(256),
    '😀'.repeat(255),
    '😀'.repeat(256),
    undefined,
    null,
    5,
    true,
    [],
    ['a'],
    Array(256).fill('a'),
    {},
  ]);
}

function randomSize(random: Random): unknown {
  return random.pick([
    0,
    1,
    20_971_520,
    -1,
    1.5,
    -0,
    2 ** 53 - 1,
    2 ** 53,
    1e300,
    Infinity,
    Number.NaN,
    '12',
    ' 12 ',
    '1e3',
    '0x10',
    '-3',
    '2.5',
    'abc',
    '',
    ' ',
    undefined,
    null,
    true,
    false,
    [],
    [3],
    [1, 2],
    {},
  ]);
}

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ fileName: 'a' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.9) body.fileName = randomFileName(random);
  if (random.next() < 0.9) body.size = randomSize(random);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the body of POST /api/library/imports/uploads, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (3,000 random bodies)', () => {
    const random = seededRandom(2713);
    const bodies = Array.from({ length: 3_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(priceListUploadParser, priceListUploadInput, bodies);
    expect(difference).toBeUndefined();
    // Both sides of the comparison were exercised.
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2_700);
  });

  it('reads the name trimmed and the size as a number, and says what is wrong', () => {
    expect(priceListUploadParser.parse({ fileName: ' tarif.csv ', size: '1024', other: 1 })).toEqual({
      fileName: 'tarif.csv',
      size: 1024,
    });
    expect(priceListUploadParser.safeParse({ fileName: ' ', size: -1 }).error?.issues).toEqual([
      { path: ['fileName'], message: 'Le nom du fichier est requis' },
      { path: ['size'], message: 'La taille du fichier est requise' },
    ]);
  });
});
