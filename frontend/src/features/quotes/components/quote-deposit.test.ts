import { describe, expect, it } from 'vitest';

import { depositFigures, wholeQuoteFigures } from './quote-deposit';

/** A quote of 1,000.00 € HT at 20 % and 500.00 € HT at 10 %. */
const breakdown = [
  { rate: '20.00', base: '1000.00', amount: '200.00' },
  { rate: '10.00', base: '500.00', amount: '50.00' },
];

describe('deposit invoice figures', () => {
  it('takes a percentage of each rate’s HT, VAT per rate on that', () => {
    expect(depositFigures(breakdown, 'percentage', '30')).toEqual({
      totalCents: 45000,
      vatBreakdown: [
        { rateHundredths: 2000, baseCents: 30000, amountCents: 6000 },
        { rateHundredths: 1000, baseCents: 15000, amountCents: 1500 },
      ],
      vatCents: 7500,
      totalWithVatCents: 52500,
    });
  });

  it('splits an amount HT across the rates in proportion, to the exact cent', () => {
    // 100.00 € in thirds: 66.666… and 33.333…, the cent left to the larger remainder.
    const figures = depositFigures(breakdown, 'amount', '100');
    expect(figures?.vatBreakdown.map((entry) => entry.baseCents)).toEqual([6667, 3333]);
    expect(figures?.totalCents).toBe(10000);
  });

  it('gives nothing while the deposit is blank, zero, unreadable or too large', () => {
    for (const value of ['', '0', 'abc', '100,001']) {
      expect(depositFigures(breakdown, 'percentage', value)).toBeUndefined();
    }
    expect(depositFigures(breakdown, 'amount', '1500,01')).toBeUndefined();
    expect(depositFigures(breakdown, 'amount', '1500')?.totalWithVatCents).toBe(175000);
  });

  it('states the whole quote as it stands', () => {
    expect(wholeQuoteFigures(breakdown)).toMatchObject({
      totalCents: 150000,
      vatCents: 25000,
      totalWithVatCents: 175000,
    });
  });
});
