import { dashboardWidgetsSchema } from '@btp/shared/dashboard-widgets';
import { describe, expect, it } from 'vitest';
import { computeDashboardWidgets, monthsOfQuarter, type WidgetRecords } from './dashboard-widgets.js';

// 10 May 2026, 00:30 in Paris (still 9 May in UTC): Q2 2026.
const now = new Date('2026-05-09T22:30:00Z');

const empty: WidgetRecords = { projects: [], invoices: [], supplierInvoices: [], documents: [] };

describe('computeDashboardWidgets', () => {
  it('answers empty lists and zeros for a company without records', () => {
    expect(computeDashboardWidgets(empty, now)).toEqual({
      projectCount: 0,
      quarterMarginChangeTenths: null,
      recentProjects: [],
      activeProjects: [],
      pendingInvoices: {
        items: [],
        count: 0,
        total: '0.00',
        retentionsHeld: '0.00',
        retentionsReleasable: '0.00',
      },
      recentDocuments: [],
    });
  });

  it('lists the newest projects, and the newest in progress with their quantities', () => {
    const projects = [
      { id: 'p1', name: 'Villa', status: 'planning', progress: 0, client: { name: 'Dupont' } },
      { id: 'p2', name: 'École', status: 'in_progress', progress: 40, estimatedBudget: '1000.00' },
      { id: 'p3', name: 'Halle', status: 'in_progress', progress: 25, estimatedBudget: '333.33' },
      { id: 'p4', name: 'Mairie', status: 'completed', progress: 100 },
      { id: 'p5', name: 'Gare', status: 'in_progress', progress: 10, estimatedBudget: '50.00' },
      { id: 'p6', name: 'Port', status: 'in_progress', progress: 90, estimatedBudget: '10.00' },
    ];
    const widgets = computeDashboardWidgets({ ...empty, projects }, now);
    expect(widgets.projectCount).toBe(6);
    expect(widgets.recentProjects).toEqual([
      { id: 'p1', name: 'Villa', status: 'planning', progress: 0, clientName: 'Dupont' },
      { id: 'p2', name: 'École', status: 'in_progress', progress: 40, clientName: null },
      { id: 'p3', name: 'Halle', status: 'in_progress', progress: 25, clientName: null },
    ]);
    expect(widgets.activeProjects).toEqual([
      { id: 'p2', name: 'École', progress: 40, planned: '1000.00', realized: '400.00', balance: '600.00' },
      // 25 % of 333.33, rounded half up to the cent.
      { id: 'p3', name: 'Halle', progress: 25, planned: '333.33', realized: '83.33', balance: '250.00' },
      { id: 'p5', name: 'Gare', progress: 10, planned: '50.00', realized: '5.00', balance: '45.00' },
    ]);
  });

  it('lists 3 pending invoices but adds up every one of them, overdue derived today', () => {
    const invoices = [
      {
        id: 'i1',
        title: 'Lot 1',
        status: 'sent',
        totalAmount: '100.00',
        totalWithVat: '120.00',
        dueDate: '2026-05-09',
      },
      { id: 'i2', title: 'Brouillon', status: 'draft', totalAmount: '900.00', totalWithVat: '1080.00' },
      {
        id: 'i3',
        title: 'Lot 2',
        status: 'sent',
        totalAmount: '50.00',
        totalWithVat: '60.00',
        dueDate: '2026-06-01',
      },
      {
        id: 'i4',
        title: 'Avoir',
        kind: 'credit_note',
        status: 'sent',
        totalAmount: '10.00',
        totalWithVat: '12.00',
        creditedInvoiceId: 'i1',
      },
      {
        id: 'i5',
        title: 'Lot 3',
        status: 'sent',
        totalAmount: '10.00',
        totalWithVat: '12.00',
        paidAmount: '2.00',
        dueDate: null,
      },
      {
        id: 'i6',
        title: 'Lot 4',
        status: 'sent',
        totalAmount: '1.00',
        totalWithVat: '1.20',
        dueDate: '2026-07-01',
      },
      {
        id: 'i7',
        title: 'Payée',
        status: 'paid',
        totalAmount: '5.00',
        totalWithVat: '6.00',
        paidAmount: '6.00',
      },
    ];
    const widgets = computeDashboardWidgets({ ...empty, invoices }, now);
    expect(widgets.pendingInvoices).toEqual({
      items: [
        // Due on 9 May: overdue on 10 May in Paris.
        { id: 'i1', title: 'Lot 1', dueDate: '2026-05-09', status: 'overdue', owed: '120.00' },
        { id: 'i3', title: 'Lot 2', dueDate: '2026-06-01', status: 'sent', owed: '60.00' },
        { id: 'i5', title: 'Lot 3', dueDate: null, status: 'sent', owed: '10.00' },
      ],
      count: 4,
      // 120.00 + 60.00 + 10.00 + 1.20: the fourth is not listed but counted.
      total: '191.20',
      retentionsHeld: '0.00',
      retentionsReleasable: '0.00',
    });
    expect(dashboardWidgetsSchema.parse(widgets)).toEqual(widgets);
  });

  it('counts the retentions held apart, and those whose works were complete a year ago as releasable', () => {
    const done = { quoteId: 'q1', kind: 'progress', status: 'paid' };
    const contract = { quoteNumber: 'DEV-2025-0007', contractAmount: '50000.00' };
    const invoices = [
      // Paid back to the company: not held any more.
      {
        ...done,
        id: 's1',
        issueDate: '2024-12-15',
        retentionAmount: '720.00',
        retentionReleasedAt: '2026-04-01',
        situation: { ...contract, index: 1, cumulativeWorksAmount: '12000.00' },
      },
      // Works complete on 10 March 2025: releasable since 10 March 2026.
      {
        ...done,
        id: 's2',
        issueDate: '2025-03-10',
        retentionAmount: '2280.00',
        situation: { ...contract, index: 2, cumulativeWorksAmount: '50000.00' },
      },
      // Works at 40 %: held, not releasable.
      {
        id: 's3',
        quoteId: 'q2',
        kind: 'progress',
        status: 'sent',
        issueDate: '2026-04-01',
        totalAmount: '8000.00',
        totalWithVat: '9600.00',
        amountDue: '9120.00',
        retentionAmount: '480.00',
        situation: {
          quoteNumber: 'DEV-2026-0015',
          index: 1,
          contractAmount: '20000.00',
          cumulativeWorksAmount: '8000.00',
        },
      },
    ];
    const pending = computeDashboardWidgets({ ...empty, invoices }, now).pendingInvoices;
    expect(pending).toMatchObject({
      count: 1,
      total: '9120.00',
      retentionsHeld: '2760.00',
      retentionsReleasable: '2280.00',
    });
  });

  it('compares the margin of this quarter with the previous one', () => {
    const invoices = [
      // Q2: 1000.00 HT cashed; Q1: 1000.00 HT cashed.
      {
        id: 'a',
        status: 'paid',
        totalAmount: '1000.00',
        totalWithVat: '1200.00',
        paidAmount: '1200.00',
        paidAt: '2026-05-02T10:00:00Z',
      },
      {
        id: 'b',
        status: 'paid',
        totalAmount: '1000.00',
        totalWithVat: '1200.00',
        paidAmount: '1200.00',
        paidAt: '2026-02-02T10:00:00Z',
      },
    ];
    const supplierInvoices = [
      // Q2 margin 80 %, Q1 margin 50 %: +30.0 points.
      { status: 'paid', totalAmount: '200.00', paidAmount: '200.00', paidAt: '2026-04-20T10:00:00Z' },
      { status: 'paid', totalAmount: '500.00', paidAmount: '500.00', paidAt: '2026-03-20T10:00:00Z' },
    ];
    expect(
      computeDashboardWidgets({ ...empty, invoices, supplierInvoices }, now).quarterMarginChangeTenths,
    ).toBe(300);
  });

  it('lists the 4 newest documents, an unknown size as null', () => {
    const documents = ['a', 'b', 'c', 'd', 'e'].map((id, index) => ({
      id,
      name: `${id}.pdf`,
      mimeType: 'application/pdf',
      size: index === 0 ? null : 1000 * index,
      createdAt: `2026-05-0${index + 1}T10:00:00Z`,
    }));
    expect(
      computeDashboardWidgets({ ...empty, documents }, now).recentDocuments.map((d) => [d.id, d.size]),
    ).toEqual([
      ['a', null],
      ['b', 1000],
      ['c', 2000],
      ['d', 3000],
    ]);
  });
});

describe('monthsOfQuarter', () => {
  it('names the three months the aggregates add up for a quarter', () => {
    expect(monthsOfQuarter('2026-Q1')).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(monthsOfQuarter('2026-Q4')).toEqual(['2026-10', '2026-11', '2026-12']);
  });
});
