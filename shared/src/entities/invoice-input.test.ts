import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { invoiceCreateInput, invoiceUpdateInput, retentionReleaseInput } from './invoice.js';
import { invoiceCreateParser, invoiceUpdateParser, retentionReleaseParser } from './invoice-input.js';

type Random = ReturnType<typeof seededRandom>;

// Each field's values: those accepted first, then those refused (or refused in a line, a situation).
const texts = ['Travaux de maçonnerie', ' Lot 2 ', repeated('x', 2000), repeated('é', 2000)];
const badTexts = [repeated('x', 2001), '  '];
const longTexts = ['Situation n° 2', repeated('x', 10_000)];
const dates = ['2026-11-22', ' 2026-02-28 ', '2026-11-22T00:00:00.000Z'];
const badDates = ['2026-02-30', '22/11/2026'];
const amounts = [0, 1250, '1 250,50', '12.3', '9999999999.99', 99.99];
const badAmounts = ['1.005', -1, '-12,30', '10 000 000 000', 'abc'];
const quantities = ['12.5', 3, '0.001', '9999999.999', '1 000'];
const badQuantities = [0, -2, '-0,5', '0.0005', '1.2345', 1e10, 'douze'];
const prices = ['8.50', 45, '0,5', 0, '9999999999.99'];
const badPrices = [-1, '-0.01', '1.005', '10000000000', 'x', 1e-7];
const rates = ['20', 20, 5.5, '5,5', '10.00', '2,1', 0, '0.00'];
const badRates = [19, 100.01, -1, '7.125', 'vingt'];
const sections = ['1', '2.1', ' 2.1.3 '];
const badSections = ['0', '1.0', '1.2.3.4', '1000', 'A', 2];
const percents = [0, 30, '42,5', 100, 1000];
const badPercents = [1000.01, -1, 'moitié'];

/** Mostly an accepted value (so that whole bodies pass), else any, an odd value now and then. */
const value = (random: Random, good: readonly unknown[], bad: readonly unknown[] = [], odds = 0.08) => {
  if (random.next() < 0.75) return random.pick(good);
  return random.next() < odds ? random.pick(oddValues) : random.pick([...good, ...bad]);
};

const goodLine = () => ({ description: 'Chape', quantity: '12.5', unitPrice: '45.00', vatRate: '10' });

function randomLine(random: Random): unknown {
  if (random.next() < 0.03) return random.pick(oddValues);
  const line: Record<string, unknown> = {};
  if (random.next() < 0.95) line.description = value(random, texts, badTexts, 0.2);
  if (random.next() < 0.3) line.unit = value(random, ['m²', 'u', ' h '], [repeated('u', 2001)]);
  if (random.next() < 0.95) line.quantity = value(random, quantities, badQuantities, 0.2);
  if (random.next() < 0.95) line.unitPrice = value(random, prices, badPrices, 0.2);
  if (random.next() < 0.7) line.vatRate = value(random, rates, badRates, 0.2);
  if (random.next() < 0.25) line.section = value(random, sections, badSections, 0.2);
  if (random.next() < 0.05) line.total = '10.00';
  return line;
}

function randomLines(random: Random): unknown {
  const size = random.next();
  if (size < 0.05) return random.pick([...oddValues, 'abc', repeated('x', 1_001), { length: 2_000 }]);
  if (size < 0.08) return Array.from({ length: 1_001 }, goodLine);
  if (size < 0.1) return Array.from({ length: 1_000 }, goodLine);
  const count = Math.floor(random.next() * 4);
  // Most lists right, so that whole bodies pass.
  if (random.next() < 0.5) return Array.from({ length: count }, goodLine);
  return Array.from({ length: count }, () => randomLine(random));
}

function randomSituation(random: Random): unknown {
  if (random.next() < 0.1) return random.pick([null, 'x', 5, [], ...oddValues]);
  const situation: Record<string, unknown> = {};
  const lines = random.next();
  if (lines < 0.4)
    situation.lines = Array.from({ length: random.int(0, 3) }, () =>
      random.next() < 0.05
        ? random.pick(oddValues)
        : {
            itemId: value(random, uuidSamples, [], 0.2),
            cumulativePercent: value(random, percents, badPercents, 0.2),
          },
    );
  else if (lines < 0.45)
    situation.lines = Array.from({ length: 1_001 }, () => ({ itemId: uuidSamples[0], cumulativePercent: 1 }));
  else if (lines < 0.5) situation.lines = random.pick([...oddValues, 'abc', { length: 2_000 }]);
  if (random.next() < 0.35) situation.cumulativePercent = value(random, percents, badPercents);
  if (random.next() < 0.3) situation.progressReportId = value(random, [...uuidSamples, 'none']);
  return situation;
}

function randomBody(random: Random, update: boolean): unknown {
  if (random.next() < 0.03) return random.pick([null, undefined, 'x', 5, [], [{ clientId: 'x' }], true]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.clientId = value(random, uuidSamples);
  if (random.next() < 0.25) body.projectId = value(random, [...uuidSamples, 'none']);
  if (random.next() < 0.2) body.quoteId = value(random, [...uuidSamples, 'none']);
  if (random.next() < 0.95) body.title = value(random, texts, badTexts);
  if (random.next() < 0.2) body.description = value(random, longTexts, [repeated('x', 10_001)]);
  if (random.next() < 0.3) body.dueDate = value(random, dates, badDates);
  if (random.next() < 0.3) body.reverseCharge = value(random, [true, false], ['true', 'oui', 0, 1]);
  if (random.next() < 0.7) body.lines = randomLines(random);
  if (random.next() < 0.4) body.totalAmount = value(random, amounts, badAmounts);
  if (update && random.next() < 0.3) body.situation = randomSituation(random);
  if (update && random.next() < 0.6) body.version = value(random, [1, 2], [0, -1, 1.5, '2', 2 ** 60]);
  if (random.next() < 0.05) body.status = 'paid';
  return body;
}

describe('the bodies of POST /api/invoices and PUT /api/invoices/{id}, parsed without zod', () => {
  it.each([
    ['POST /api/invoices', invoiceCreateParser, invoiceCreateInput, false, 1701],
    ['PUT /api/invoices/{id}', invoiceUpdateParser, invoiceUpdateInput, true, 1702],
  ] as const)(
    '%s answers as the zod schema: same output, issues and French messages (5,000 random bodies)',
    (_route, parser, schema, update, seed) => {
      const random = seededRandom(seed);
      const bodies = Array.from({ length: 5_000 }, () => randomBody(random, update));
      const { accepted, difference } = compareParsers(parser, schema, bodies);
      expect(difference).toBeUndefined();
      // Both sides of the comparison were exercised.
      expect(accepted).toBeGreaterThan(500);
      expect(accepted).toBeLessThan(4_000);
    },
  );

  it('fills the default, writes the decimals out and lower-cases the ids', () => {
    const clientId = '7C9E6679-7425-40DE-944B-E07FC1F90AE7';
    expect(
      invoiceCreateParser.parse({
        clientId,
        projectId: 'none',
        title: ' Chape ',
        dueDate: '2026-12-31T00:00:00.000Z',
        lines: [
          { description: ' Chape ', quantity: '12,5', unitPrice: 45, vatRate: '5,5', section: ' 2.1 ' },
        ],
        totalAmount: '',
      }),
    ).toEqual({
      clientId: clientId.toLowerCase(),
      title: 'Chape',
      dueDate: '2026-12-31',
      reverseCharge: false,
      lines: [
        { description: 'Chape', quantity: '12.500', unitPrice: '45.00', vatRate: '5.50', section: '2.1' },
      ],
    });
  });

  it('reports each line and the situation under their paths, in the fields’ order', () => {
    const clientId = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    expect(
      invoiceUpdateParser.safeParse({
        clientId,
        title: 'Situation',
        lines: [{ description: 'Chape', quantity: -1, unitPrice: '8.50', vatRate: 19 }],
        situation: { cumulativePercent: 30, progressReportId: clientId },
        version: 1.5,
      }).error?.issues,
    ).toEqual([
      { path: ['lines', '0', 'quantity'], message: 'La quantité doit être un nombre positif' },
      {
        path: ['lines', '0', 'vatRate'],
        message: 'Taux de TVA inconnu : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %',
      },
      {
        path: ['situation', 'lines'],
        message:
          "Une situation se donne par ligne (pourcentages cumulés), par un pourcentage pour toutes les lignes ou par un état d'avancement signé (l'un des trois)",
      },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
    expect(
      invoiceCreateParser.safeParse({ clientId, title: 'x', lines: Array.from({ length: 1_001 }, () => 'x') })
        .error?.issues,
    ).toEqual([{ path: ['lines'], message: 'Une facture contient au plus 1 000 lignes' }]);
  });
});

describe('the body of POST /api/invoices/{id}/retention/release, parsed without zod', () => {
  it('answers as the zod schema (2,000 random bodies)', () => {
    const random = seededRandom(1703);
    const bodies = Array.from({ length: 2_000 }, () => {
      if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], true]);
      const body: Record<string, unknown> = {};
      if (random.next() < 0.6) body.releasedAt = value(random, dates, badDates, 0.2);
      if (random.next() < 0.6) body.version = value(random, [1, 2], [0, -1, 1.5, '2', 2 ** 60], 0.2);
      return body;
    });
    const { accepted, difference } = compareParsers(retentionReleaseParser, retentionReleaseInput, bodies);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(300);
    expect(accepted).toBeLessThan(1_800);
  });
});
