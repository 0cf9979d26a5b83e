import { describe, expect, it } from 'vitest';
import {
  centsOf,
  changeTenths,
  dashboardStatsSchema,
  formatPercentTenths,
  monthInFrance,
  netProfitCents,
  outstandingCents,
  paidCents,
  paidInMonthCents,
  paidTotalCents,
  pendingSupplierCents,
  percentTenthsText,
  previousMonth,
  profitMarginTenths,
  projectQuantities,
  receivables,
  topPaidTotals,
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
  it('describes the answer of GET /api/dashboard/stats', () => {
    const stats = {
      activeProjects: 2,
      monthlyRevenue: '1\u202f234,50\u00a0€',
      pendingQuotes: 1,
      profitMargin: '23,4\u00a0%',
      raw: {
        month: '2026-05',
        monthlyRevenue: '1234.50',
        previousMonthRevenue: '0.00',
        monthlyRevenueChangePercent: null,
        revenuePaid: '1234.50',
        expensesPaid: '945.62',
        netProfit: '288.88',
        profitMarginPercent: '23.4',
        pendingQuotesValue: '0.00',
        pendingInvoices: 0,
        pendingInvoicesValue: '0.00',
        overdueInvoices: 0,
        overdueInvoicesValue: '0.00',
        pendingSupplierInvoicesValue: '0.00',
      },
    };
    expect(dashboardStatsSchema.parse(stats)).toEqual(stats);
    expect(dashboardStatsSchema.safeParse({ ...stats, activeProjects: '2' }).success).toBe(false);
  });
});
