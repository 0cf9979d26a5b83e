import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import {
  timeEntryCreateInput,
  timeEntryLockInput,
  timeEntryUpdateInput,
  weekLockListQuery,
} from './time-entry.js';
import {
  timeEntryCreateParser,
  timeEntryLockParser,
  timeEntryUpdateParser,
  weekLockListParser,
} from './time-entry-input.js';

type Random = ReturnType<typeof seededRandom>;

const hours = [
  7.5,
  7.75,
  '7,5',
  ' 8 ',
  '0,25',
  0.25,
  24,
  '24,00',
  0,
  0.1,
  7.3,
  '7,125',
  24.25,
  -1,
  'abc',
  '1e1',
];
const dates = [
  '2026-11-23',
  ' 2026-11-22 ',
  '2026-11-30T00:00:00.000Z',
  '2026-02-30',
  '22/11/2026',
  '2026-11-24',
  '2027-01-04',
];
const notes = ['Coulage dalle', ' à revoir ', repeated('x', 2000), repeated('x', 2001), repeated('😀', 2000)];
const booleans = [true, false, 'true', 0, 1];
const versions = [1, 2, 7, 0, -3, 1.5, '3', null];

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomEntry(random: Random, withVersion: boolean): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ hours: 1 }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.workerId = value(random, uuidSamples, 0.05);
  if (random.next() < 0.95) body.projectId = value(random, uuidSamples, 0.05);
  if (random.next() < 0.95) body.date = value(random, dates, 0.05);
  if (random.next() < 0.95) body.hours = value(random, hours, 0.05);
  if (random.next() < 0.4) body.itemId = value(random, [...uuidSamples, 'none'], 0.1);
  if (random.next() < 0.3) body.note = value(random, notes);
  if (withVersion && random.next() < 0.6) body.version = value(random, versions, 0.1);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

function randomLock(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ weekStart: 'x' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.9) body.weekStart = value(random, dates, 0.15);
  if (random.next() < 0.6) body.locked = value(random, booleans, 0.15);
  return body;
}

function randomPeriod(random: Random): unknown {
  if (random.next() < 0.03) return random.pick([null, 'x', []]);
  const query: Record<string, unknown> = {};
  if (random.next() < 0.9) query.from = value(random, dates, 0.15);
  if (random.next() < 0.9) query.to = value(random, dates, 0.15);
  if (random.next() < 0.2) query.limit = '10';
  return query;
}

describe('the time entries’ bodies and the validated weeks’ query, parsed without zod', () => {
  it('answers as the zod schemas: same output, issues and French messages (4,000 random inputs each)', () => {
    const cases = [
      {
        parser: timeEntryCreateParser,
        schema: timeEntryCreateInput,
        make: (r: Random) => randomEntry(r, false),
      },
      {
        parser: timeEntryUpdateParser,
        schema: timeEntryUpdateInput,
        make: (r: Random) => randomEntry(r, true),
      },
      { parser: timeEntryLockParser, schema: timeEntryLockInput, make: randomLock },
      { parser: weekLockListParser, schema: weekLockListQuery, make: randomPeriod },
    ];
    cases.forEach(({ parser, schema, make }, index) => {
      const random = seededRandom(2001 + index);
      const seen = compareParsers(
        parser,
        schema,
        Array.from({ length: 4_000 }, () => make(random)),
      );
      // No difference, and both sides exercised.
      expect({ ...seen, accepted: seen.accepted > 100 && seen.accepted < 3_900 }).toEqual({ accepted: true });
    });
  });

  it('reads the hours by quarter hours and the week by its Monday, and says what is wrong', () => {
    const workerId = '0B6A1F6C-3F2A-4C59-9E0A-1F2B3C4D5E6F';
    const projectId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(
      timeEntryCreateParser.parse({ workerId, projectId, date: '2026-11-23', hours: '7,5', itemId: 'none' }),
    ).toEqual({ workerId: workerId.toLowerCase(), projectId, date: '2026-11-23', hours: '7.50' });
    expect(timeEntryUpdateParser.safeParse({ workerId, hours: 7.3, version: 0 }).error?.issues).toEqual([
      { path: ['projectId'], message: 'Le chantier est requis' },
      { path: ['date'], message: 'La date est requise' },
      {
        path: ['hours'],
        message:
          "Les heures doivent être comprises entre 0,25 et 24, par quart d'heure (par exemple 7,5 ou 7,75)",
      },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
    expect(timeEntryLockParser.parse({ weekStart: '2026-11-23' })).toEqual({
      weekStart: '2026-11-23',
      locked: true,
    });
    expect(timeEntryLockParser.safeParse({ weekStart: '2026-11-24' }).error?.issues).toEqual([
      { path: ['weekStart'], message: 'Choisissez le lundi de la semaine à valider' },
    ]);
    expect(weekLockListParser.safeParse({ from: '2026-11-01' }).error?.issues).toEqual([
      { path: ['to'], message: 'La date de fin est requise' },
    ]);
  });
});
