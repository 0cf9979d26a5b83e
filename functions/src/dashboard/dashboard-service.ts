import type { DashboardStats } from '@btp/shared/finance';
import { invoiceFigureAttributes, invoiceFiguresAsRead, invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quoteAsRead, quotes } from '../data/entities/quotes.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { computeDashboardStats } from './dashboard-stats.js';

/** The company's dashboard figures, from all its projects, quotes and invoices (read only). */
export async function dashboardStats(companyId: string, now: Date = new Date()): Promise<DashboardStats> {
  // Only the fields the rules read: on thousands of records, most of the time goes to moving and
  // unmarshalling attributes the figures never use (quote lines, descriptions…).
  const amounts = ['status', 'totalAmount', 'paidAmount', 'paidAt', 'dueDate'] as const;
  const [projectList, quoteList, invoiceList, supplierInvoiceList] = await Promise.all([
    projects.listAll(companyId, ['status']),
    quotes.listAll(companyId, ['status', 'totalAmount', 'vatBreakdown', 'vatAmount', 'totalWithVat']),
    // A situation's retention, counted apart from the receivables.
    invoices.listAll(companyId, [...invoiceFigureAttributes, 'retentionAmount', 'retentionReleasedAt']),
    supplierInvoices.listAll(companyId, amounts),
  ]);
  return computeDashboardStats(
    {
      projects: projectList,
      // Records made before VAT existed read as HT at 20 % (`quoteAsRead`, `invoiceFiguresAsRead`).
      quotes: quoteList.map((quote) => quoteAsRead(quote as Parameters<typeof quoteAsRead>[0])),
      invoices: invoiceList.map(invoiceFiguresAsRead),
      supplierInvoices: supplierInvoiceList,
    },
    now,
  );
}
