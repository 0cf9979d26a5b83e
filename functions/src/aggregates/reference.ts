/**
 * The figures computed from every record of a company, as the dashboard did before the aggregates:
 * the reference the rebuild recomputes the aggregates from, and the tests compare them with.
 * Reads all the records of four types (never on a request's path).
 */
import type { DashboardStats } from '@btp/shared/dashboard-stats';
import { resourceTypes } from '@btp/shared/enums';
import {
  billedCents,
  emptyProjectCostFigures,
  hoursHundredthsOf,
  isBudgetQuote,
  purchaseShares,
  quoteBudgetFigures,
  type BilledInvoice,
  type BudgetQuote,
  type ProjectCostFigures,
  type PurchaseRecord,
} from '@btp/shared/job-costing';
import { parseMoney } from '@btp/shared/money';
import type { SupplierInvoice } from '@btp/shared/entities/supplier-invoice';
import { invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { timeEntries } from '../data/entities/time-entries.js';
import { computeDashboardStats } from '../dashboard/dashboard-stats.js';
import {
  figureFields,
  invoiceAsFigures,
  quoteAsFigures,
  supplierInvoiceAsFigures,
  type FigureRecords,
} from './figures.js';

/**
 * Every project, quote, customer and supplier invoice and time entry of the company: the fields
 * the figures read.
 */
export async function figureRecordsOf(companyId: string): Promise<Required<FigureRecords>> {
  const [projectList, quoteList, invoiceList, supplierInvoiceList, timeEntryList] = await Promise.all([
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
      // Lines, kind and currency: the records made before supplier-invoice lines have none.
      figureFields.SUPPLIER_INVOICE.filter((field) => field !== 'id') as readonly (keyof SupplierInvoice &
        string)[],
    ),
    timeEntries.listAll(
      companyId,
      figureFields.TIME_ENTRY.filter((field) => field !== 'id'),
    ),
  ]);
  return {
    projects: projectList as Record<string, unknown>[],
    quotes: quoteList as Record<string, unknown>[],
    invoices: invoiceList as Record<string, unknown>[],
    supplierInvoices: supplierInvoiceList as Record<string, unknown>[],
    timeEntries: timeEntryList as Record<string, unknown>[],
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

/**
 * Each chantier's costing figures straight from the records (the shared rules applied record by
 * record, grouped by chantier): what `AGG#PROJECT#<id>` must hold, and the reference the tests
 * compare the maintained items with.
 */
export function projectFiguresOfRecords(records: Required<FigureRecords>): Map<string, ProjectCostFigures> {
  const byProject = new Map<string, ProjectCostFigures>();
  const of = (projectId: string) => {
    let figures = byProject.get(projectId);
    if (!figures) {
      figures = emptyProjectCostFigures();
      byProject.set(projectId, figures);
    }
    return figures;
  };
  for (const stored of records.quotes) {
    const quote = stored as unknown as BudgetQuote;
    if (!isBudgetQuote(quote)) continue;
    const figures = of(String(quote.projectId));
    const budget = quoteBudgetFigures(quote);
    figures.saleCents += budget.saleCents;
    figures.budgetHoursHundredths += budget.laborHoursHundredths;
    for (const type of resourceTypes) figures.budgetByType[type] += budget.costByType[type];
  }
  for (const stored of records.invoices) {
    const invoice = stored as unknown as BilledInvoice & { projectId?: string; kind?: string };
    if (!invoice.projectId) continue;
    const figures = of(invoice.projectId);
    const cents = billedCents(invoice);
    figures.billedCents += cents;
    const kind = (invoice.kind ?? 'standard') as keyof ProjectCostFigures['billedByKind'];
    figures.billedByKind[kind] += cents;
  }
  for (const stored of records.supplierInvoices) {
    const record = stored as unknown as PurchaseRecord;
    for (const share of purchaseShares({
      ...record,
      lines: Array.isArray(record.lines) ? record.lines : [],
    })) {
      of(share.projectId).purchasesByType[share.resourceType] += share.cents;
    }
  }
  for (const stored of records.timeEntries) {
    const entry = stored as { projectId?: string; hours?: string; cost?: string };
    if (!entry.projectId) continue;
    const figures = of(entry.projectId);
    figures.laborHoursHundredths += hoursHundredthsOf(entry.hours);
    figures.laborCents += parseMoney(entry.cost ?? '0');
  }
  return byProject;
}
