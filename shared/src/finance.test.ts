import { describe, expect, it } from 'vitest';
import { seededRandom } from './testing/seeded-random.js';
import {
  amountDueCents,
  centsOf,
  changeTenths,
  dashboardStatsSchema,
  formatPercentTenths,
  isCashed,
  isPendingInvoice,
  issuedCreditNotes,
  monthInFrance,
  netProfitCents,
  outstandingCents,
  paidCents,
  paidInMonthCents,
  paidTotalCents,
  pendingInvoices,
  pendingSupplierCents,
  percentTenthsText,
  previousMonth,
  profitMarginTenths,
  projectQuantities,
  receivables,
  remainingToPayCents,
  revenueEntries,
  revenueHtCents,
  revenueHtInMonthCents,
  topPaidTotals,
  type InvoiceAmounts,
} from './finance.js';

describe('paid amounts', () => {
  it('counts only paid invoices, their paid amount or else their total', () => {
    expect(paidCents({ status: 'paid', totalAmount: '1000.00', paidAmount: '950.00' })).toBe(95000);
    expect(paidCents({ status: 'paid', totalAmount: '1000.00', paidAmount: '0.00' })).toBe(100000);
    expect(paidCents({ status: 'paid', totalAmount: '1000.00' })).toBe(100000);
    expect(paidCents({ status: 'sent', totalAmount: '1000.00', paidAmount: '400.00' })).toBe(0);
    expect(paidCents({ status: 'draft', totalAmount: '1000.00' })).toBe(0);
    expect(
      paidTotalCents([
        { status: 'paid', totalAmount: '0.10', paidAmount: '0.10' },
        { status: 'paid', totalAmount: '0.20' },
        { status: 'cancelled', totalAmount: '5.00' },
      ]),
    ).toBe(30);
  });

  it('reads unreadable or missing amounts as 0', () => {
    expect(centsOf(undefined)).toBe(0);
    expect(centsOf(null)).toBe(0);
    expect(centsOf('abc')).toBe(0);
    expect(centsOf('1 234,56')).toBe(123456);
    expect(centsOf(12.5)).toBe(1250);
  });
});

describe('margin and change', () => {
  it('computes net profit and the margin in tenths of a percent, exactly', () => {
    expect(netProfitCents(100000, 76600)).toBe(23400);
    expect(profitMarginTenths(100000, 76600)).toBe(234);
    // 1/3 = 33.33… % → 33.3 %; 2/3 = 66.66… % → 66.7 %
    expect(profitMarginTenths(300, 200)).toBe(333);
    expect(profitMarginTenths(300, 100)).toBe(667);
    // A loss is a negative margin.
    expect(profitMarginTenths(100000, 150000)).toBe(-500);
    expect(profitMarginTenths(0, 5000)).toBeNull();
  });

  it('computes the change vs a previous figure, null without a base', () => {
    expect(changeTenths(112500, 100000)).toBe(125);
    expect(changeTenths(80000, 100000)).toBe(-200);
    expect(changeTenths(5000, 0)).toBeNull();
  });

  it('formats percentages as French text with one decimal, "0 %" when nothing to compute', () => {
    expect(formatPercentTenths(234)).toBe('23,4\u00a0%');
    expect(formatPercentTenths(250)).toBe('25,0\u00a0%');
    expect(formatPercentTenths(-52)).toBe('-5,2\u00a0%');
    expect(formatPercentTenths(12345)).toBe('1\u202f234,5\u00a0%');
    expect(formatPercentTenths(null)).toBe('0\u00a0%');
    expect(percentTenthsText(234)).toBe('23.4');
    expect(percentTenthsText(-5)).toBe('-0.5');
    expect(percentTenthsText(null)).toBeNull();
  });
});

describe('months', () => {
  it('places an instant in its month in France', () => {
    expect(monthInFrance('2026-04-30T22:30:00Z')).toBe('2026-05');
    expect(monthInFrance(new Date('2026-04-30T21:30:00Z'))).toBe('2026-04');
    expect(previousMonth('2026-01')).toBe('2025-12');
    expect(previousMonth('2026-10')).toBe('2026-09');
  });

  it('sums the revenue paid in a month', () => {
    const invoices = [
      { status: 'paid', totalAmount: '100.00', paidAmount: '100.00', paidAt: '2026-05-01T08:00:00Z' },
      { status: 'paid', totalAmount: '50.00', paidAmount: '50.00', paidAt: '2026-04-30T22:30:00Z' },
      { status: 'paid', totalAmount: '20.00', paidAmount: '20.00', paidAt: '2026-04-30T21:30:00Z' },
      { status: 'paid', totalAmount: '7.00', paidAmount: '7.00' },
      { status: 'sent', totalAmount: '999.00', paidAt: '2026-05-02T08:00:00Z' },
    ];
    expect(paidInMonthCents(invoices, '2026-05')).toBe(15000);
    expect(paidInMonthCents(invoices, '2026-04')).toBe(2000);
  });
});

describe('pending amounts', () => {
  it('counts what remains owed on sent and overdue invoices', () => {
    expect(outstandingCents({ status: 'sent', totalAmount: '100.00', paidAmount: '30.00' })).toBe(7000);
    expect(outstandingCents({ status: 'paid', totalAmount: '100.00' })).toBe(0);
    expect(outstandingCents({ status: 'draft', totalAmount: '100.00' })).toBe(0);
    expect(
      receivables(
        [
          { status: 'sent', totalAmount: '100.00', dueDate: '2026-05-01' },
          { status: 'sent', totalAmount: '50.00', dueDate: '2026-06-01' },
          { status: 'draft', totalAmount: '10.00', dueDate: '2026-01-01' },
          { status: 'paid', totalAmount: '10.00', dueDate: '2026-01-01' },
        ],
        '2026-05-10',
      ),
    ).toEqual({ count: 2, cents: 15000, overdueCount: 1, overdueCents: 10000 });
  });

  it('is one rule: issued and unpaid (sent or overdue), never a draft nor a credit note', () => {
    const invoices: InvoiceAmounts[] = [
      { id: 'draft', status: 'draft', totalWithVat: '120.00' },
      { id: 'sent', status: 'sent', totalWithVat: '1200.00', paidAmount: '200.00', creditedAmount: '100.00' },
      { id: 'overdue', status: 'overdue', totalWithVat: '60.00' },
      { id: 'paid', status: 'paid', totalWithVat: '50.00', paidAmount: '50.00' },
      { id: 'cancelled', status: 'cancelled', totalWithVat: '30.00' },
      { id: 'note', kind: 'credit_note', status: 'sent', totalWithVat: '100.00', creditedInvoiceId: 'sent' },
    ];
    expect(invoices.filter(isPendingInvoice).map((invoice) => invoice.id)).toEqual(['sent', 'overdue']);
    const pending = pendingInvoices(invoices);
    // TTC, less what was paid and what the credit note cancelled.
    expect(pending.map(({ invoice, outstandingCents: cents }) => [invoice.id, cents])).toEqual([
      ['sent', 90000],
      ['overdue', 6000],
    ]);
    // The total Facturation and the dashboard show is the sum of those very amounts.
    const owed = receivables(invoices, '2026-05-10');
    expect(owed.count).toBe(pending.length);
    expect(owed.cents).toBe(96000);
  });

  it('sums supplier invoices neither paid nor cancelled', () => {
    expect(
      pendingSupplierCents([
        { status: 'draft', totalAmount: '10.00' },
        { status: 'sent', totalAmount: '100.00', paidAmount: '40.00' },
        { status: 'overdue', totalAmount: '5.00' },
        { status: 'paid', totalAmount: '1000.00' },
        { status: 'cancelled', totalAmount: '1000.00' },
      ]),
    ).toBe(7500);
  });
});

describe('projectQuantities', () => {
  it('derives realized and balance from the estimated budget and the progress', () => {
    expect(projectQuantities({ estimatedBudget: '10000.00', progress: 45 })).toEqual({
      plannedCents: 1000000,
      realizedCents: 450000,
      balanceCents: 550000,
    });
    // 33 % of 0.05 € = 0.0165 € → 0.02 €
    expect(projectQuantities({ estimatedBudget: '0.05', progress: 33 }).realizedCents).toBe(2);
    expect(projectQuantities({ progress: 80 })).toEqual({
      plannedCents: 0,
      realizedCents: 0,
      balanceCents: 0,
    });
    expect(projectQuantities({ estimatedBudget: '100.00' }).realizedCents).toBe(0);
  });
});

describe('topPaidTotals', () => {
  it('ranks keys by paid total, largest first, leaving out unpaid ones', () => {
    const invoices = [
      { clientId: 'a', status: 'paid', totalAmount: '10.00' },
      { clientId: 'b', status: 'paid', totalAmount: '30.00' },
      { clientId: 'a', status: 'paid', totalAmount: '25.00' },
      { clientId: 'c', status: 'sent', totalAmount: '500.00' },
      { clientId: null, status: 'paid', totalAmount: '500.00' },
    ];
    expect(topPaidTotals(invoices, (invoice) => invoice.clientId)).toEqual([
      { key: 'a', cents: 3500 },
      { key: 'b', cents: 3000 },
    ]);
    expect(topPaidTotals(invoices, (invoice) => invoice.clientId, 1)).toEqual([{ key: 'a', cents: 3500 }]);
  });
});

describe('dashboardStatsSchema', () => {
  const raw = {
    month: '2026-05',
    monthlyRevenue: '1234.50',
    previousMonthRevenue: '0.00',
    monthlyRevenueChangePercent: null,
    revenuePaid: '1234.50',
    expensesPaid: '945.62',
    netProfit: '288.88',
    profitMarginPercent: '23.4',
    pendingQuotesValue: '0.00',
    pendingQuotesValueWithVat: '0.00',
    pendingInvoices: 1,
    pendingInvoicesValue: '120.00',
    overdueInvoices: 0,
    overdueInvoicesValue: '0.00',
    creditNotes: 1,
    creditNotesValue: '50.00',
    creditNotesValueWithVat: '60.00',
    pendingSupplierInvoicesValue: '0.00',
  };
  const stats = {
    activeProjects: 2,
    monthlyRevenue: '1\u202f234,50\u00a0€',
    pendingQuotes: 1,
    profitMargin: '23,4\u00a0%',
    raw,
  };

  it('describes the answer of GET /api/dashboard/stats', () => {
    expect(dashboardStatsSchema.parse(stats)).toEqual(stats);
    expect(dashboardStatsSchema.safeParse({ ...stats, activeProjects: '2' }).success).toBe(false);
  });

  it('reads an answer made before credit notes existed with their figures at zero', () => {
    const {
      pendingQuotesValueWithVat: _withVat,
      creditNotes: _count,
      creditNotesValue: _value,
      creditNotesValueWithVat: _valueWithVat,
      ...older
    } = raw;
    expect(dashboardStatsSchema.parse({ ...stats, raw: older }).raw).toMatchObject({
      pendingQuotesValueWithVat: '0.00',
      creditNotes: 0,
      creditNotesValue: '0.00',
      creditNotesValueWithVat: '0.00',
    });
  });
});

describe('HT revenue and TTC receivables with credit notes', () => {
  // An invoice of 1000.00 HT (1200.00 TTC), paid in April; credit notes of 100.00 HT (120.00 TTC)
  // issued in May, and of 50.00 HT issued in March (before the payment); a draft one (nothing).
  const paid: InvoiceAmounts = {
    id: 'p',
    status: 'paid',
    totalAmount: '1000.00',
    totalWithVat: '1200.00',
    amountDue: '1200.00',
    creditedAmount: '180.00',
    paidAmount: '1020.00',
    paidAt: '2026-04-20T10:00:00Z',
  };
  const notes: InvoiceAmounts[] = [
    {
      id: 'n1',
      kind: 'credit_note',
      status: 'sent',
      totalAmount: '100.00',
      totalWithVat: '120.00',
      creditedInvoiceId: 'p',
      issueDate: '2026-05-02',
    },
    {
      id: 'n2',
      kind: 'credit_note',
      status: 'sent',
      totalAmount: '50.00',
      totalWithVat: '60.00',
      creditedInvoiceId: 'p',
      issueDate: '2026-03-10',
    },
    {
      id: 'n3',
      kind: 'credit_note',
      status: 'draft',
      totalAmount: '70.00',
      totalWithVat: '84.00',
      creditedInvoiceId: 'p',
    },
  ];

  it('counts the HT of cashed invoices less their issued credit notes, each in its month', () => {
    expect(revenueHtCents([paid, ...notes])).toBe(85000);
    // n2 was issued before the payment: it lowers the month of the payment, April.
    expect(revenueHtInMonthCents([paid, ...notes], '2026-04')).toBe(95000);
    expect(revenueHtInMonthCents([paid, ...notes], '2026-05')).toBe(-10000);
    expect(revenueHtInMonthCents([paid, ...notes], '2026-03')).toBe(0);
    expect(revenueEntries([paid, ...notes])).toEqual([
      { cents: 100000, month: '2026-04' },
      { cents: -10000, month: '2026-05' },
      { cents: -5000, month: '2026-04' },
    ]);
  });

  it('never counts a credit note of an invoice not cashed, nor a credit note itself', () => {
    const unpaid = { ...paid, status: 'sent', paidAmount: '0.00', paidAt: undefined };
    expect(revenueHtCents([unpaid, ...notes])).toBe(0);
    // Cancelled before any payment: nothing; paid, then cancelled: its HT less its credit notes.
    expect(isCashed({ status: 'cancelled', totalAmount: '10.00' })).toBe(false);
    expect(isCashed({ status: 'cancelled', totalAmount: '10.00', paidAmount: '12.00' })).toBe(true);
    expect(isCashed({ status: 'paid', kind: 'credit_note' })).toBe(false);
    const refunded = { ...paid, status: 'cancelled', creditedAmount: '1200.00' };
    const full = { ...notes[0]!, totalAmount: '1000.00', totalWithVat: '1200.00' };
    expect(revenueHtCents([refunded, full])).toBe(0);
  });

  it('measures what remains to pay, TTC, against the amount due, credited and paid', () => {
    expect(amountDueCents({ status: 'sent', totalAmount: '100.00', totalWithVat: '120.00' })).toBe(12000);
    expect(amountDueCents({ status: 'sent', totalAmount: '100.00' })).toBe(10000);
    expect(
      remainingToPayCents({
        status: 'sent',
        amountDue: '1200.00',
        creditedAmount: '120.00',
        paidAmount: '80.00',
      }),
    ).toBe(100000);
    expect(outstandingCents({ status: 'sent', kind: 'credit_note', amountDue: '120.00' })).toBe(0);
    expect(receivables([{ ...paid, status: 'sent', paidAmount: '0.00' }, ...notes], '2026-05-10')).toEqual({
      count: 1,
      cents: 102000,
      overdueCount: 0,
      overdueCents: 0,
    });
    expect(issuedCreditNotes(notes)).toEqual({ count: 2, cents: 15000, withVatCents: 18000 });
  });

  it('holds on random companies: months add up to the total, credit notes only ever lower it', () => {
    const random = seededRandom(20261123);
    for (let run = 0; run < 200; run += 1) {
      const invoices: InvoiceAmounts[] = [];
      let expected = 0;
      let owed = 0;
      const count = random.int(0, 8);
      for (let index = 0; index < count; index += 1) {
        const ht = random.int(0, 500_000);
        const ttc = ht + Math.round(ht / 5);
        const status = random.pick(['draft', 'sent', 'paid', 'cancelled'] as const);
        const paidCents =
          status === 'paid' || (status === 'cancelled' && random.int(0, 1) === 1)
            ? random.int(1, ttc + 1)
            : 0;
        const month = `2026-${String(random.int(1, 12)).padStart(2, '0')}`;
        const id = `i${index}`;
        let creditedHt = 0;
        let creditedTtc = 0;
        for (let note = random.int(0, 3); note > 0; note -= 1) {
          const noteHt = random.int(0, Math.max(0, ht - creditedHt));
          const issued = random.int(0, 3) > 0;
          invoices.push({
            id: `${id}-n${note}`,
            kind: 'credit_note',
            status: issued ? 'sent' : 'draft',
            totalAmount: (noteHt / 100).toFixed(2),
            totalWithVat: ((noteHt + Math.round(noteHt / 5)) / 100).toFixed(2),
            creditedInvoiceId: id,
            issueDate: `2026-${String(random.int(1, 12)).padStart(2, '0')}-15`,
          });
          if (issued) {
            creditedHt += noteHt;
            creditedTtc += noteHt + Math.round(noteHt / 5);
          }
        }
        invoices.push({
          id,
          status,
          totalAmount: (ht / 100).toFixed(2),
          totalWithVat: (ttc / 100).toFixed(2),
          amountDue: (ttc / 100).toFixed(2),
          creditedAmount: (creditedTtc / 100).toFixed(2),
          paidAmount: (paidCents / 100).toFixed(2),
          paidAt: paidCents > 0 ? `${month}-10T10:00:00Z` : undefined,
        });
        if (paidCents > 0) expected += ht - creditedHt;
        if (status === 'sent') owed += Math.max(0, ttc - creditedTtc);
      }
      const total = revenueHtCents(invoices);
      expect(total).toBe(expected);
      const byMonth = Array.from({ length: 12 }, (_, month) =>
        revenueHtInMonthCents(invoices, `2026-${String(month + 1).padStart(2, '0')}`),
      );
      expect(byMonth.reduce((sum, cents) => sum + cents, 0)).toBe(total);
      const withoutNotes = invoices.filter((invoice) => invoice.kind !== 'credit_note');
      expect(total).toBeLessThanOrEqual(revenueHtCents(withoutNotes));
      expect(receivables(invoices, '2026-01-01').cents).toBe(owed);
    }
  });
});
