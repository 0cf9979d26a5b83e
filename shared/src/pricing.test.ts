import { describe, expect, it } from 'vitest';
import { DecimalInputError, lineTotal, percentOf } from './money.js';
import { quoteTotals, quoteTotalsInUnits } from './pricing.js';
import { seededRandom } from './testing/seeded-random.js';
import { saleUnitPriceCents, VAT_RATE_HUNDREDTHS } from './vat.js';

describe('quoteTotals', () => {
  it('prices a quote in selling prices, with VAT per rate, on a worked example', () => {
    // K = 1.10 × 1.15 = 1.265
    // 12.5 m² × 8.40 € cost  → sale 10.626 → 10.63 ; 12.5 × 10.63 = 132.875 → 132.88 (20 %)
    // 3 h × 45.00 € cost     → sale 56.925 → 56.93 ; 3 × 56.93  = 170.79            (10 %)
    // 0.333 × 10.00 € cost   → sale 12.65          ; 0.333 × 12.65 = 4.21245 → 4.21 (20 %)
    // Subtotal (costs)  = 105.00 + 135.00 + 3.33 = 243.33 ; overhead 10 % = 24.333 → 24.33
    // Total HT (sales)  = 132.88 + 170.79 + 4.21 = 307.88 ; margin = 307.88 − 243.33 − 24.33 = 40.22
    // VAT 20 % on 137.09 = 27.418 → 27.42 ; 10 % on 170.79 = 17.079 → 17.08 ; VAT 44.50 ; TTC 352.38
    expect(
      quoteTotals({
        items: [
          { quantity: '12.500', unitPrice: '8.40', vatRate: '20.00' },
          { quantity: '3', unitPrice: '45.00', vatRate: '10.00' },
          { quantity: '0.333', unitPrice: '10.00', vatRate: '20' },
        ],
        overheadPercentage: '10.00',
        marginPercentage: '15.00',
      }),
    ).toEqual({
      lines: [
        { totalPrice: '105.00', saleUnitPrice: '10.63', saleTotal: '132.88', vatRate: '20.00' },
        { totalPrice: '135.00', saleUnitPrice: '56.93', saleTotal: '170.79', vatRate: '10.00' },
        { totalPrice: '3.33', saleUnitPrice: '12.65', saleTotal: '4.21', vatRate: '20.00' },
      ],
      subtotalAmount: '243.33',
      overheadAmount: '24.33',
      marginAmount: '40.22',
      totalAmount: '307.88',
      vatBreakdown: [
        { rate: '20.00', base: '137.09', amount: '27.42' },
        { rate: '10.00', base: '170.79', amount: '17.08' },
      ],
      vatAmount: '44.50',
      totalWithVat: '352.38',
    });
  });

  it('taxes a line without a rate at 20 % (records made before VAT) and every line at 0 % without VAT', () => {
    const items = [
      { quantity: '1', unitPrice: '100.00' },
      { quantity: '1', unitPrice: '100.00', vatRate: '5.50' },
    ];
    const taxed = quoteTotals({ items, overheadPercentage: '0', marginPercentage: '0' });
    expect(taxed.vatBreakdown).toEqual([
      { rate: '20.00', base: '100.00', amount: '20.00' },
      { rate: '5.50', base: '100.00', amount: '5.50' },
    ]);
    const reverseCharge = quoteTotals({ items, overheadPercentage: '0', marginPercentage: '0', noVat: true });
    expect(reverseCharge.lines.map((line) => line.vatRate)).toEqual(['0.00', '0.00']);
    expect(reverseCharge.vatBreakdown).toEqual([{ rate: '0.00', base: '200.00', amount: '0.00' }]);
    expect(reverseCharge.totalWithVat).toBe('200.00');
  });

  it('gives 0.00 everywhere for a quote without lines', () => {
    expect(quoteTotals({ items: [], overheadPercentage: '10.00', marginPercentage: '15.00' })).toEqual({
      lines: [],
      subtotalAmount: '0.00',
      overheadAmount: '0.00',
      marginAmount: '0.00',
      totalAmount: '0.00',
      vatBreakdown: [],
      vatAmount: '0.00',
      totalWithVat: '0.00',
    });
  });

  it('does not drift over 10 000 lines of 1 × 0.10 €, where float addition does', () => {
    // Each line: cost 0.10, sale 0.10 × 1.265 = 0.1265 → 0.13. 10 000 lines: costs 1 000.00,
    // sales 1 300.00, overhead 100.00, margin 200.00; VAT 20 % 260.00.
    let naive = 0;
    for (let i = 0; i < 10_000; i += 1) naive += 1 * 0.1;
    expect(naive).not.toBe(1000);

    const items = Array.from({ length: 10_000 }, () => ({ quantity: 1, unitPrice: 0.1, vatRate: 20 }));
    const totals = quoteTotals({ items, overheadPercentage: '10.00', marginPercentage: '15.00' });
    expect(totals.subtotalAmount).toBe('1000.00');
    expect(totals.overheadAmount).toBe('100.00');
    expect(totals.marginAmount).toBe('200.00');
    expect(totals.totalAmount).toBe('1300.00');
    expect(totals.vatAmount).toBe('260.00');
    expect(totals.totalWithVat).toBe('1560.00');
  });

  it('refuses values that are not decimals of their scale', () => {
    expect(() =>
      quoteTotals({
        items: [{ quantity: '1,2,3', unitPrice: '1' }],
        overheadPercentage: '10',
        marginPercentage: '15',
      }),
    ).toThrow(DecimalInputError);
    expect(() =>
      quoteTotals({
        items: [{ quantity: '1', unitPrice: '1.001' }],
        overheadPercentage: '10',
        marginPercentage: '15',
      }),
    ).toThrow(DecimalInputError);
  });
});

describe('quoteTotalsInUnits', () => {
  it('holds the rule on random quotes: sums exact, total = subtotal + overhead + margin', () => {
    const random = seededRandom(2026);
    for (let run = 0; run < 500; run += 1) {
      const overheadHundredths = random.int(0, 5_000);
      const marginHundredths = random.int(0, 5_000);
      const items = Array.from({ length: random.int(0, 40) }, () => ({
        quantityThousandths: random.int(1, 2_000_000),
        unitPriceCents: random.int(0, 2_000_000),
        vatRateHundredths: random.pick(VAT_RATE_HUNDREDTHS),
      }));
      const noVat = random.int(0, 4) === 0;
      const totals = quoteTotalsInUnits({ items, overheadHundredths, marginHundredths, noVat });
      const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

      totals.lines.forEach((line, index) => {
        const item = items[index] as (typeof items)[number];
        expect(line.costTotalCents).toBe(lineTotal(item.quantityThousandths, item.unitPriceCents));
        expect(line.saleUnitPriceCents).toBe(
          saleUnitPriceCents(item.unitPriceCents, overheadHundredths, marginHundredths),
        );
        expect(line.saleTotalCents).toBe(lineTotal(item.quantityThousandths, line.saleUnitPriceCents));
        expect(line.vatRateHundredths).toBe(noVat ? 0 : item.vatRateHundredths);
      });
      expect(totals.subtotalCents).toBe(sum(totals.lines.map((line) => line.costTotalCents)));
      expect(totals.overheadCents).toBe(percentOf(totals.subtotalCents, overheadHundredths));
      expect(totals.totalCents).toBe(sum(totals.lines.map((line) => line.saleTotalCents)));
      expect(totals.subtotalCents + totals.overheadCents + totals.marginCents).toBe(totals.totalCents);
      expect(sum(totals.vatBreakdown.map((entry) => entry.baseCents))).toBe(totals.totalCents);
      expect(totals.vatCents).toBe(sum(totals.vatBreakdown.map((entry) => entry.amountCents)));
      expect(totals.totalWithVatCents).toBe(totals.totalCents + totals.vatCents);
    }
  });
});
