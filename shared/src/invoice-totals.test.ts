import { describe, expect, it } from 'vitest';
import { invoiceTotals } from './invoice-totals.js';
import { formatMoney, formatPercent, lineTotal, percentOf } from './money.js';
import { seededRandom } from './testing/seeded-random.js';
import { VAT_RATE_HUNDREDTHS } from './vat.js';

describe('invoiceTotals', () => {
  it('totals selling-price lines at 20 % and 10 % to the cent', () => {
    // 12.5 × 40.00 = 500.00 (20 %) ; 3 × 33.33 = 99.99 (10 %) ; 1 × 0.05 = 0.05 (20 %)
    // VAT 20 % of 500.05 = 100.01 ; 10 % of 99.99 = 9.999 → 10.00 ; HT 600.04 ; TTC 710.05
    expect(
      invoiceTotals({
        lines: [
          { quantity: '12.5', unitPrice: '40.00', vatRate: '20.00' },
          { quantity: '3', unitPrice: '33.33', vatRate: '10.00' },
          { quantity: 1, unitPrice: 0.05, vatRate: 20 },
        ],
      }),
    ).toEqual({
      lines: [
        { total: '500.00', vatRate: '20.00' },
        { total: '99.99', vatRate: '10.00' },
        { total: '0.05', vatRate: '20.00' },
      ],
      totalAmount: '600.04',
      vatBreakdown: [
        { rate: '20.00', base: '500.05', amount: '100.01' },
        { rate: '10.00', base: '99.99', amount: '10.00' },
      ],
      vatAmount: '110.01',
      totalWithVat: '710.05',
      amountDue: '710.05',
    });
  });

  it('reads a line without a rate at 20 %, and puts every line at 0 % under reverse charge', () => {
    expect(invoiceTotals({ lines: [{ quantity: 1, unitPrice: '100.00' }] }).totalWithVat).toBe('120.00');
    const reverse = invoiceTotals({
      lines: [{ quantity: 1, unitPrice: '100.00', vatRate: '10.00' }],
      noVat: true,
    });
    expect(reverse.vatBreakdown).toEqual([{ rate: '0.00', base: '100.00', amount: '0.00' }]);
    expect(reverse.amountDue).toBe('100.00');
  });

  it('holds HT = Σ lines, VAT = Σ round(base × rate), TTC = HT + VAT on random invoices', () => {
    const random = seededRandom(99);
    for (let run = 0; run < 500; run += 1) {
      const lines = Array.from({ length: random.int(1, 25) }, () => ({
        quantityThousandths: random.int(1, 1_000_000),
        unitPriceCents: random.int(0, 1_000_000),
        rate: random.pick(VAT_RATE_HUNDREDTHS),
      }));
      const totals = invoiceTotals({
        lines: lines.map((line) => ({
          quantity: (line.quantityThousandths / 1000).toFixed(3),
          unitPrice: formatMoney(line.unitPriceCents),
          vatRate: formatPercent(line.rate),
        })),
      });
      const cents = lines.map((line) => lineTotal(line.quantityThousandths, line.unitPriceCents));
      expect(totals.lines.map((line) => line.total)).toEqual(cents.map(formatMoney));
      const ht = cents.reduce((a, b) => a + b, 0);
      expect(totals.totalAmount).toBe(formatMoney(ht));
      let vat = 0;
      for (const rate of new Set(lines.map((line) => line.rate))) {
        const base = cents.filter((_, index) => lines[index]?.rate === rate).reduce((a, b) => a + b, 0);
        vat += percentOf(base, rate);
      }
      expect(totals.vatAmount).toBe(formatMoney(vat));
      expect(totals.totalWithVat).toBe(formatMoney(ht + vat));
    }
  });
});
