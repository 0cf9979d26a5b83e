import { describe, expect, it } from 'vitest';
import { optionalIdField } from '../fields.js';
import * as z from '../lazy-zod.js';
import { oddValues } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { priceListImportInput } from './library.js';
import { priceListImportParser, priceListPreviewQueryParser } from './price-list-import-input.js';

type Random = ReturnType<typeof seededRandom>;

/** The schema `GET /api/library/imports/uploads/{id}/preview` used. */
const previewQuery = z.object({
  supplierId: optionalIdField,
  encoding: z
    .enum(['utf-8', 'windows-1252'], { error: 'Encodage inconnu : utf-8 ou windows-1252' })
    .optional(),
  delimiter: z.enum([';', ',', '\t'], { error: 'Séparateur inconnu : ; , ou tabulation' }).optional(),
  headerRow: z.coerce.number().int().min(0).max(50).optional(),
});

/** Column numbers and rows as JSON or as text, at and beyond the bounds, and what `Number()` still reads. */
const integers = [
  0,
  1,
  3,
  50,
  51,
  999,
  1000,
  -1,
  1.5,
  -0.5,
  -0,
  '2',
  ' 7 ',
  '',
  '1e2',
  '0x10',
  'abc',
  '1,5',
  'Infinity',
  1e20,
  -1e20,
  2 ** 53 + 2,
  true,
  null,
];
const ids = [...uuidSamples, 'none', '', ' '];
const encodings = ['utf-8', 'windows-1252', 'UTF-8', 'latin1', ''];
const delimiters = [';', ',', '\t', '|', ''];
const decimals = [',', '.', ' ', ''];
const resourceTypes = ['materials', 'labor', 'equipment', 'subcontractor', 'other', 'Labor', ''];
const units = ['u', 'm²', ' ml ', '', 'x'.repeat(20), 'x'.repeat(21)];

/** Mostly the first (valid) sample, else any sample, else an odd value. */
const value = (random: Random, typical: readonly unknown[]) => {
  const draw = random.next();
  if (draw < 0.6) return typical[0];
  return draw < 0.9 ? random.pick(typical) : random.pick(oddValues);
};
const column = (random: Random) => (random.next() < 0.7 ? random.int(0, 30) : value(random, integers));

function randomColumns(random: Random): unknown {
  if (random.next() < 0.05) return random.pick(oddValues);
  const columns: Record<string, unknown> = {};
  for (const name of ['reference', 'designation', 'price'])
    if (random.next() < 0.95) columns[name] = column(random);
  for (const name of ['unit', 'discount', 'resourceType', 'vatRate']) {
    if (random.next() < 0.3) columns[name] = column(random);
  }
  if (random.next() < 0.3) {
    columns.family =
      random.next() < 0.85
        ? Array.from({ length: random.int(0, 7) }, () => column(random))
        : random.pick([...oddValues, 'abcdef', 'ab']);
  }
  return columns;
}

function randomMapping(random: Random): unknown {
  if (random.next() < 0.05) return random.pick(oddValues);
  const mapping: Record<string, unknown> = { columns: randomColumns(random) };
  if (random.next() < 0.05) delete mapping.columns;
  if (random.next() < 0.3) mapping.headerRow = value(random, integers);
  if (random.next() < 0.3) mapping.decimal = value(random, decimals);
  if (random.next() < 0.3) mapping.encoding = value(random, encodings);
  if (random.next() < 0.3) mapping.delimiter = value(random, delimiters);
  if (random.next() < 0.3) mapping.defaultResourceType = value(random, resourceTypes);
  if (random.next() < 0.3) mapping.defaultUnit = value(random, units);
  if (random.next() < 0.1) mapping.other = 1;
  return mapping;
}

function randomBody(random: Random): unknown {
  if (random.next() < 0.03) return random.pick([null, undefined, 'x', 5, [], [{ uploadId: 'a' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.uploadId = value(random, uuidSamples);
  if (random.next() < 0.95) body.supplierId = value(random, uuidSamples);
  if (random.next() < 0.95) body.mapping = randomMapping(random);
  return body;
}

function randomQuery(random: Random): unknown {
  const query: Record<string, unknown> = {};
  if (random.next() < 0.4) query.supplierId = value(random, ids);
  if (random.next() < 0.4) query.encoding = value(random, encodings);
  if (random.next() < 0.4) query.delimiter = value(random, delimiters);
  if (random.next() < 0.4) query.headerRow = value(random, integers);
  if (random.next() < 0.1) query.other = 'x';
  return query;
}

describe("the price list import's inputs, parsed without zod", () => {
  it('POST /api/library/imports: answers as the zod schema (5,000 random bodies)', () => {
    const random = seededRandom(2729);
    const bodies = Array.from({ length: 5_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(priceListImportParser, priceListImportInput, bodies);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(4_500);
  });

  it('GET …/preview: the query answers as the zod schema (3,000 random queries)', () => {
    const random = seededRandom(2730);
    const queries = [null, 'x', ...Array.from({ length: 3_000 }, () => randomQuery(random))];
    const { accepted, difference } = compareParsers(priceListPreviewQueryParser, previewQuery, queries);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(2_700);
  });

  it('fills the defaults and names the column or setting that is wrong', () => {
    const id = '7C9E6679-7425-40DE-944B-E07FC1F90AE7';
    expect(
      priceListImportParser.parse({
        uploadId: id,
        supplierId: id,
        mapping: { columns: { reference: 0, designation: '1', price: 2 } },
      }),
    ).toEqual({
      uploadId: id.toLowerCase(),
      supplierId: id.toLowerCase(),
      mapping: {
        columns: { reference: 0, designation: 1, price: 2 },
        headerRow: 1,
        defaultResourceType: 'materials',
        defaultUnit: 'u',
      },
    });
    expect(
      priceListImportParser.safeParse({
        uploadId: '',
        supplierId: id,
        mapping: { columns: { reference: -1, designation: 1, price: 2, family: [1, 'x'] }, headerRow: 51 },
      }).error?.issues,
    ).toEqual([
      { path: ['uploadId'], message: 'Le fichier est requis' },
      { path: ['mapping', 'columns', 'reference'], message: 'Colonne invalide' },
      { path: ['mapping', 'columns', 'family', '1'], message: 'Colonne invalide' },
      { path: ['mapping', 'headerRow'], message: 'Trop grand : nombre doit être <=50' },
    ]);
    expect(priceListPreviewQueryParser.parse({ headerRow: '2', delimiter: ';' })).toEqual({
      delimiter: ';',
      headerRow: 2,
    });
  });
});
