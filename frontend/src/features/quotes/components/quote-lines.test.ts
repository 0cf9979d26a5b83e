import { quoteTotals } from '@btp/shared/pricing';
import { describe, expect, it } from 'vitest';

import {
  decimalForInput,
  emptyLine,
  liveTotals,
  validateLines,
  vatRateText,
  type LineDraft,
} from './quote-lines';

function line(changes: Partial<LineDraft>): LineDraft {
  return { ...emptyLine(), resourceType: 'materials', ...changes };
}

describe('live quote totals', () => {
  const twoRates = () => [
    line({ quantity: '12,5', unitPrice: '8,40', vatRate: '20.00' }),
    line({ resourceType: 'labor', quantity: '2', unitPrice: '150', vatRate: '10.00' }),
  ];

  it('agree to the cent with the shared pricing rule (the server’s), VAT per rate', () => {
    const lines = twoRates();
    const live = liveTotals(lines, '10.00', '15.00');
    expect(live).toEqual({
      lines: [
        { costTotalCents: 10500, saleUnitPriceCents: 1063, saleTotalCents: 13288, vatRateHundredths: 2000 },
        { costTotalCents: 30000, saleUnitPriceCents: 18975, saleTotalCents: 37950, vatRateHundredths: 1000 },
      ],
      subtotalCents: 40500,
      overheadCents: 4050,
      marginCents: 6688,
      totalCents: 51238,
      vatBreakdown: [
        { rateHundredths: 2000, baseCents: 13288, amountCents: 2658 },
        { rateHundredths: 1000, baseCents: 37950, amountCents: 3795 },
      ],
      vatCents: 6453,
      totalWithVatCents: 57691,
    });
    expect(
      quoteTotals({ items: lines, overheadPercentage: '10.00', marginPercentage: '15.00' }),
    ).toMatchObject({
      subtotalAmount: '405.00',
      overheadAmount: '40.50',
      marginAmount: '66.88',
      totalAmount: '512.38',
      vatBreakdown: [
        { rate: '20.00', base: '132.88', amount: '26.58' },
        { rate: '10.00', base: '379.50', amount: '37.95' },
      ],
      vatAmount: '64.53',
      totalWithVat: '576.91',
    });
  });

  it('taxes every line at 0 % under reverse charge (or the franchise)', () => {
    const live = liveTotals(twoRates(), '10', '15', true);
    expect(live.lines.map((figures) => figures?.vatRateHundredths)).toEqual([0, 0]);
    expect(live.vatBreakdown).toEqual([{ rateHundredths: 0, baseCents: 51238, amountCents: 0 }]);
    expect(live.vatCents).toBe(0);
    expect(live.totalWithVatCents).toBe(51238);
  });

  it('rounds each line to the cent, halves away from zero, without floating point', () => {
    // 2.5 × 0.33 € = 0.825 € → 0.83 €; 0.1 + 0.2 stays 0.30 €.
    const live = liveTotals(
      [
        line({ quantity: '2,5', unitPrice: '0,33' }),
        line({ quantity: '1', unitPrice: '0.1' }),
        line({ quantity: '1', unitPrice: '0,2' }),
      ],
      '0',
      '0',
    );
    expect(live.lines.map((figures) => figures?.saleTotalCents)).toEqual([83, 10, 20]);
    expect(live.totalCents).toBe(113);
    // 20 % of 1.13 € = 0.226 € → 0.23 €, on the sum (never per line).
    expect(live.vatCents).toBe(23);
  });

  it('counts a line that cannot be read yet for nothing, nor its rate', () => {
    const live = liveTotals(
      [
        line({ quantity: '', unitPrice: '10', vatRate: '5.50' }),
        line({ quantity: '0', unitPrice: '10', vatRate: '5.50' }),
        line({ quantity: '3', unitPrice: '-1', vatRate: '5.50' }),
        line({ quantity: '3', unitPrice: '10', vatRate: '10.00' }),
      ],
      '10',
      '0',
    );
    expect(live.lines.map((figures) => figures?.costTotalCents ?? null)).toEqual([null, null, null, 3000]);
    expect(live.subtotalCents).toBe(3000);
    expect(live.overheadCents).toBe(300);
    expect(live.vatBreakdown).toEqual([{ rateHundredths: 1000, baseCents: 3300, amountCents: 330 }]);
  });

  it('counts a percentage outside 0–100 or unreadable as 0 %', () => {
    const lines = [line({ quantity: '1', unitPrice: '100' })];
    expect(liveTotals(lines, '150', 'abc').totalCents).toBe(10000);
    expect(liveTotals(lines, '12,5', '').totalCents).toBe(11250);
  });

  it('shows nothing rather than a wrong figure beyond the safe integers', () => {
    const live = liveTotals([line({ quantity: '9999999999999', unitPrice: '99999999999' })], '0', '0');
    expect(live.lines).toEqual([null]);
    expect(live.totalWithVatCents).toBe(0);
  });
});

describe('quote line validation', () => {
  it('gives the spec messages for quantity and unit price', () => {
    const result = validateLines([
      line({ quantity: '0', unitPrice: '-1' }),
      line({ quantity: 'abc', unitPrice: '' }),
      line({ resourceType: undefined, quantity: '1', unitPrice: '0' }),
    ]);
    expect(result.items).toBeUndefined();
    expect(result.messages).toEqual([
      {
        quantity: 'La quantité doit être un nombre positif',
        unitPrice: 'Le prix unitaire doit être un nombre positif ou nul',
      },
      {
        quantity: 'La quantité doit être un nombre positif',
        unitPrice: 'Le prix unitaire doit être un nombre positif ou nul',
      },
      { resourceType: 'Le type de ressource est requis' },
    ]);
  });

  it('gives the items to send, normalised and ordered', () => {
    const result = validateLines([
      line({ description: 'Carrelage 60x60', unit: 'm²', quantity: '12,5', unitPrice: '8,4' }),
      line({
        resourceType: 'labor',
        description: '',
        unit: 'h',
        quantity: '2',
        unitPrice: '0',
        vatRate: '5.50',
      }),
    ]);
    expect(result.items).toEqual([
      {
        resourceType: 'materials',
        description: 'Carrelage 60x60',
        unit: 'm²',
        quantity: '12.500',
        unitPrice: '8.40',
        vatRate: '20.00',
        sortOrder: 0,
      },
      {
        resourceType: 'labor',
        unit: 'h',
        quantity: '2.000',
        unitPrice: '0.00',
        vatRate: '5.50',
        sortOrder: 1,
      },
    ]);
  });
});

describe('stored decimals in the editor', () => {
  it('reads with a decimal comma, trailing zeros dropped beyond the kept decimals', () => {
    expect(decimalForInput('12.500')).toBe('12,5');
    expect(decimalForInput('2.000')).toBe('2');
    expect(decimalForInput('8.40', 2)).toBe('8,40');
    expect(decimalForInput('150.00', 2)).toBe('150,00');
  });
});

describe('VAT rates as read', () => {
  it('writes them the French way', () => {
    expect(vatRateText(2000)).toBe('20\u00a0%');
    expect(vatRateText(550)).toBe('5,5\u00a0%');
    expect(vatRateText(0)).toBe('0\u00a0%');
  });

  it('gives a new line the rate it is asked for, 20 % by default', () => {
    expect(emptyLine().vatRate).toBe('20.00');
    expect(emptyLine('10.00').vatRate).toBe('10.00');
  });
});
