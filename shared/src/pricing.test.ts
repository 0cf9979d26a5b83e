import { describe, expect, it } from 'vitest';
import { DecimalInputError } from './money.js';
import { quoteTotals, quoteTotalsInUnits } from './pricing.js';

describe('quoteTotals', () => {
  it('prices a quote by the rule, on a worked example', () => {
    // Lines:  12.5 m² × 8.40 €  = 105.000 → 105.00
    //         3 h × 45.00 €     = 135.00
    //         0.333 × 10.00 €   = 3.330   → 3.33
    // Subtotal (déboursé sec)   = 105.00 + 135.00 + 3.33 = 243.33
    // Overhead 10.00 %          = 24.333  → 24.33
    // Margin 15.00 % of (243.33 + 24.33 = 267.66) = 40.149 → 40.15
    // Total                     = 243.33 + 24.33 + 40.15 = 307.81
    expect(
      quoteTotals({
        items: [
          { quantity: '12.500', unitPrice: '8.40' },
          { quantity: '3', unitPrice: '45.00' },
          { quantity: '0.333', unitPrice: '10.00' },
        ],
        overheadPercentage: '10.00',
        marginPercentage: '15.00',
      }),
    ).toEqual({
      lines: ['105.00', '135.00', '3.33'],
      subtotalAmount: '243.33',
      overheadAmount: '24.33',
      marginAmount: '40.15',
      totalAmount: '307.81',
    });
  });

  it('rounds every step half away from zero', () => {
    // Lines:  2.5 × 0.33 € = 0.825 → 0.83 (half, away from zero)
    //         1 × 0.17 €   = 0.17
    // Subtotal             = 1.00
    // Overhead 12.50 %     = 0.125 → 0.13 (half, away from zero)
    // Margin 15.00 % of (1.00 + 0.13 = 1.13) = 0.1695 → 0.17
    // Total                = 1.00 + 0.13 + 0.17 = 1.30
    expect(
      quoteTotals({
        items: [
          { quantity: '2,5', unitPrice: '0,33' },
          { quantity: 1, unitPrice: 0.17 },
        ],
        overheadPercentage: '12,5',
        marginPercentage: 15,
      }),
    ).toEqual({
      lines: ['0.83', '0.17'],
      subtotalAmount: '1.00',
      overheadAmount: '0.13',
      marginAmount: '0.17',
      totalAmount: '1.30',
    });
  });

  it('applies the margin on subtotal plus overhead, not on the subtotal alone', () => {
    // 1 × 1000.00 € ; overhead 10 % = 100.00 ; margin 20 % of 1100.00 = 220.00 (200.00 if on the subtotal)
    const totals = quoteTotals({
      items: [{ quantity: '1', unitPrice: '1000' }],
      overheadPercentage: '10',
      marginPercentage: '20',
    });
    expect(totals.marginAmount).toBe('220.00');
    expect(totals.totalAmount).toBe('1320.00');
  });

  it('gives 0.00 everywhere for a quote without lines', () => {
    expect(quoteTotals({ items: [], overheadPercentage: '10.00', marginPercentage: '15.00' })).toEqual({
      lines: [],
      subtotalAmount: '0.00',
      overheadAmount: '0.00',
      marginAmount: '0.00',
      totalAmount: '0.00',
    });
  });

  it('does not drift over 10 000 lines of 0.1 × 0.10 €', () => {
    // Each line: 0.1 × 0.10 € = 0.01 € (1 cent). 10 000 lines = 10 000 cents = 100.00 €.
    // Overhead 0 %, margin 0 %: total = 100.00 €.
    const items = Array.from({ length: 10_000 }, () => ({ quantity: '0.1', unitPrice: '0.10' }));
    const totals = quoteTotals({ items, overheadPercentage: '0', marginPercentage: '0' });
    expect(totals.subtotalAmount).toBe('100.00');
    expect(totals.totalAmount).toBe('100.00');
  });

  it('does not drift over 10 000 lines of 1 × 0.10 €, where float addition does', () => {
    // 10 000 × 0.10 € = 1000.00 €; overhead 10 % = 100.00; margin 15 % of 1100.00 = 165.00;
    // total = 1265.00.
    let naive = 0;
    for (let i = 0; i < 10_000; i += 1) naive += 1 * 0.1;
    expect(naive).not.toBe(1000);

    const items = Array.from({ length: 10_000 }, () => ({ quantity: 1, unitPrice: 0.1 }));
    const totals = quoteTotals({ items, overheadPercentage: '10.00', marginPercentage: '15.00' });
    expect(totals.subtotalAmount).toBe('1000.00');
    expect(totals.overheadAmount).toBe('100.00');
    expect(totals.marginAmount).toBe('165.00');
    expect(totals.totalAmount).toBe('1265.00');
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
  it('works on integers: thousandths, cents, hundredths of a percent', () => {
    // 2 × 50.00 € = 100.00 ; overhead 10 % = 10.00 ; margin 15 % of 110.00 = 16.50 ; total 126.50
    expect(
      quoteTotalsInUnits({
        items: [{ quantityThousandths: 2000, unitPriceCents: 5000 }],
        overheadHundredths: 1000,
        marginHundredths: 1500,
      }),
    ).toEqual({
      lineCents: [10000],
      subtotalCents: 10000,
      overheadCents: 1000,
      marginCents: 1650,
      totalCents: 12650,
    });
  });
});
