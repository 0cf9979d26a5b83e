import type { DashboardStats } from '@btp/shared/finance';
import { invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { computeDashboardStats } from './dashboard-stats.js';

/** The company's dashboard figures, from all its projects, quotes and invoices (read only). */
export async function dashboardStats(companyId: string, now: Date = new Date()): Promise<DashboardStats> {
  const [projectList, quoteList, invoiceList, supplierInvoiceList] = await Promise.all([
    projects.listAll(companyId),
    quotes.listAll(companyId),
    invoices.listAll(companyId),
    supplierInvoices.listAll(companyId),
  ]);
  return computeDashboardStats(
    {
      projects: projectList,
      quotes: quoteList,
      invoices: invoiceList,
      supplierInvoices: supplierInvoiceList,
    },
    now,
  );
}
