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
        expensesWithoutVatDetail: 0,
        expensesWithoutVatDetailValue: '0.00',
        netProfit: '0.00',
        profitMarginPercent: null,
        pendingQuotesValue: '0.00',
        pendingQuotesValueWithVat: '0.00',
        pendingInvoices: 0,
        pendingInvoicesValue: '0.00',
        overdueInvoices: 0,
        overdueInvoicesValue: '0.00',
        creditNotes: 0,
        creditNotesValue: '0.00',
        creditNotesValueWithVat: '0.00',
        pendingSupplierInvoicesValue: '0.00',
        retentionsHeld: 0,
        retentionsHeldValue: '0.00',
      },
    });
  });

  it('counts, sums and formats the figures of the current month in France: revenue HT, receivables TTC', () => {
    const stats = computeDashboardStats(
      {
        projects: [
          { status: 'in_progress' },
          { status: 'in_progress' },
          { status: 'planning' },
          { status: 'completed' },
        ],
        quotes: [
          { status: 'sent', totalAmount: '1000.10', totalWithVat: '1200.12' },
          { status: 'sent', totalAmount: '234.40', totalWithVat: '257.84' },
          { status: 'draft', totalAmount: '99.00', totalWithVat: '118.80' },
          { status: 'validated', totalAmount: '5000.00', totalWithVat: '6000.00' },
        ],
        invoices: [
          // Paid on 10 May at 00:10 in Paris: this month; 1234.50 HT (1481.40 TTC).
          {
            id: 'a',
            status: 'paid',
            totalAmount: '1234.50',
            totalWithVat: '1481.40',
            amountDue: '1481.40',
            paidAmount: '1481.40',
            paidAt: '2026-05-09T22:10:00Z',
          },
          // Paid on 30 April in Paris, 950.00 of 1200.00 TTC (a holdback): its HT counts, 1000.00.
          {
            id: 'b',
            status: 'paid',
            totalAmount: '1000.00',
            totalWithVat: '1200.00',
            amountDue: '1200.00',
            paidAmount: '950.00',
            paidAt: '2026-04-30T20:00:00Z',
          },
          // A credit note of 100.00 HT on `b`, issued this month: this month's revenue loses it.
          {
            id: 'c',
            kind: 'credit_note',
            status: 'sent',
            totalAmount: '100.00',
            totalWithVat: '120.00',
            amountDue: '120.00',
            creditedInvoiceId: 'b',
            issueDate: '2026-05-05',
          },
          // A credit note still a draft: nothing.
          { id: 'd', kind: 'credit_note', status: 'draft', totalAmount: '50.00', creditedInvoiceId: 'a' },
          // Sent, overdue, partly credited (60.00 TTC): 360.00 − 60.00 remains.
          {
            id: 'e',
            status: 'sent',
            totalAmount: '300.00',
            totalWithVat: '360.00',
            amountDue: '360.00',
            creditedAmount: '60.00',
            dueDate: '2026-05-09',
          },
          // Its credit note: not a receivable, and not revenue (e is not cashed).
          {
            id: 'f',
            kind: 'credit_note',
            status: 'sent',
            totalAmount: '50.00',
            totalWithVat: '60.00',
            creditedInvoiceId: 'e',
            issueDate: '2026-05-01',
          },
          { id: 'g', status: 'sent', totalAmount: '200.00', totalWithVat: '240.00', dueDate: '2026-05-10' },
          { id: 'h', status: 'draft', totalAmount: '700.00', totalWithVat: '840.00', dueDate: '2026-01-01' },
          // Cancelled by a credit note before being paid: nothing anywhere.
          {
            id: 'i',
            status: 'cancelled',
            totalAmount: '80.00',
            totalWithVat: '96.00',
            creditedAmount: '96.00',
          },
        ],
        supplierInvoices: [
          { status: 'paid', totalAmount: '1000.00', paidAmount: '0.00' },
          // HT known: its HT counts (a margin is HT against HT).
          { status: 'paid', netAmount: '500.00', totalAmount: '600.00', paidAmount: '600.00' },
          { status: 'sent', totalAmount: '80.00', paidAmount: '0.00' },
          { status: 'cancelled', totalAmount: '9999.00' },
        ],
      },
      now,
    );
    expect(stats.activeProjects).toBe(2);
    expect(stats.pendingQuotes).toBe(2);
    // May: 1234.50 (a) − 100.00 (c) = 1134.50 HT.
    expect(stats.monthlyRevenue).toBe('1\u202f134,50\u00a0€');
    // Revenue 1234.50 + 1000.00 − 100.00 = 2134.50 HT; (2134.50 − 1500.00) / 2134.50 = 29.72… %
    expect(stats.profitMargin).toBe('29,7\u00a0%');
    expect(stats.raw).toEqual({
      month: '2026-05',
      monthlyRevenue: '1134.50',
      previousMonthRevenue: '1000.00',
      // (1134.50 − 1000) / 1000 = 13.45 % → 13.5 (half away from zero)
      monthlyRevenueChangePercent: '13.5',
      revenuePaid: '2134.50',
      expensesPaid: '1500.00',
      // The first one has only its TTC: counted at it, and said.
      expensesWithoutVatDetail: 1,
      expensesWithoutVatDetailValue: '1000.00',
      netProfit: '634.50',
      profitMarginPercent: '29.7',
      pendingQuotesValue: '1234.50',
      pendingQuotesValueWithVat: '1457.96',
      // e (300.00 TTC left, overdue) and g (240.00 TTC).
      pendingInvoices: 2,
      pendingInvoicesValue: '540.00',
      overdueInvoices: 1,
      overdueInvoicesValue: '300.00',
      creditNotes: 2,
      creditNotesValue: '150.00',
      creditNotesValueWithVat: '180.00',
      pendingSupplierInvoicesValue: '80.00',
      retentionsHeld: 0,
      retentionsHeldValue: '0.00',
    });
  });

  it('counts the retenues de garantie held apart from the receivables, never a released one', () => {
    // DOCUMENTS.md § 4: situations of 12 960.00 and 24 840.00 TTC withholding 720.00 and 1 380.00.
    const situation = (id: string, fields: Record<string, unknown>) => ({
      id,
      kind: 'progress',
      status: 'sent',
      quoteId: 'q',
      totalAmount: '10800.00',
      totalWithVat: '12960.00',
      retentionAmount: '720.00',
      amountDue: '12240.00',
      ...fields,
    });
    const stats = computeDashboardStats(
      {
        projects: [],
        quotes: [],
        invoices: [
          situation('s1', {}),
          situation('s2', {
            status: 'paid',
            totalAmount: '20700.00',
            totalWithVat: '24840.00',
            retentionAmount: '1380.00',
            amountDue: '23460.00',
            paidAmount: '23460.00',
          }),
          // Released: paid to the company, no longer held.
          situation('s0', { status: 'paid', paidAmount: '12240.00', retentionReleasedAt: '2026-05-02' }),
          // A draft and a cancelled situation hold nothing.
          situation('s3', { status: 'draft' }),
          situation('s4', { status: 'cancelled', creditedAmount: '12960.00' }),
        ],
        supplierInvoices: [],
      },
      now,
    );
    expect(stats.raw).toMatchObject({
      // Only s1's amount due; its 720.00 are not in it.
      pendingInvoices: 1,
      pendingInvoicesValue: '12240.00',
      retentionsHeld: 2,
      retentionsHeldValue: '2100.00',
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
