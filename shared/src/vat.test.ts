import { describe, expect, it } from 'vitest';
import { percentOf } from './money.js';
import { seededRandom } from './testing/seeded-random.js';
import {
  depositByRate,
  documentTotalsInUnits,
  formatVatBreakdown,
  saleUnitPriceCents,
  splitInProportion,
  VAT_RATE_HUNDREDTHS,
} from './vat.js';

describe('documentTotalsInUnits', () => {
  it('computes VAT per rate on the sum of the lines, not per line (BR-CO-17)', () => {
    // Three lines of 0.05 € at 20 %: per line 0.01 € each (0.03 €), on the sum 0.15 € × 20 % = 0.03 €;
    // two lines of 0.03 € at 10 %: per line 0.00 €, on the sum 0.06 € × 10 % = 0.006 → 0.01 €.
    const totals = documentTotalsInUnits([
      { totalCents: 5, vatRateHundredths: 2000 },
      { totalCents: 3, vatRateHundredths: 1000 },
      { totalCents: 5, vatRateHundredths: 2000 },
      { totalCents: 3, vatRateHundredths: 1000 },
      { totalCents: 5, vatRateHundredths: 2000 },
    ]);
    expect(totals).toEqual({
      totalCents: 21,
      vatBreakdown: [
        { rateHundredths: 2000, baseCents: 15, amountCents: 3 },
        { rateHundredths: 1000, baseCents: 6, amountCents: 1 },
      ],
      vatCents: 4,
      totalWithVatCents: 25,
    });
    expect(formatVatBreakdown(totals.vatBreakdown)).toEqual([
      { rate: '20.00', base: '0.15', amount: '0.03' },
      { rate: '10.00', base: '0.06', amount: '0.01' },
    ]);
  });

  it('keeps a rate whose base is zero and orders the rates from the highest', () => {
    const totals = documentTotalsInUnits([
      { totalCents: 0, vatRateHundredths: 550 },
      { totalCents: 10_000, vatRateHundredths: 0 },
      { totalCents: 10_000, vatRateHundredths: 2000 },
    ]);
    expect(totals.vatBreakdown.map((entry) => entry.rateHundredths)).toEqual([2000, 550, 0]);
    expect(totals.totalWithVatCents).toBe(22_000);
  });

  it('holds its invariants on random documents (HT = Σ bases, VAT = Σ round(base × rate), TTC = HT + VAT)', () => {
    const random = seededRandom(13);
    for (let run = 0; run < 500; run += 1) {
      const lines = Array.from({ length: random.int(0, 30) }, () => ({
        totalCents: random.int(0, 5_000_000),
        vatRateHundredths: random.pick(VAT_RATE_HUNDREDTHS),
      }));
      const totals = documentTotalsInUnits(lines);
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
      expect(totals.totalCents).toBe(sum(lines.map((line) => line.totalCents)));
      expect(sum(totals.vatBreakdown.map((entry) => entry.baseCents))).toBe(totals.totalCents);
      for (const entry of totals.vatBreakdown) {
        expect(entry.amountCents).toBe(percentOf(entry.baseCents, entry.rateHundredths));
        const ofRate = lines.filter((line) => line.vatRateHundredths === entry.rateHundredths);
        expect(entry.baseCents).toBe(sum(ofRate.map((line) => line.totalCents)));
      }
      expect(totals.vatCents).toBe(sum(totals.vatBreakdown.map((entry) => entry.amountCents)));
      expect(totals.totalWithVatCents).toBe(totals.totalCents + totals.vatCents);
    }
  });
});

describe('saleUnitPriceCents', () => {
  it('multiplies the cost by K = (1 + overhead) × (1 + margin) and rounds once', () => {
    // 8.40 × 1.10 × 1.15 = 10.626 → 10.63. K is never rounded on its own, nor the cost × one factor:
    // 0.02 × 1.265 = 0.0253 → 0.03, where 0.02 × 1.10 = 0.022 → 0.02, then × 1.15 = 0.023 → 0.02.
    expect(saleUnitPriceCents(2, 1000, 1500)).toBe(3);
    expect(saleUnitPriceCents(840, 1000, 1500)).toBe(1063);
    expect(saleUnitPriceCents(4500, 1000, 1500)).toBe(5693); // 56.925 → 56.93, half away from zero
    expect(saleUnitPriceCents(123_45, 0, 0)).toBe(123_45);
    expect(saleUnitPriceCents(0, 1000, 1500)).toBe(0);
  });

  it('is the exact product rounded to the nearest cent, on random costs and percentages', () => {
    const random = seededRandom(7);
    for (let run = 0; run < 2_000; run += 1) {
      const cost = random.int(0, 10_000_000);
      const overhead = random.int(0, 10_000);
      const margin = random.int(0, 10_000);
      const sale = saleUnitPriceCents(cost, overhead, margin);
      // |sale − cost × K| ≤ 0.5 cent, checked exactly on integers (× 10^8).
      const exact = BigInt(cost) * BigInt(10_000 + overhead) * BigInt(10_000 + margin);
      const diff = BigInt(sale) * 100_000_000n - exact;
      expect(diff <= 50_000_000n && diff >= -50_000_000n).toBe(true);
    }
  });
});

describe('splitInProportion', () => {
  it('gives the parts that add up to the amount, the cents left to the largest remainders', () => {
    expect(splitInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitInProportion(1000, [2000, 0, 1000])).toEqual([667, 0, 333]);
    expect(splitInProportion(-100, [1, 1, 1])).toEqual([-34, -33, -33]);
    expect(splitInProportion(50, [0, 0])).toEqual([50, 0]);
    expect(splitInProportion(50, [])).toEqual([]);
  });

  it('adds up exactly and stays within a cent of each exact share, on random amounts', () => {
    const random = seededRandom(21);
    for (let run = 0; run < 2_000; run += 1) {
      const weights = Array.from({ length: random.int(1, 5) }, () => random.int(0, 10_000_000));
      const amount = random.int(0, 50_000_000);
      const parts = splitInProportion(amount, weights);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(amount);
      const total = weights.reduce((a, b) => a + b, 0);
      if (total === 0) continue;
      parts.forEach((part, index) => {
        const exact = (amount * (weights[index] as number)) / total;
        expect(Math.abs(part - exact)).toBeLessThan(1);
      });
    }
  });
});

describe('depositByRate', () => {
  const bases = [
    { rateHundredths: 2000, baseCents: 1_000_000 },
    { rateHundredths: 1000, baseCents: 333_333 },
  ];

  it('takes a percentage of each rate, each rounded to the cent', () => {
    // 30 % of 10 000.00 = 3 000.00; 30 % of 3 333.33 = 999.999 → 1 000.00
    expect(depositByRate(bases, { percentageHundredths: 3000 })).toEqual([
      { rateHundredths: 2000, baseCents: 300_000 },
      { rateHundredths: 1000, baseCents: 100_000 },
    ]);
  });

  it('splits an amount in proportion to the bases, to the cent', () => {
    // 1 000.00 × 10 000 / 13 333.33 = 750.0002 → 750.00; the rest 250.00
    expect(depositByRate(bases, { amountCents: 100_000 })).toEqual([
      { rateHundredths: 2000, baseCents: 75_000 },
      { rateHundredths: 1000, baseCents: 25_000 },
    ]);
  });
});
