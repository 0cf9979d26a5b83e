import { clientCreateInput } from '@btp/shared/entities/client';
import { projectCreateInput } from '@btp/shared/entities/project';
import { quoteCreateInput, quoteItemsInput } from '@btp/shared/entities/quote';
import { supplierCreateInput } from '@btp/shared/entities/supplier';
import { dashboardStatsWithWidgetsSchema } from '@btp/shared/dashboard-widgets';
import { dashboardStatsSchema, type DashboardStats } from '@btp/shared/dashboard-stats';
import { monthInFrance, previousMonth } from '@btp/shared/finance';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatMoney, parseMoney } from '@btp/shared/money';
import { describe, expect, it } from 'vitest';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { projects } from '../../../functions/src/data/entities/projects.js';
import { createQuote, replaceQuoteItems } from '../../../functions/src/data/entities/quotes.js';
import { suppliers } from '../../../functions/src/data/entities/suppliers.js';
import { TestClient } from './http-client.js';
import { completeCompanyProfile, signedInCompany, startTestStack } from './support.js';
import { addSupplierInvoice } from './support/records.js';

const stack = await startTestStack();

function yesterday(): string {
  const at = new Date(`${calendarDateInFrance()}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() - 1);
  return at.toISOString().slice(0, 10);
}

/** An invoice of one line at `totalAmount` HT and 20 %, sent, paid and partly credited as asked. */
async function invoice(
  http: TestClient,
  clientId: string,
  totalAmount: string,
  steps: { dueDate?: string; send?: boolean; pay?: Record<string, unknown>; creditQuantity?: string } = {},
): Promise<void> {
  const created = await http.post('/api/invoices', {
    clientId,
    title: 'Facture',
    totalAmount,
    dueDate: steps.dueDate,
  });
  expect(created.status).toBe(201);
  const { id, version } = created.body as { id: string; version: number };
  if (steps.send) expect((await http.post(`/api/invoices/${id}/send`, { version })).status).toBe(200);
  if (steps.pay) expect((await http.post(`/api/invoices/${id}/pay`, steps.pay)).status).toBe(200);
  if (steps.creditQuantity) {
    const note = await http.post(`/api/invoices/${id}/credit-note`, {
      lines: [{ index: 0, quantity: steps.creditQuantity }],
    });
    expect(note.status).toBe(201);
    const { id: noteId, version: noteVersion } = note.body as { id: string; version: number };
    expect((await http.post(`/api/invoices/${noteId}/send`, { version: noteVersion })).status).toBe(200);
  }
}

describe('GET /api/dashboard/stats', () => {
  it('answers zeros for a new company', async () => {
    const { client: http } = await signedInCompany(stack.url, 'Vide');
    const response = await http.get('/api/dashboard/stats');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      activeProjects: 0,
      monthlyRevenue: '0,00\u00a0€',
      pendingQuotes: 0,
      profitMargin: '0\u00a0%',
      raw: {
        month: monthInFrance(),
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
      widgets: {
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
      },
    });
  });

  it('computes the company’s figures, revenue HT and receivables TTC, and only its own', async () => {
    const { client: http, companyId } = await signedInCompany(stack.url, 'Chiffres');
    const other = await signedInCompany(stack.url, 'Voisin');
    await completeCompanyProfile(http);

    const client = await clients.create(
      companyId,
      clientCreateInput.parse({ name: 'Mairie de Lyon', email: 'mairie@exemple.fr' }),
    );
    for (const status of ['in_progress', 'in_progress', 'planning', 'completed']) {
      await projects.create(
        companyId,
        projectCreateInput.parse({ name: `Chantier ${status}`, clientId: client.id, status }),
      );
    }
    const lines = quoteItemsInput.parse({
      items: [
        {
          resourceType: 'materials',
          description: 'Parpaings',
          unit: 'u',
          quantity: '100',
          unitPrice: '2,50',
        },
      ],
    }).items;
    const pendingTotals: number[] = [];
    const pendingTotalsWithVat: number[] = [];
    for (const status of ['sent', 'sent', 'draft', 'validated']) {
      const quote = await createQuote(
        companyId,
        quoteCreateInput.parse({ title: 'Devis', clientId: client.id, status }),
      );
      const priced = await replaceQuoteItems(companyId, quote.id, lines);
      if (status === 'sent') {
        pendingTotals.push(parseMoney(priced.totalAmount));
        pendingTotalsWithVat.push(parseMoney(priced.totalWithVat));
      }
    }
    const supplier = await suppliers.create(companyId, supplierCreateInput.parse({ name: 'Béton Rhône' }));
    // Paid, with its lines: 1 250.00 HT (1 500.00 TTC); the margin compares HT with HT.
    const purchase = await http.post('/api/supplier-invoices', {
      supplierId: supplier.id,
      status: 'paid',
      lines: [{ description: 'Béton C25/30', unit: 'm³', quantity: '10', unitPrice: '125', vatRate: '20' }],
    });
    expect(purchase.status).toBe(201);
    expect(purchase.body).toMatchObject({
      netAmount: '1250.00',
      totalAmount: '1500.00',
      paidAmount: '1500.00',
    });
    // Made before lines (its TTC alone), still to pay.
    await addSupplierInvoice(companyId, supplier.id, { totalAmount: '80', status: 'sent' });

    // Invoices of one line at 20 %: amounts below are HT (TTC = HT × 1.2).
    const lastMonth = previousMonth(monthInFrance());
    await invoice(http, client.id, '1234.50', { send: true, pay: {} });
    await invoice(http, client.id, '1000', { send: true, pay: { paidAt: `${lastMonth}-15T12:00:00Z` } });
    // Overdue, half credited: 360.00 − 180.00 TTC remains.
    await invoice(http, client.id, '300', { send: true, dueDate: yesterday(), creditQuantity: '0.5' });
    await invoice(http, client.id, '999', { dueDate: yesterday() });
    // Paid this month, then half credited this month: 500.00 − 250.00 HT of revenue.
    await invoice(http, client.id, '500', { send: true, pay: {}, creditQuantity: '0.5' });

    const response = await http.get('/api/dashboard/stats');
    expect(response.status).toBe(200);
    const stats = dashboardStatsSchema.parse(response.body) as DashboardStats;
    expect(stats).toEqual({
      activeProjects: 2,
      // 1234.50 + 500.00 − 250.00 HT.
      monthlyRevenue: '1\u202f484,50\u00a0€',
      pendingQuotes: 2,
      // Revenue 2484.50 HT; (2484.50 − 1250.00) / 2484.50 = 49.68… %
      profitMargin: '49,7\u00a0%',
      raw: {
        month: monthInFrance(),
        monthlyRevenue: '1484.50',
        previousMonthRevenue: '1000.00',
        // +48.45 % rounds half away from zero
        monthlyRevenueChangePercent: '48.5',
        revenuePaid: '2484.50',
        expensesPaid: '1250.00',
        expensesWithoutVatDetail: 0,
        expensesWithoutVatDetailValue: '0.00',
        netProfit: '1234.50',
        profitMarginPercent: '49.7',
        pendingQuotesValue: formatMoney(pendingTotals.reduce((sum, cents) => sum + cents, 0)),
        pendingQuotesValueWithVat: formatMoney(pendingTotalsWithVat.reduce((sum, cents) => sum + cents, 0)),
        pendingInvoices: 1,
        pendingInvoicesValue: '180.00',
        overdueInvoices: 1,
        overdueInvoicesValue: '180.00',
        // 150.00 + 250.00 HT, 180.00 + 300.00 TTC.
        creditNotes: 2,
        creditNotesValue: '400.00',
        creditNotesValueWithVat: '480.00',
        pendingSupplierInvoicesValue: '80.00',
        // No situation: no retention held.
        retentionsHeld: 0,
        retentionsHeldValue: '0.00',
      },
    });
    expect(parseMoney(stats.raw.pendingQuotesValue)).toBeGreaterThan(0);

    // The widgets, in the same answer: the newest projects first, every figure from the server.
    const { widgets } = dashboardStatsWithWidgetsSchema.parse(response.body);
    expect(widgets.projectCount).toBe(4);
    expect(widgets.recentProjects.map(({ name, clientName }) => [name, clientName])).toEqual([
      ['Chantier completed', 'Mairie de Lyon'],
      ['Chantier planning', 'Mairie de Lyon'],
      ['Chantier in_progress', 'Mairie de Lyon'],
    ]);
    expect(widgets.activeProjects.map(({ name, planned }) => [name, planned])).toEqual([
      ['Chantier in_progress', '0.00'],
      ['Chantier in_progress', '0.00'],
    ]);
    // The one pending invoice, overdue and half credited, as the stats count it.
    expect(widgets.pendingInvoices).toEqual({
      items: [
        { id: expect.any(String), title: 'Facture', dueDate: yesterday(), status: 'overdue', owed: '180.00' },
      ],
      count: stats.raw.pendingInvoices,
      total: stats.raw.pendingInvoicesValue,
      retentionsHeld: '0.00',
      retentionsReleasable: '0.00',
    });
    // Each invoice sent filed its PDF in the documents: the 4 newest, newest first.
    expect(widgets.recentDocuments).toHaveLength(4);
    for (const document of widgets.recentDocuments) {
      expect(document).toMatchObject({ mimeType: 'application/pdf', name: expect.stringMatching(/\.pdf$/) });
    }
    const created = widgets.recentDocuments.map((document) => document.createdAt);
    expect(created).toEqual([...created].sort().reverse());

    const neighbour = await other.client.get('/api/dashboard/stats');
    expect(neighbour.body).toMatchObject({
      activeProjects: 0,
      pendingQuotes: 0,
      monthlyRevenue: '0,00\u00a0€',
      widgets: { projectCount: 0, recentProjects: [], pendingInvoices: { count: 0 } },
    });
  });

  it('answers 401 without a session', async () => {
    const response = await new TestClient(stack.url).get('/api/dashboard/stats');
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ error: 'unauthenticated' });
  });
});
