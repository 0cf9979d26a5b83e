import { describe, expect, it } from 'vitest';
import { computeDashboardStats } from './dashboard-stats.js';

// 10 May 2026, 00:30 in Paris (still 9 May in UTC).
const now = new Date('2026-05-09T22:30:00Z');

describe('computeDashboardStats', () => {
  it('answers zeros and "0 %" for a company without records', () => {
    const stats = computeDashboardStats(
      { projects: [], quotes: [], invoices: [], supplierInvoices: [] },
      now,
    );
    expect(stats).toEqual({
      activeProjects: 0,
      monthlyRevenue: '0,00\u00a0€',
      pendingQuotes: 0,
      profitMargin: '0\u00a0%',
      raw: {
        month: '2026-05',
        monthlyRevenue: '0.00',
        previousMonthRevenue: '0.00',
        monthlyRevenueChangePercent: null,
        revenuePaid: '0.00',
        expensesPaid: '0.00',
        netProfit: '0.00',
        profitMarginPercent: null,
        pendingQuotesValue: '0.00',
        pendingInvoices: 0,
        pendingInvoicesValue: '0.00',
        overdueInvoices: 0,
        overdueInvoicesValue: '0.00',
        pendingSupplierInvoicesValue: '0.00',
      },
    });
  });

  it('counts, sums and formats the figures of the current month in France', () => {
    const stats = computeDashboardStats(
      {
        projects: [
          { status: 'in_progress' },
          { status: 'in_progress' },
          { status: 'planning' },
          { status: 'completed' },
        ],
        quotes: [
          { status: 'sent', totalAmount: '1000.10' },
          { status: 'sent', totalAmount: '234.40' },
          { status: 'draft', totalAmount: '99.00' },
          { status: 'validated', totalAmount: '5000.00' },
        ],
        invoices: [
          // Paid on 10 May at 00:10 in Paris: this month.
          { status: 'paid', totalAmount: '1234.50', paidAmount: '1234.50', paidAt: '2026-05-09T22:10:00Z' },
          // Paid on 30 April in Paris: last month.
          { status: 'paid', totalAmount: '1000.00', paidAmount: '950.00', paidAt: '2026-04-30T20:00:00Z' },
          { status: 'sent', totalAmount: '300.00', dueDate: '2026-05-09' },
          { status: 'sent', totalAmount: '200.00', dueDate: '2026-05-10' },
          { status: 'draft', totalAmount: '700.00', dueDate: '2026-01-01' },
        ],
        supplierInvoices: [
          { status: 'paid', totalAmount: '1000.00', paidAmount: '0.00' },
          { status: 'paid', totalAmount: '500.00', paidAmount: '500.00' },
          { status: 'sent', totalAmount: '80.00', paidAmount: '0.00' },
          { status: 'cancelled', totalAmount: '9999.00' },
        ],
      },
      now,
    );
    expect(stats.activeProjects).toBe(2);
    expect(stats.pendingQuotes).toBe(2);
    expect(stats.monthlyRevenue).toBe('1\u202f234,50\u00a0€');
    // (2184.50 − 1500.00) / 2184.50 = 31.33… %
    expect(stats.profitMargin).toBe('31,3\u00a0%');
    expect(stats.raw).toEqual({
      month: '2026-05',
      monthlyRevenue: '1234.50',
      previousMonthRevenue: '950.00',
      // (1234.50 − 950) / 950 = 29.947… %
      monthlyRevenueChangePercent: '29.9',
      revenuePaid: '2184.50',
      expensesPaid: '1500.00',
      netProfit: '684.50',
      profitMarginPercent: '31.3',
      pendingQuotesValue: '1234.50',
      pendingInvoices: 2,
      pendingInvoicesValue: '500.00',
      overdueInvoices: 1,
      overdueInvoicesValue: '300.00',
      pendingSupplierInvoicesValue: '80.00',
    });
  });

  it('shows a negative margin when expenses exceed revenue', () => {
    const stats = computeDashboardStats(
      {
        projects: [],
        quotes: [],
        invoices: [
          { status: 'paid', totalAmount: '100.00', paidAmount: '100.00', paidAt: '2026-01-05T10:00:00Z' },
        ],
        supplierInvoices: [{ status: 'paid', totalAmount: '150.00', paidAmount: '150.00' }],
      },
      now,
    );
    expect(stats.profitMargin).toBe('-50,0\u00a0%');
    expect(stats.monthlyRevenue).toBe('0,00\u00a0€');
    expect(stats.raw.netProfit).toBe('-50.00');
  });
});
