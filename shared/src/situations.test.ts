import { describe, expect, it } from 'vitest';
import { parseMoney, percentOf, sumCents } from './money.js';
import {
  computeSituation,
  FULL_PERCENT,
  percentOfAmount,
  percentText,
  situationProblems,
  type RateAmount,
  type SituationBasis,
  type SituationBasisLine,
} from './situations.js';
import { seededRandom } from './testing/seeded-random.js';
import { depositByRate } from './vat.js';

interface Contract {
  lines: { itemId: string; saleTotalCents: number; rateHundredths: number }[];
  depositsByRate: RateAmount[];
  retentionRateHundredths: number;
}

/** What earlier situations billed, as the server reads it from the issued ones. */
interface History {
  amounts: Map<string, number>;
  percents: Map<string, number>;
  deducted: RateAmount[];
  retentionCents: number;
}

const emptyHistory = (): History => ({
  amounts: new Map(),
  percents: new Map(),
  deducted: [],
  retentionCents: 0,
});

function basisOf(contract: Contract, history: History): SituationBasis {
  return {
    lines: contract.lines.map((line): SituationBasisLine => ({
      ...line,
      description: `Ligne ${line.itemId}`,
      previousAmountCents: history.amounts.get(line.itemId) ?? 0,
      previousPercentHundredths: history.percents.get(line.itemId) ?? 0,
    })),
    depositsByRate: contract.depositsByRate,
    deductedBeforeByRate: history.deducted,
    retentionRateHundredths: contract.retentionRateHundredths,
    retentionBeforeCents: history.retentionCents,
    noVat: false,
  };
}

/** Issues the situation: what it billed is added to the history. */
function issue(contract: Contract, history: History, percents: Map<string, number>) {
  const figures = computeSituation(basisOf(contract, history), percents);
  for (const line of figures.lines) {
    history.amounts.set(line.itemId, line.cumulativeAmountCents);
    history.percents.set(line.itemId, line.cumulativePercentHundredths);
  }
  history.deducted = figures.byRate.map((entry) => ({
    rateHundredths: entry.rateHundredths,
    cents: entry.deductedToDateCents,
  }));
  history.retentionCents += figures.retentionCents;
  return figures;
}

const euros = (cents: number) => (cents / 100).toFixed(2);

describe('computeSituation: the worked example of DOCUMENTS.md § 4', () => {
  const contract: Contract = {
    lines: [
      { itemId: 'A', saleTotalCents: 4_000_000, rateHundredths: 2000 },
      { itemId: 'B', saleTotalCents: 1_000_000, rateHundredths: 2000 },
    ],
    depositsByRate: [{ rateHundredths: 2000, cents: 500_000 }],
    retentionRateHundredths: 500,
  };
  const steps: [number, number, string[]][] = [
    [3000, 0, ['12000.00', '1200.00', '10800.00', '2160.00', '12960.00', '720.00', '12240.00']],
    [7500, 5000, ['23000.00', '2300.00', '20700.00', '4140.00', '24840.00', '1380.00', '23460.00']],
    [10_000, 10_000, ['15000.00', '1500.00', '13500.00', '2700.00', '16200.00', '900.00', '15300.00']],
  ];

  it('S1, S2, S3 hold to the cent, and deposits + amounts due + retention = contract TTC', () => {
    const history = emptyHistory();
    let dueCents = 0;
    let retentionCents = 0;
    for (const [a, b, expected] of steps) {
      const figures = issue(
        contract,
        history,
        new Map([
          ['A', a],
          ['B', b],
        ]),
      );
      expect([
        euros(figures.worksCents),
        euros(figures.deductionCents),
        figures.totals.totalAmount,
        figures.totals.vatAmount,
        figures.totals.totalWithVat,
        euros(figures.retentionCents),
        euros(figures.amountDueCents),
      ]).toEqual(expected);
      dueCents += figures.amountDueCents;
      retentionCents += figures.retentionCents;
    }
    expect(600_000 + dueCents + retentionCents).toBe(6_000_000);
  });

  it('prints the works of each moved line and one deduction line per rate', () => {
    const figures = computeSituation(
      basisOf(contract, emptyHistory()),
      new Map([
        ['A', 3000],
        ['B', 0],
      ]),
    );
    expect(figures.invoiceLines).toEqual([
      {
        itemId: 'A',
        description: 'Ligne A (situation : 0\u00a0% → 30\u00a0%)',
        quantity: '1.000',
        unitPrice: '12000.00',
        vatRate: '20.00',
      },
      { description: 'Déduction des acomptes', quantity: '-1.000', unitPrice: '1200.00', vatRate: '20.00' },
    ]);
  });
});

describe('situationProblems', () => {
  const basis = {
    lines: [
      {
        itemId: 'A',
        description: 'Gros œuvre',
        saleTotalCents: 100_000,
        rateHundredths: 2000,
        previousAmountCents: 30_000,
        previousPercentHundredths: 3000,
      },
      {
        itemId: 'B',
        description: 'Peinture',
        saleTotalCents: 50_000,
        rateHundredths: 1000,
        previousAmountCents: 0,
        previousPercentHundredths: 0,
      },
    ],
  };

  it('refuses a line above 100 %, a line below what it reached, and a situation that bills nothing', () => {
    expect(situationProblems(basis, new Map([['A', 10_001]]))).toEqual([
      { kind: 'aboveFull', itemId: 'A', description: 'Gros œuvre' },
    ]);
    expect(situationProblems(basis, new Map([['A', 2999]]))).toEqual([
      { kind: 'backwards', itemId: 'A', description: 'Gros œuvre', previousPercentHundredths: 3000 },
    ]);
    expect(situationProblems(basis, new Map([['A', 3000]]))).toEqual([{ kind: 'nothing' }]);
    expect(
      situationProblems(
        basis,
        new Map([
          ['A', 3000],
          ['B', 1],
        ]),
      ),
    ).toEqual([]);
  });
});

describe('percentText', () => {
  it('writes a percentage the French way', () => {
    expect([percentText(3000), percentText(1250), percentText(0), percentText(10_000)]).toEqual([
      '30\u00a0%',
      '12,5\u00a0%',
      '0\u00a0%',
      '100\u00a0%',
    ]);
  });
});

describe('percentOfAmount', () => {
  it('gives the largest percent whose cumulative amount is not above what was billed', () => {
    expect(percentOfAmount(100_000, 30_000)).toBe(3000);
    expect(percentOfAmount(100_000, 30_050)).toBe(3005);
    expect(percentOfAmount(333, 100)).toBe(3018); // 333 × 30,18 % = 100,49 → 100
    expect(percentOfAmount(0, 0)).toBe(0);
    expect(percentOfAmount(100_000, 100_000)).toBe(FULL_PERCENT);
  });
});

describe('computeSituation: property over random contracts', () => {
  const rates = [2000, 1000, 550] as const;

  it('Σ deposits TTC + Σ amounts due + Σ retention = contract TTC (VAT rounded per invoice), deposits fully deducted at 100 %', () => {
    const random = seededRandom(150_415);
    for (let run = 0; run < 400; run += 1) {
      const lines = Array.from({ length: random.int(1, 30) }, (_, index) => ({
        itemId: `L${index}`,
        saleTotalCents: random.int(1, 5_000_000),
        rateHundredths: random.pick(rates),
      }));
      const contractByRate = [...new Set(lines.map((line) => line.rateHundredths))]
        .sort((a, b) => b - a)
        .map((rate) => ({
          rateHundredths: rate,
          baseCents: sumCents(
            lines.filter((line) => line.rateHundredths === rate).map((line) => line.saleTotalCents),
          ),
        }));
      const depositPercent = random.int(0, 4000);
      const deposits = depositByRate(contractByRate, { percentageHundredths: depositPercent });
      const contract: Contract = {
        lines,
        depositsByRate: deposits.map((entry) => ({
          rateHundredths: entry.rateHundredths,
          cents: entry.baseCents,
        })),
        retentionRateHundredths: random.pick([0, 500]),
      };
      const situations = random.int(1, 12);
      const history = emptyHistory();
      const invoiced = new Map<number, { base: number; vat: number; invoices: number }>();
      const add = (rate: number, base: number, vat: number) => {
        const entry = invoiced.get(rate) ?? { base: 0, vat: 0, invoices: 0 };
        invoiced.set(rate, { base: entry.base + base, vat: entry.vat + vat, invoices: entry.invoices + 1 });
      };
      let paidTtc = 0;
      for (const entry of deposits) {
        const vat = percentOf(entry.baseCents, entry.rateHundredths);
        add(entry.rateHundredths, entry.baseCents, vat);
        paidTtc += entry.baseCents + vat;
      }
      let percents = new Map(lines.map((line) => [line.itemId, 0]));
      let retentionCents = 0;
      let last;
      for (let k = 1; k <= situations; k += 1) {
        percents = new Map(
          lines.map((line) => {
            const before = percents.get(line.itemId) ?? 0;
            return [line.itemId, k === situations ? FULL_PERCENT : random.int(before, FULL_PERCENT)];
          }),
        );
        last = issue(contract, history, percents);
        for (const entry of last.totals.vatBreakdown) {
          add(Math.round(Number(entry.rate) * 100), parseMoney(entry.base), parseMoney(entry.amount));
        }
        paidTtc += last.amountDueCents;
        retentionCents += last.retentionCents;
        expect(last.retentionToDateCents).toBe(retentionCents);
      }
      // Every deposit is fully deducted at 100 %, and the works invoiced are the contract HT.
      expect(last?.byRate.map((entry) => entry.deductedToDateCents)).toEqual(
        last?.byRate.map((entry) => entry.depositCents),
      );
      expect(last?.cumulativeWorksCents).toBe(sumCents(lines.map((line) => line.saleTotalCents)));
      let contractTtc = 0;
      for (const { rateHundredths, baseCents } of contractByRate) {
        const contractVat = percentOf(baseCents, rateHundredths);
        contractTtc += baseCents + contractVat;
        const got = invoiced.get(rateHundredths);
        // HT to the cent; VAT: each invoice rounds its own (BR-CO-17), half a cent at most per
        // invoice and rate, plus half a cent for the contract's own rounding.
        expect(got?.base).toBe(baseCents);
        expect(Math.abs((got?.vat ?? 0) - contractVat)).toBeLessThanOrEqual(
          Math.floor(((got?.invoices ?? 0) + 1) / 2),
        );
      }
      const vatDrift = paidTtc + retentionCents - contractTtc;
      expect(Math.abs(vatDrift)).toBeLessThanOrEqual(
        sumCents([...invoiced.values()].map((entry) => Math.floor((entry.invoices + 1) / 2))),
      );
      // The retention held at the end is the rate of the whole contract TTC of the works.
      expect(retentionCents).toBe(
        percentOf(last?.cumulativeWorksWithVatCents ?? 0, contract.retentionRateHundredths),
      );
    }
  });
});
