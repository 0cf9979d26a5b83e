import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { chartOfAccountsInput, chartOfAccountsSchema } from './chart.js';
import { chartOfAccountsParser, storedChartParser } from './chart-input.js';
import { accountUses, defaultChartOfAccounts } from './chart-rules.js';

type Random = ReturnType<typeof seededRandom>;

const numbers = [
  '411000',
  ' 411100 ',
  '445710',
  '445740',
  '704100',
  '70',
  '9000',
  '41100000000',
  'abc',
  '',
  411000,
];
const labels = ['Clients', ' Banque ', '', '  ', repeated('x', 100), repeated('x', 101)];
const rates = ['20.00', '10.00', '5.50', '2.10', '0.00', '19.60', 20];
const prefixes = ['C', 'F', ' CL ', 'ABCD', 'c', '', 'C1'];
const versions = [0, 1, 7, -1, 1.5, '2', 1e20, -1e20, null];

/** A draw: mostly the valid value, sometimes one of `typical`, rarely an odd one. */
function pick<T>(random: Random, valid: T, typical: readonly unknown[], odds = 0.05): unknown {
  const draw = random.next();
  if (draw < 0.01) return random.pick(oddValues);
  return draw < odds ? random.pick(typical) : valid;
}

function randomAccount(random: Random, account: { number: string; label: string }): unknown {
  if (random.next() < 0.01) return random.pick(oddValues);
  const entry: Record<string, unknown> = {};
  if (random.next() < 0.99) entry.number = pick(random, account.number, numbers, 0.03);
  if (random.next() < 0.99) entry.label = pick(random, account.label, labels, 0.03);
  if (random.next() < 0.05) entry.other = 1;
  return entry;
}

function randomSalesEntry(random: Random): unknown {
  if (random.next() < 0.05) return random.pick(oddValues);
  return {
    rate: pick(random, random.pick(rates.slice(0, 5)), rates, 0.15),
    number: pick(random, '704100', numbers, 0.1),
    label: pick(random, 'Travaux à 20 %', labels, 0.1),
  };
}

function randomChart(random: Random, stored: boolean): unknown {
  const chart = defaultChartOfAccounts();
  const body: Record<string, unknown> = {};
  if (random.next() < 0.98) {
    if (random.next() < 0.02) body.accounts = random.pick(oddValues);
    else {
      const accounts: Record<string, unknown> = {};
      for (const use of accountUses) {
        if (random.next() < 0.99) accounts[use] = randomAccount(random, chart.accounts[use]);
      }
      body.accounts = accounts;
    }
  }
  const salesDraw = random.next();
  if (salesDraw < 0.4) {
    body.salesByRate = Array.from({ length: random.pick([0, 1, 2, 3, 5, 6]) }, () =>
      randomSalesEntry(random),
    );
  } else if (salesDraw < 0.45) body.salesByRate = random.pick([...oddValues, { length: 3 }, { length: 6 }]);
  if (random.next() < 0.98) body.clientAuxPrefix = pick(random, 'C', prefixes, 0.1);
  if (random.next() < 0.98) body.supplierAuxPrefix = pick(random, 'F', prefixes, 0.1);
  if (random.next() < 0.97) body.version = pick(random, stored ? 3 : random.pick([0, 4]), versions, 0.1);
  if (stored && random.next() < 0.5)
    Object.assign(body, { pk: 'COMPANY#1', sk: 'ACCOUNTS', updatedAt: '2026-11-30T00:00:00.000Z' });
  return body;
}

// Objects only: the schema's rules read the body even when it is not one, and the function refuses
// any other JSON before parsing (`lib/http.ts`); the parser's own answer is below.
describe('the chart of accounts read without zod: PUT /api/company/accounts and the stored chart', () => {
  it('answers as the zod schemas: same output, issues and French messages (4,000 random charts each)', () => {
    const cases = [
      { parser: chartOfAccountsParser, schema: chartOfAccountsInput, stored: false, seed: 2108 },
      { parser: storedChartParser, schema: chartOfAccountsSchema, stored: true, seed: 2109 },
    ];
    for (const { parser, schema, stored, seed } of cases) {
      const random = seededRandom(seed);
      const seen = compareParsers(
        parser,
        schema,
        Array.from({ length: 4_000 }, () => randomChart(random, stored)),
      );
      expect({ ...seen, accepted: seen.accepted > 200 && seen.accepted < 3_800 }).toEqual({ accepted: true });
    }
  });

  it('takes the default chart, and refuses a shared VAT account, two accounts for one rate and a stale type', () => {
    const chart = defaultChartOfAccounts();
    expect(chartOfAccountsParser.parse({ ...chart, clientAuxPrefix: ' C ' })).toEqual(chart);
    const sales = { rate: '20.00', number: '704100', label: 'Travaux à 20 %' };
    expect(
      chartOfAccountsParser.safeParse({
        ...chart,
        accounts: { ...chart.accounts, vatPending: { number: '445710', label: 'TVA' } },
        salesByRate: [sales, sales],
      }).error?.issues,
    ).toEqual([
      {
        path: ['accounts', 'vatPending', 'number'],
        message: 'La TVA en attente doit avoir un autre compte que la TVA collectée',
      },
      {
        path: ['salesByRate', '1', 'rate'],
        message: 'Chaque taux de TVA ne peut avoir qu’un compte de ventes',
      },
    ]);
    expect(chartOfAccountsParser.safeParse(null).error?.issues).toEqual([
      { path: [], message: 'Entrée invalide : objet attendu, null reçu' },
    ]);
  });
});
