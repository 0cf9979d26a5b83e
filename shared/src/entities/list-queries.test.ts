import { describe, expect, it } from 'vitest';
import { boundedText, dateField, integerField, optionalField, optionalIdField } from '../fields.js';
import * as z from '../lazy-zod.js';
import { seededRandom } from '../testing/seeded-random.js';
import { seenAnswer, type ParseAnswer, uuidSamples } from '../testing/seen-answer.js';
import { bankLineStatuses, bankLinesQuery } from '../accounting/bank-lines-query.js';
import { familyField } from './library.js';
import { LIBRARY_MAX_LIMIT, libraryKinds, libraryQuery } from './library-query.js';
import { timeEntryListQuery } from './time-entry-query.js';

/**
 * The zod schemas of the time entries' and the library's list queries before they were parsed by
 * hand (issue 27): the reference the hand parsers must answer like, value for value and message
 * for message.
 */
const zodTimeEntryListQuery = z
  .object({
    projectId: optionalIdField,
    workerId: optionalIdField,
    from: optionalField(dateField()),
    to: optionalField(dateField()),
    limit: optionalField(
      integerField({ min: 1, max: 1_000, message: 'La limite doit être un nombre entier entre 1 et 1 000' }),
    ),
    cursor: optionalField(boundedText(2_048)),
  })
  .superRefine((query, context) => {
    if (query.from && query.to && query.to < query.from) {
      context.addIssue({ code: 'custom', path: ['to'], message: 'La date de fin précède la date de début' });
    }
  });

const limitMessage = `La limite doit être un nombre entier entre 1 et ${LIBRARY_MAX_LIMIT}`;
const zodLibraryQuery = z.object({
  q: optionalField(z.string().trim().max(200, 'La recherche ne doit pas dépasser 200 caractères')),
  family: familyField,
  kind: optionalField(z.enum(libraryKinds, { error: 'Type inconnu : article ou ouvrage' })),
  supplierId: optionalIdField,
  limit: optionalField(
    z.coerce
      .number({ error: limitMessage })
      .int(limitMessage)
      .min(1, limitMessage)
      .max(LIBRARY_MAX_LIMIT, limitMessage),
  ),
  cursor: optionalField(z.string().max(2_048, 'Curseur invalide')),
});

const zodBankLinesQuery = z.object({
  status: z
    .enum(bankLineStatuses, { error: 'Statut invalide : unmatched, matched ou ignored' })
    .default('unmatched'),
  cursor: optionalField(z.string().max(2_000)),
});

type Random = ReturnType<typeof seededRandom>;

/** A value a query string (or a caller) may carry: blank, ids, dates, families, numbers, long text… */
function randomValue(random: Random): unknown {
  switch (random.int(0, 13)) {
    case 0:
      return undefined;
    case 1:
      return random.pick(['', ' ', '\t', 'none', 'NONE']);
    case 2:
      return random.pick(uuidSamples);
    case 3:
      return `2026-${String(random.int(0, 13)).padStart(2, '0')}-${String(random.int(0, 32)).padStart(2, '0')}`;
    case 4:
      return random.pick([
        '2026-02-29',
        '2024-02-29',
        ' 2026-03-01 ',
        '2026-03-01T10:00:00Z',
        '2026-03-01T25:00:00Z',
        '2026-03-01T10:00:00+02:00',
        '2026-03-01T10:00',
        '2026-3-1',
        '01/03/2026',
      ]);
    case 5:
      return String(random.int(-5, 1_200));
    case 6:
      return random.pick([
        '1 000',
        '12,0',
        '2.5',
        '0.5',
        '1e2',
        '0x10',
        '+7',
        ' 42 ',
        '007',
        '200.0',
        'Infinity',
        '1.',
      ]);
    case 7:
      return random.int(-3, 1_100);
    case 8:
      return random.pick([null, true, false, 12.5, ['7'], ['a', 'b'], { a: 1 }, Number.NaN]);
    case 9:
      return 'x'.repeat(random.pick([199, 200, 201, 299, 300, 301, 2_000, 2_001, 2_047, 2_048, 2_049]));
    case 10:
      return ` ${'y'.repeat(random.pick([199, 200, 201, 2_047, 2_048]))} `;
    case 11:
      return random.pick([
        'article',
        'ouvrage',
        'Article',
        ' article',
        'lot',
        'matched',
        'ignored',
        'unmatched',
      ]);
    case 12:
      return random.pick([
        'Gros œuvre › Béton',
        ' gros  œuvre>béton ',
        ' › ',
        'a › b › c › d › e',
        'a›b›c›d›e›f',
        '>'.repeat(301),
        `a›b›c›d›e›f${'x'.repeat(290)}`,
      ]);
    default:
      return random.pick(['Dupont', '  béton armé ', 'é'.repeat(3), 'abc']);
  }
}

function randomQuery(random: Random, keys: readonly string[]): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const key of [...keys, 'other']) {
    const value = randomValue(random);
    if (value !== undefined || random.next() < 0.2) query[key] = value;
  }
  return query;
}

describe('the time entries’, the library’s and the bank lines’ list queries, parsed without zod', () => {
  it('answer as the zod schemas did: same output, same issues and French messages (500 random queries each)', () => {
    const random = seededRandom(2704);
    const same = (hand: ParseAnswer, byZod: ParseAnswer, query: unknown) => {
      const [seen, expected] = [seenAnswer(hand), seenAnswer(byZod)];
      // The failure message (the query) is written only when the answers differ.
      if (JSON.stringify(seen) !== JSON.stringify(expected))
        expect(seen, JSON.stringify(query)).toEqual(expected);
    };
    for (let round = 0; round < 500; round += 1) {
      const entries = randomQuery(random, ['projectId', 'workerId', 'from', 'to', 'limit', 'cursor']);
      same(timeEntryListQuery.safeParse(entries), zodTimeEntryListQuery.safeParse(entries), entries);
      const library = randomQuery(random, ['q', 'family', 'kind', 'supplierId', 'limit', 'cursor']);
      same(libraryQuery.safeParse(library), zodLibraryQuery.safeParse(library), library);
      const bank = randomQuery(random, ['status', 'cursor']);
      same(bankLinesQuery.safeParse(bank), zodBankLinesQuery.safeParse(bank), bank);
    }
  });

  it('check the period after the fields as zod did: not after a refused date or limit, still after a malformed id', () => {
    const reversed = { from: '2026-02-01', to: '2026-01-01' };
    for (const query of [
      reversed,
      { ...reversed, limit: 'x' },
      { ...reversed, projectId: 'x' },
      { ...reversed, projectId: 5 },
      { ...reversed, cursor: 'x'.repeat(2_049) },
      { ...reversed, cursor: 5 },
    ]) {
      expect(seenAnswer(timeEntryListQuery.safeParse(query)), JSON.stringify(query)).toEqual(
        seenAnswer(zodTimeEntryListQuery.safeParse(query)),
      );
    }
    expect(timeEntryListQuery.safeParse({ ...reversed, projectId: 'x' }).error?.issues).toEqual([
      { path: ['projectId'], message: 'Identifiant invalide' },
      { path: ['to'], message: 'La date de fin précède la date de début' },
    ]);
  });

  it('read a query as the services expect it', () => {
    expect(
      timeEntryListQuery.parse({
        projectId: '7C9E6679-7425-40DE-944B-E07FC1F90AE7',
        workerId: 'none',
        from: ' 2026-03-01T10:00:00Z',
        limit: '20',
        x: '1',
      }),
    ).toEqual({ projectId: '7c9e6679-7425-40de-944b-e07fc1f90ae7', from: '2026-03-01', limit: 20 });
    expect(
      libraryQuery.parse({ q: '  béton ', family: 'gros œuvre>béton', kind: 'ouvrage', limit: ' 50 ' }),
    ).toEqual({
      q: 'béton',
      family: 'gros œuvre › béton',
      kind: 'ouvrage',
      limit: 50,
    });
    expect(() => libraryQuery.parse({ limit: '201' })).toThrow(/entre 1 et 200/);
    expect(bankLinesQuery.parse({ cursor: ' ' })).toEqual({ status: 'unmatched' });
    expect(() => bankLinesQuery.parse({ status: '' })).toThrow(/Statut invalide/);
  });
});
