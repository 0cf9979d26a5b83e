import { describe, expect, it } from 'vitest';
import { revenueHtCents, type InvoiceAmounts } from './finance.js';
import { seededRandom } from './testing/seeded-random.js';

import {
  changeVsText,
  comparedBarPercents,
  countByStatus,
  firstOf,
  formatPointsTenths,
  formatSignedPercentTenths,
  purchasesHtInQuarterCents,
  previousQuarter,
  quarterInFrance,
  quarterMarginChangeTenths,
  quarterMarginTenths,
  revenueHtInQuarterCents,
  topPaidParties,
  topRevenueParties,
} from './finance-views.js';

const NBSP = '\u00a0';

describe('trend texts', () => {
  it('writes a signed change in fr-FR with one decimal', () => {
    expect(formatSignedPercentTenths(84)).toBe(`+8,4${NBSP}%`);
    expect(formatSignedPercentTenths(-52)).toMatch(/^[-\u2212]5,2\u00a0%$/);
    expect(formatSignedPercentTenths(0)).toBe(`0,0${NBSP}%`);
    expect(formatSignedPercentTenths(12345)).toBe(`+1\u202f234,5${NBSP}%`);
  });

  it('says what the change is against, or a dash without a base', () => {
    expect(changeVsText(125, 'mois dernier')).toBe(`+12,5${NBSP}% vs mois dernier`);
    expect(changeVsText(null, 'mois dernier')).toBe('— vs mois dernier');
  });

  it('writes percentage points with their sign and unit', () => {
    expect(formatPointsTenths(21)).toBe(`+2,1${NBSP}pts`);
    expect(formatPointsTenths(-4)).toMatch(/^[-\u2212]0,4\u00a0pt$/);
    expect(formatPointsTenths(0)).toBe(`0,0${NBSP}pt`);
    expect(formatPointsTenths(null)).toBe('—');
  });
});

describe('quarters', () => {
  it('reads the quarter in France, across the year boundary', () => {
    expect(quarterInFrance('2026-05-10T08:00:00.000Z')).toBe('2026-Q2');
    // 31 March 23:30 in Paris (UTC+2) is still Q1; 31 December 23:30 UTC is 1 January in Paris.
    expect(quarterInFrance('2026-03-31T21:30:00.000Z')).toBe('2026-Q1');
    expect(quarterInFrance('2025-12-31T23:30:00.000Z')).toBe('2026-Q1');
    expect(previousQuarter('2026-Q1')).toBe('2025-Q4');
    expect(previousQuarter('2026-Q3')).toBe('2026-Q2');
  });

  const invoices = [
    { status: 'paid', totalAmount: '1000.00', paidAmount: '1000.00', paidAt: '2026-05-02T10:00:00Z' },
    { status: 'paid', totalAmount: '500.00', paidAmount: '0.00', paidAt: '2026-06-30T10:00:00Z' },
    { status: 'paid', totalAmount: '2000.00', paidAmount: '2000.00', paidAt: '2026-02-10T10:00:00Z' },
    { status: 'paid', totalAmount: '9.99', paidAmount: '9.99' },
    { status: 'sent', totalAmount: '700.00', paidAmount: '0.00', paidAt: '2026-05-02T10:00:00Z' },
  ];
  const supplierInvoices = [
    { status: 'paid', totalAmount: '600.00', paidAmount: '600.00', paidAt: '2026-04-15T10:00:00Z' },
    { status: 'paid', totalAmount: '1000.00', paidAmount: '1000.00', paidAt: '2026-01-15T10:00:00Z' },
  ];

  it('sums the purchases HT paid in a quarter (credit notes deducted), in cents', () => {
    const purchases = [
      ...supplierInvoices,
      // HT known: its HT less its credit note's HT, in the quarter of its payment.
      {
        status: 'paid',
        netAmount: '500.00',
        totalAmount: '600.00',
        paidAmount: '480.00',
        paidAt: '2026-06-30T10:00:00Z',
        creditNotes: [{ netAmount: '100.00', totalAmount: '120.00' }],
      },
      { status: 'sent', netAmount: '700.00', totalAmount: '840.00', paidAt: '2026-05-02T10:00:00Z' },
    ];
    expect(purchasesHtInQuarterCents(purchases, '2026-Q2')).toBe(100000);
    expect(purchasesHtInQuarterCents(purchases, '2026-Q1')).toBe(100000);
    expect(purchasesHtInQuarterCents(purchases, '2025-Q4')).toBe(0);
  });

  it('counts revenue HT in a quarter, less the credit notes of cashed invoices', () => {
    const withCredit = [
      ...invoices,
      {
        id: 'x',
        status: 'paid',
        totalAmount: '300.00',
        paidAmount: '360.00',
        paidAt: '2026-03-30T10:00:00Z',
      },
      // Issued in April for an invoice paid in March: it lowers Q2.
      {
        kind: 'credit_note',
        status: 'sent',
        totalAmount: '100.00',
        creditedInvoiceId: 'x',
        issueDate: '2026-04-02',
      },
      // A draft credit note counts nowhere.
      { kind: 'credit_note', status: 'draft', totalAmount: '50.00', creditedInvoiceId: 'x' },
    ];
    expect(revenueHtInQuarterCents(withCredit, '2026-Q1')).toBe(230000);
    expect(revenueHtInQuarterCents(withCredit, '2026-Q2')).toBe(140000);
    // Q2: (1400 − 600) / 1400 = 57.1 %.
    expect(quarterMarginTenths(withCredit, supplierInvoices, '2026-Q2')).toBe(571);
  });

  it('splits the revenue of a year across its quarters exactly, credit notes included (random cases)', () => {
    const random = seededRandom(4242);
    for (let run = 0; run < 100; run += 1) {
      const records: InvoiceAmounts[] = [];
      for (let index = random.int(0, 10); index > 0; index -= 1) {
        const month = String(random.int(1, 12)).padStart(2, '0');
        const cents = random.int(0, 1_000_000);
        records.push({
          id: `i${index}`,
          status: random.pick(['paid', 'sent', 'cancelled']),
          totalAmount: (cents / 100).toFixed(2),
          paidAmount: random.int(0, 1) === 1 ? '1.00' : '0.00',
          paidAt: `2026-${month}-12T10:00:00Z`,
        });
        if (random.int(0, 1) === 1) {
          records.push({
            kind: 'credit_note',
            status: random.pick(['sent', 'draft']),
            totalAmount: (random.int(0, cents) / 100).toFixed(2),
            creditedInvoiceId: `i${index}`,
            issueDate: `2026-${String(random.int(1, 12)).padStart(2, '0')}-03`,
          });
        }
      }
      const quarters = ['2026-Q1', '2026-Q2', '2026-Q3', '2026-Q4'].map((quarter) =>
        revenueHtInQuarterCents(records, quarter),
      );
      expect(quarters.reduce((sum, cents) => sum + cents, 0)).toBe(revenueHtCents(records));
    }
  });

  it('computes the margin of a quarter and its change from the previous one, in points', () => {
    // Q2: (1500 − 600) / 1500 = 60 %; Q1: (2000 − 1000) / 2000 = 50 %.
    expect(quarterMarginTenths(invoices, supplierInvoices, '2026-Q2')).toBe(600);
    expect(quarterMarginTenths(invoices, supplierInvoices, '2026-Q1')).toBe(500);
    expect(quarterMarginChangeTenths(invoices, supplierInvoices, new Date('2026-05-20T12:00:00Z'))).toBe(100);
    // Nothing cashed in Q4 2025: no margin to compare Q1 with.
    expect(
      quarterMarginChangeTenths(invoices, supplierInvoices, new Date('2026-02-20T12:00:00Z')),
    ).toBeNull();
  });
});

describe('bars, counts and lists', () => {
  it('gives the larger amount a full bar and the other its share', () => {
    expect(comparedBarPercents(100000, 70000)).toEqual({ a: 100, b: 70 });
    expect(comparedBarPercents(30000, 90000)).toEqual({ a: 33, b: 100 });
    expect(comparedBarPercents(200, 1)).toEqual({ a: 100, b: 1 });
    expect(comparedBarPercents(0, 0)).toEqual({ a: 0, b: 0 });
    expect(comparedBarPercents(-500, 0)).toEqual({ a: 0, b: 0 });
  });

  it('counts records per listed status only', () => {
    const projects = [
      { status: 'in_progress' },
      { status: 'planning' },
      { status: 'in_progress' },
      { status: 'cancelled' },
    ];
    expect(countByStatus(projects, ['in_progress', 'planning', 'completed', 'on_hold'])).toEqual({
      in_progress: 2,
      planning: 1,
      completed: 0,
      on_hold: 0,
    });
  });

  it('keeps the first items and counts the rest', () => {
    expect(firstOf([1, 2, 3, 4, 5, 6, 7], 5)).toEqual({ shown: [1, 2, 3, 4, 5], moreCount: 2 });
    expect(firstOf([1, 2], 5)).toEqual({ shown: [1, 2], moreCount: 0 });
  });

  it('ranks clients by paid totals with their names, at most five', () => {
    const paid = (clientId: string, name: string | undefined, amount: string) => ({
      status: 'paid',
      totalAmount: amount,
      paidAmount: amount,
      clientId,
      client: name === undefined ? undefined : { id: clientId, name },
    });
    const invoices = [
      paid('a', 'Garnier SARL', '100.10'),
      paid('b', 'Mairie de Lyon', '500.00'),
      paid('a', 'Garnier SARL', '0.20'),
      paid('c', undefined, '50.00'),
      { status: 'sent', totalAmount: '9000.00', clientId: 'd', client: { id: 'd', name: 'Dupont' } },
      paid('e', 'E', '10.00'),
      paid('f', 'F', '20.00'),
      paid('g', 'G', '30.00'),
    ];
    const top = topPaidParties(
      invoices,
      (invoice) => invoice.client,
      (invoice) => invoice.clientId,
    );
    expect(top).toEqual([
      { id: 'b', name: 'Mairie de Lyon', cents: 50000 },
      { id: 'a', name: 'Garnier SARL', cents: 10030 },
      { id: 'c', name: 'Inconnu', cents: 5000 },
      { id: 'g', name: 'G', cents: 3000 },
      { id: 'f', name: 'F', cents: 2000 },
    ]);
  });
});

describe('topRevenueParties', () => {
  it('ranks clients by revenue HT cashed: partial payments counted, credit notes taken off', () => {
    const client = (id: string, name: string) => ({ clientId: id, client: { id, name } });
    const invoices = [
      // Paid in full, then 200,00 € HT credited: 800,00 €.
      {
        id: 'a1',
        status: 'paid',
        totalAmount: '1000.00',
        totalWithVat: '1200.00',
        amountDue: '1200.00',
        paidAmount: '1200.00',
        paidAt: '2026-05-01T10:00:00Z',
        ...client('a', 'Garnier SARL'),
      },
      {
        id: 'a2',
        kind: 'credit_note',
        status: 'sent',
        totalAmount: '200.00',
        totalWithVat: '240.00',
        creditedInvoiceId: 'a1',
        issueDate: '2026-05-03',
        ...client('a', 'Garnier SARL'),
      },
      // Half paid: 500,00 € HT of 1 000,00 €.
      {
        id: 'b1',
        status: 'sent',
        totalAmount: '1000.00',
        totalWithVat: '1200.00',
        amountDue: '1200.00',
        paidAmount: '600.00',
        payments: [{ id: 'p1', amount: '600.00', paidAt: '2026-05-02T10:00:00Z' }],
        ...client('b', 'Mairie de Lyon'),
      },
      // Nothing paid: left out.
      {
        id: 'c1',
        status: 'sent',
        totalAmount: '9000.00',
        totalWithVat: '10800.00',
        amountDue: '10800.00',
        ...client('c', 'Dupont'),
      },
    ];
    expect(
      topRevenueParties(
        invoices,
        (invoice) => invoice.client,
        (invoice) => invoice.clientId,
      ),
    ).toEqual([
      { id: 'a', name: 'Garnier SARL', cents: 80000 },
      { id: 'b', name: 'Mairie de Lyon', cents: 50000 },
    ]);
  });
});
