import type { QuoteItem } from '@btp/shared/entities/quote';
import { describe, expect, it } from 'vitest';
import { percentLabel, pricedInvoice } from '@btp/shared/invoice-lines';
import { depositLines, quoteBillingState, standardLines, type BillingInvoice } from './quote-billing.js';

const quote = {
  number: 'DEV-2026-0001',
  vatBreakdown: [
    { rate: '20.00', base: '379.50', amount: '75.90' },
    { rate: '10.00', base: '163.40', amount: '16.34' },
  ],
};

const invoice = (fields: Partial<BillingInvoice>): BillingInvoice => ({
  id: 'x',
  kind: 'standard',
  status: 'draft',
  totalAmount: '0.00',
  vatBreakdown: [],
  ...fields,
});

describe('deposit lines', () => {
  it('takes a percentage of each rate, one line per rate, and states it in French', () => {
    expect(depositLines(quote, { percentageHundredths: 3000 })).toEqual([
      {
        description: 'Acompte de 30\u00a0% sur le devis DEV-2026-0001',
        quantity: '1.000',
        unitPrice: '113.85',
        vatRate: '20.00',
      },
      {
        description: 'Acompte de 30\u00a0% sur le devis DEV-2026-0001',
        quantity: '1.000',
        unitPrice: '49.02',
        vatRate: '10.00',
      },
    ]);
    expect(percentLabel(1250)).toBe('12,5\u00a0%');
    expect(percentLabel(10000)).toBe('100\u00a0%');
  });

  it('splits an amount HT in proportion to the bases, to the cent, leaving out rates of 0', () => {
    const lines = depositLines(quote, { amountCents: 10000 });
    expect(lines.map((line) => [line.unitPrice, line.vatRate])).toEqual([
      ['69.90', '20.00'],
      ['30.10', '10.00'],
    ]);
    expect(lines[0]?.description).toBe('Acompte sur le devis DEV-2026-0001');
    expect(
      depositLines(
        { ...quote, vatBreakdown: [...quote.vatBreakdown, { rate: '5.50', base: '0.00', amount: '0.00' }] },
        {
          amountCents: 1,
        },
      ),
    ).toHaveLength(1);
  });
});

describe('quote billing state', () => {
  it('counts deposits net of their issued credit notes, skips cancelled ones, finds drafts and the final invoice', () => {
    const invoices: BillingInvoice[] = [
      invoice({
        id: 'd1',
        kind: 'deposit',
        status: 'sent',
        number: 'FAC-2026-0001',
        quoteId: 'q',
        totalAmount: '162.87',
        vatBreakdown: [
          { rate: '20.00', base: '113.85', amount: '22.77' },
          { rate: '10.00', base: '49.02', amount: '4.90' },
        ],
      }),
      // Credits 13.85 HT at 20 % of d1.
      invoice({
        id: 'c1',
        kind: 'credit_note',
        status: 'sent',
        number: 'AV-2026-0001',
        creditedInvoiceId: 'd1',
        vatBreakdown: [{ rate: '20.00', base: '13.85', amount: '2.77' }],
      }),
      // A draft credit note takes nothing back yet.
      invoice({
        id: 'c2',
        kind: 'credit_note',
        creditedInvoiceId: 'd1',
        vatBreakdown: [{ rate: '10.00', base: '49.02', amount: '4.90' }],
      }),
      invoice({
        id: 'd2',
        kind: 'deposit',
        status: 'cancelled',
        quoteId: 'q',
        vatBreakdown: [{ rate: '20.00', base: '50.00', amount: '10.00' }],
      }),
      invoice({
        id: 'd3',
        kind: 'deposit',
        quoteId: 'q',
        vatBreakdown: [{ rate: '20.00', base: '10.00', amount: '2.00' }],
      }),
      invoice({
        id: 'o',
        kind: 'deposit',
        quoteId: 'other',
        vatBreakdown: [{ rate: '20.00', base: '99.00', amount: '19.80' }],
      }),
    ];
    const state = quoteBillingState('q', invoices);
    expect(state.deposits.map((deposit) => [deposit.invoice.id, deposit.netByRate])).toEqual([
      [
        'd1',
        [
          { rateHundredths: 2000, baseCents: 10000 },
          { rateHundredths: 1000, baseCents: 4902 },
        ],
      ],
      ['d3', [{ rateHundredths: 2000, baseCents: 1000 }]],
    ]);
    expect(state.depositsCents).toBe(15902);
    expect(state.draftDeposit?.id).toBe('d3');
    expect(state.standardInvoice).toBeUndefined();
    // The draft being edited is left out.
    expect(quoteBillingState('q', invoices, 'd3').depositsCents).toBe(14902);

    const invoiced = quoteBillingState('q', [
      ...invoices,
      invoice({ id: 's', quoteId: 'q', kind: undefined }),
    ]);
    expect(invoiced.standardInvoice?.id).toBe('s');
    expect(
      quoteBillingState('q', [invoice({ id: 's', quoteId: 'q', status: 'cancelled' })]).standardInvoice,
    ).toBeUndefined();
  });
});

describe('the invoice of a whole quote', () => {
  const item = (fields: Partial<QuoteItem>): QuoteItem =>
    ({
      id: 'i',
      companyId: 'c',
      quoteId: 'q',
      createdAt: '',
      updatedAt: '',
      resourceType: 'materials',
      quantity: '1.000',
      unitPrice: '1.00',
      sortOrder: 0,
      vatRate: '20.00',
      totalPrice: '1.00',
      saleUnitPrice: '1.27',
      saleTotal: '1.27',
      ...fields,
    }) as QuoteItem;

  it('copies every line at its selling price and deducts each deposit per rate', () => {
    const { lines, depositDeductionCents } = standardLines(
      [
        item({ description: 'Pose', unit: 'h', quantity: '2.000', saleUnitPrice: '189.75' }),
        item({ resourceType: 'labor', description: ' ' }),
      ],
      [
        {
          invoice: invoice({ id: 'd', number: 'FAC-2026-0003' }),
          netByRate: [{ rateHundredths: 2000, baseCents: 5000 }],
          netCents: 5000,
        },
      ],
    );
    expect(lines).toEqual([
      { description: 'Pose', unit: 'h', quantity: '2.000', unitPrice: '189.75', vatRate: '20.00' },
      { description: "Main-d'œuvre", quantity: '1.000', unitPrice: '1.27', vatRate: '20.00' },
      {
        description: "Déduction de l'acompte FAC-2026-0003",
        quantity: '-1.000',
        unitPrice: '50.00',
        vatRate: '20.00',
      },
    ]);
    expect(depositDeductionCents).toBe(5000);
    // 379.50 + 1.27 − 50.00 = 330.77 HT; VAT 66.154 → 66.15.
    expect(pricedInvoice(lines, { noVat: false, defaultVatRate: '20.00' })).toMatchObject({
      totalAmount: '330.77',
      vatAmount: '66.15',
      totalWithVat: '396.92',
      amountDue: '396.92',
    });
  });
});
