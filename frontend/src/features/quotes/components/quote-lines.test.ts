import { quoteTotals } from '@btp/shared/pricing';
import { describe, expect, it } from 'vitest';

import { decimalForInput, emptyLine, liveTotals, validateLines, type LineDraft } from './quote-lines';

function line(changes: Partial<LineDraft>): LineDraft {
  return { ...emptyLine(), resourceType: 'materials', ...changes };
}

describe('live quote totals', () => {
  it('agree to the cent with the shared pricing rule (the server’s)', () => {
    const lines = [
      line({ quantity: '12,5', unitPrice: '8,40' }),
      line({ resourceType: 'labor', quantity: '2', unitPrice: '150' }),
    ];
    const live = liveTotals(lines, '10.00', '15.00');
    expect(live).toEqual({
      lineCents: [10500, 30000],
      subtotalCents: 40500,
      overheadCents: 4050,
      marginCents: 6683,
      totalCents: 51233,
    });
    expect(
      quoteTotals({ items: lines, overheadPercentage: '10.00', marginPercentage: '15.00' }),
    ).toMatchObject({
      subtotalAmount: '405.00',
      overheadAmount: '40.50',
      marginAmount: '66.83',
      totalAmount: '512.33',
    });
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
    expect(live.lineCents).toEqual([83, 10, 20]);
    expect(live.totalCents).toBe(113);
  });

  it('counts a line that cannot be read yet for nothing', () => {
    const live = liveTotals(
      [
        line({ quantity: '', unitPrice: '10' }),
        line({ quantity: '0', unitPrice: '10' }),
        line({ quantity: '3', unitPrice: '-1' }),
        line({ quantity: '3', unitPrice: '10' }),
      ],
      '10',
      '0',
    );
    expect(live.lineCents).toEqual([null, null, null, 3000]);
    expect(live.subtotalCents).toBe(3000);
    expect(live.overheadCents).toBe(300);
  });

  it('counts a percentage outside 0–100 or unreadable as 0 %', () => {
    const lines = [line({ quantity: '1', unitPrice: '100' })];
    expect(liveTotals(lines, '150', 'abc').totalCents).toBe(10000);
    expect(liveTotals(lines, '12,5', '').totalCents).toBe(11250);
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
      line({ resourceType: 'labor', description: '', unit: 'h', quantity: '2', unitPrice: '0' }),
    ]);
    expect(result.items).toEqual([
      {
        resourceType: 'materials',
        description: 'Carrelage 60x60',
        unit: 'm²',
        quantity: '12.500',
        unitPrice: '8.40',
        sortOrder: 0,
      },
      { resourceType: 'labor', unit: 'h', quantity: '2.000', unitPrice: '0.00', sortOrder: 1 },
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
