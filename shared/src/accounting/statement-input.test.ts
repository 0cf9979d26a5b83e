import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { csvMappingSchema, statementImportInput, statementUploadInput } from './bank.js';
import {
  csvMappingParser,
  detectCsvMapping,
  statementImportParser,
  statementUploadParser,
} from './statement-input.js';

type Random = ReturnType<typeof seededRandom>;

const texts = [
  'releve-2026-11.csv',
  ' Relevé novembre.ofx ',
  'Date',
  ' Montant ',
  'x',
  '😀',
  repeated('x', 200),
  ` ${repeated('x', 200)} `,
  repeated('x', 201),
  repeated('😀', 200),
  repeated('x', 255),
  repeated('x', 256),
  repeated('😀', 256),
];

const value = (random: Random, typical: readonly unknown[], odds = 0.15) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomMapping(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, 'Date', 5, [], [{ date: 'Date' }]]);
  const mapping: Record<string, unknown> = {};
  for (const [name, odds] of [
    ['date', 0.9],
    ['label', 0.9],
    ['amount', 0.5],
    ['debit', 0.4],
    ['credit', 0.4],
    ['reference', 0.3],
  ] as const) {
    if (random.next() < odds) mapping[name] = value(random, texts);
  }
  if (random.next() < 0.1) mapping.other = 1;
  return mapping;
}

function randomBody(random: Random, kind: 'upload' | 'import'): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ fileName: 'a' }]]);
  const body: Record<string, unknown> = {};
  if (kind === 'upload') {
    if (random.next() < 0.95) body.fileName = value(random, texts);
  } else {
    if (random.next() < 0.95) body.uploadId = value(random, uuidSamples, 0.1);
    if (random.next() < 0.6) body.mapping = randomMapping(random);
  }
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the bank statements’ bodies, parsed without zod', () => {
  it.each([
    ['POST /api/bank/statements/upload', statementUploadParser, statementUploadInput, 'upload', 3301],
    ['POST /api/bank/statements', statementImportParser, statementImportInput, 'import', 3302],
  ] as const)(
    '%s answers as the zod schema: same output, issues and French messages (4,000 random bodies)',
    (_route, parser, schema, kind, seed) => {
      const random = seededRandom(seed);
      const bodies = Array.from({ length: 4_000 }, () => randomBody(random, kind));
      const { accepted, difference } = compareParsers(parser, schema, bodies);
      expect(difference).toBeUndefined();
      expect(accepted).toBeGreaterThan(300);
      expect(accepted).toBeLessThan(3_700);
    },
  );

  it('reads a CSV mapping as the zod schema does (4,000 random mappings)', () => {
    const random = seededRandom(3303);
    const mappings = Array.from({ length: 4_000 }, () => randomMapping(random));
    const { accepted, difference } = compareParsers(csvMappingParser, csvMappingSchema, mappings);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(3_700);
  });

  it('trims the columns and asks for the amount, or the debit and the credit', () => {
    const uploadId = '7C9E6679-7425-40DE-944B-E07FC1F90AE7';
    expect(
      statementImportParser.parse({
        uploadId,
        mapping: { date: ' Date ', label: 'Libellé', debit: 'Débit', credit: 'Crédit', amount: ' ' },
      }),
    ).toEqual({
      uploadId: uploadId.toLowerCase(),
      mapping: { date: 'Date', label: 'Libellé', debit: 'Débit', credit: 'Crédit' },
    });
    expect(
      statementImportParser.safeParse({ uploadId: '', mapping: { date: 'Date', label: '', debit: 'D' } })
        .error?.issues,
    ).toEqual([
      { path: ['uploadId'], message: "L'identifiant du fichier envoyé est requis" },
      { path: ['mapping', 'label'], message: 'Indiquez la colonne' },
      {
        path: ['mapping', 'amount'],
        message: 'Indiquez la colonne du montant, ou celles du débit et du crédit',
      },
    ]);
    expect(statementUploadParser.safeParse({ fileName: '  ' }).error?.issues).toEqual([
      { path: ['fileName'], message: 'Le nom du fichier est requis' },
    ]);
  });

  it('finds the columns a French bank’s headers name', () => {
    expect(detectCsvMapping(['Date opération', 'Libellé', 'Débit', 'Crédit'])).toEqual({
      date: 'Date opération',
      label: 'Libellé',
      debit: 'Débit',
      credit: 'Crédit',
    });
    expect(detectCsvMapping(['Date', 'Libellé'])).toBeUndefined();
  });
});
