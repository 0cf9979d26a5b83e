import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import {
  progressReportCreateInput,
  progressReportSignInput,
  progressReportUpdateInput,
} from './progress-report.js';
import {
  progressReportCreateParser,
  progressReportSignParser,
  progressReportUpdateParser,
} from './progress-report-input.js';

type Random = ReturnType<typeof seededRandom>;

const titles = [
  'Gros œuvre terminé',
  ' Semaine 48 ',
  repeated('x', 2000),
  repeated('x', 2001),
  repeated('😀', 2000),
];
const longTexts = ['Dalle coulée', ' à voir ', repeated('x', 10_000), repeated('x', 10_001)];
const percents = [0, 50, 100, '75', ' 40 ', 101, -1, 12.5, '12,5', '1e2', 'abc'];
const amounts = [0, 1250, '1 250,50', '1.005', -1, '-0,01', '10 000 000 000', 'abc'];
const statuses = ['pending', 'validated', 'signed', 'Pending'];
const versions = [1, 2, 7, 0, -3, 1.5, '3', null];

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomBody(random: Random, extra: 'status' | 'version'): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ title: 'x' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.projectId = value(random, uuidSamples, 0.05);
  if (random.next() < 0.95) body.title = value(random, titles, 0.05);
  if (random.next() < 0.3) body.description = value(random, longTexts);
  if (random.next() < 0.95) body.progressPercentage = value(random, percents, 0.05);
  if (random.next() < 0.3) body.workCompleted = value(random, longTexts);
  if (random.next() < 0.3) body.nextSteps = value(random, longTexts);
  if (random.next() < 0.4) body.totalPlanned = value(random, amounts);
  if (random.next() < 0.4) body.totalRealized = value(random, amounts);
  if (extra === 'status' && random.next() < 0.5) body.status = value(random, statuses);
  if (extra === 'version' && random.next() < 0.6) body.version = value(random, versions, 0.1);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

function randomSignature(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ signerName: 'x' }]]);
  return random.next() < 0.9 ? { signerName: value(random, titles, 0.3) } : {};
}

describe('the progress reports’ bodies, parsed without zod', () => {
  it('answers as the zod schemas, create, update and sign: same output, issues and French messages (4,000 random bodies each)', () => {
    const cases = [
      {
        parser: progressReportCreateParser,
        schema: progressReportCreateInput,
        make: (r: Random) => randomBody(r, 'status'),
      },
      {
        parser: progressReportUpdateParser,
        schema: progressReportUpdateInput,
        make: (r: Random) => randomBody(r, 'version'),
      },
      { parser: progressReportSignParser, schema: progressReportSignInput, make: randomSignature },
    ];
    cases.forEach(({ parser, schema, make }, index) => {
      const random = seededRandom(2201 + index);
      const seen = compareParsers(
        parser,
        schema,
        Array.from({ length: 4_000 }, () => make(random)),
      );
      // No difference, and both sides exercised.
      expect({ ...seen, accepted: seen.accepted > 100 && seen.accepted < 3_900 }).toEqual({ accepted: true });
    });
  });

  it('keeps a new report pending, reads the percentage as a number, and says what is wrong', () => {
    const projectId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(
      progressReportCreateParser.parse({
        projectId,
        title: ' Dalle ',
        progressPercentage: '40',
        totalPlanned: '',
      }),
    ).toEqual({ projectId, title: 'Dalle', progressPercentage: 40, status: 'pending' });
    expect(
      progressReportCreateParser.safeParse({
        projectId,
        title: 'Dalle',
        progressPercentage: 101,
        status: 'signed',
      }).error?.issues,
    ).toEqual([
      {
        path: ['progressPercentage'],
        message: "Le pourcentage d'avancement doit être un nombre entier entre 0 et 100",
      },
      { path: ['status'], message: "Un nouvel état d'avancement est toujours en attente" },
    ]);
    expect(progressReportSignParser.safeParse({ signerName: '  ' }).error?.issues).toEqual([
      { path: ['signerName'], message: 'Le nom du signataire est requis' },
    ]);
  });
});
