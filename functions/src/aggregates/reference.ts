/**
 * The figures computed from every record of a company, as the dashboard did before the aggregates:
 * the reference the rebuild recomputes the aggregates from, and the tests compare them with.
 * Reads all the records of four types (never on a request's path).
 */
import type { DashboardStats } from '@btp/shared/finance';
import { invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { computeDashboardStats } from '../dashboard/dashboard-stats.js';
import {
  figureFields,
  invoiceAsFigures,
  quoteAsFigures,
  supplierInvoiceAsFigures,
  type FigureRecords,
} from './figures.js';

/** Every project, quote, customer and supplier invoice of the company: the fields the figures read. */
export async function figureRecordsOf(companyId: string): Promise<Required<FigureRecords>> {
  const [projectList, quoteList, invoiceList, supplierInvoiceList] = await Promise.all([
    projects.listAll(
      companyId,
      figureFields.PROJECT.filter((field) => field !== 'id'),
    ),
    quotes.listAll(
      companyId,
      figureFields.QUOTE.filter((field) => field !== 'id'),
    ),
    invoices.listAll(
      companyId,
      figureFields.INVOICE.filter((field) => field !== 'id'),
    ),
    supplierInvoices.listAll(
      companyId,
      figureFields.SUPPLIER_INVOICE.filter((field) => field !== 'id'),
    ),
  ]);
  return {
    projects: projectList as Record<string, unknown>[],
    quotes: quoteList as Record<string, unknown>[],
    invoices: invoiceList as Record<string, unknown>[],
    supplierInvoices: supplierInvoiceList as Record<string, unknown>[],
  };
}

/** The dashboard figures from the records themselves (`computeDashboardStats`). */
export function dashboardStatsOfRecords(
  records: Required<FigureRecords>,
  now: Date = new Date(),
): DashboardStats {
  return computeDashboardStats(
    {
      projects: records.projects as { status: string }[],
      quotes: records.quotes.map(quoteAsFigures) as { status: string }[],
      invoices: records.invoices.map(invoiceAsFigures),
      supplierInvoices: records.supplierInvoices.map(supplierInvoiceAsFigures),
    },
    now,
  );
}
