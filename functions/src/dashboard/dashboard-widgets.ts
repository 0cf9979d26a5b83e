import { dashboardWidgetSizes } from '@btp/shared/dashboard-widget-sizes';
import type { DashboardWidgets } from '@btp/shared/dashboard-widgets';
import {
  pendingInvoices,
  profitMarginTenths,
  projectQuantities,
  receivables,
  retentionsSummary,
  type RetentionAmounts,
} from '@btp/shared/finance';
import type { SupplierInvoiceAmounts } from '@btp/shared/supplier-invoice-figures';
import { previousQuarter, quarterInFrance, quarterMarginChangeTenths } from '@btp/shared/finance-views';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import { formatMoney, sumCents } from '@btp/shared/money';
import { figureFields } from '../aggregates/figures.js';
import { readAggregateItems } from '../aggregates/read.js';
import { documents } from '../data/entities/documents.js';
import { invoiceFigureAttributes, invoiceFiguresAsRead, invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { withClientAndProject } from '../data/related.js';
import { heldQuotes } from '../finances/finances-summary.js';

/** The records the widgets read, newest first (only the fields they show or add up). */
export interface WidgetRecords {
  projects: {
    id: string;
    name: string;
    status: string;
    progress?: number | null;
    estimatedBudget?: string | number | null;
    client?: { name: string };
  }[];
  /** Customer invoices and credit notes, their figures completed for old records. */
  invoices: (RetentionAmounts & { id: string; title?: string | null })[];
  supplierInvoices: SupplierInvoiceAmounts[];
  /** The most recent documents (at least as many as the widget lists). */
  documents: {
    id: string;
    name: string;
    mimeType?: string | null;
    size?: number | null;
    createdAt: string;
  }[];
}

/**
 * What the dashboard's widgets show at instant `now` (spec sections 2 and 9), from the records
 * newest first: the 3 most recent projects, the 3 most recent in progress with their quantities,
 * the 3 most recent invoices awaiting payment (status derived today, France) with what remains to
 * pay on each and on all of them, the retentions held and due for release, the 4 most recent
 * documents, the number of projects and the change of the quarter's margin. Amounts in cents
 * internally, decimal strings out.
 */
export function computeDashboardWidgets(records: WidgetRecords, now: Date = new Date()): DashboardWidgets {
  const today = calendarDateInFrance(now);
  const read = records.invoices.map((invoice) => withEffectiveStatus(invoice, today));
  const owed = receivables(read, today);
  const retentions = retentionsSummary(read, today);
  return {
    projectCount: records.projects.length,
    quarterMarginChangeTenths: quarterMarginChangeTenths(read, records.supplierInvoices, now),
    recentProjects: records.projects.slice(0, dashboardWidgetSizes.recentProjects).map((project) => ({
      id: project.id,
      name: project.name,
      status: project.status,
      progress: project.progress ?? 0,
      clientName: project.client?.name ?? null,
    })),
    activeProjects: records.projects
      .filter((project) => project.status === 'in_progress')
      .slice(0, dashboardWidgetSizes.activeProjects)
      .map((project) => {
        const { plannedCents, realizedCents, balanceCents } = projectQuantities(project);
        return {
          id: project.id,
          name: project.name,
          progress: project.progress ?? 0,
          planned: formatMoney(plannedCents),
          realized: formatMoney(realizedCents),
          balance: formatMoney(balanceCents),
        };
      }),
    pendingInvoices: {
      items: pendingInvoices(read)
        .slice(0, dashboardWidgetSizes.pendingInvoices)
        .map(({ invoice, outstandingCents }) => ({
          id: invoice.id,
          title: invoice.title ?? '',
          dueDate: invoice.dueDate ?? null,
          status: invoice.status,
          owed: formatMoney(outstandingCents),
        })),
      count: owed.count,
      total: formatMoney(owed.cents),
      retentionsHeld: formatMoney(retentions.heldCents),
      retentionsReleasable: formatMoney(retentions.releasableCents),
    },
    recentDocuments: records.documents.slice(0, dashboardWidgetSizes.recentDocuments).map((document) => ({
      id: document.id,
      name: document.name,
      mimeType: document.mimeType ?? null,
      size: document.size ?? null,
      createdAt: document.createdAt,
    })),
  };
}

/** Projects, newest first, as the widgets read them. */
const projectFields = ['name', 'status', 'progress', 'estimatedBudget', 'clientId'] as const;
/** Invoices, newest first, as the pending-invoices widget reads them. */
const invoiceFields = [
  ...invoiceFigureAttributes,
  'quoteId',
  'situation',
  'retentionAmount',
  'retentionReleasedAt',
] as const;
/** Records read per page while looking for the few a widget lists. */
const widgetPageSize = 50;

/**
 * The newest records of a list, page after page (`widgetPageSize` at a time), until `enough`
 * answers true for what was read or the list ends: a few pages at most for a company whose recent
 * records include what a widget lists, whatever its size.
 */
async function newestUntil<T>(
  readPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor?: string }>,
  enough: (read: readonly T[]) => boolean,
): Promise<T[]> {
  const read: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await readPage(cursor);
    read.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && !enough(read));
  return read;
}

/** The months of a quarter: "2026-Q2" → 2026-04, 2026-05, 2026-06. */
export function monthsOfQuarter(quarter: string): string[] {
  const first = (Number(quarter.slice(6)) - 1) * 3 + 1;
  return [0, 1, 2].map((offset) => `${quarter.slice(0, 4)}-${String(first + offset).padStart(2, '0')}`);
}

/**
 * The widgets of a company's dashboard (read only), in a few reads whatever the number of records.
 * Every count and total comes from the company aggregates (`aggregates/figures.ts`): projects per
 * status, what awaits payment, the retentions held (and releasable, per quote), the revenue and
 * the supplier invoices paid per month of this quarter and the previous one. The lists are the
 * newest records read page after page until the widget has its few: the recent projects and
 * documents in one page; the projects in progress and the invoices awaiting payment until three
 * are found. Same answer as `dashboardWidgetsOfRecords`, which reads every record.
 */
export async function dashboardWidgets(companyId: string, now: Date = new Date()): Promise<DashboardWidgets> {
  const today = calendarDateInFrance(now);
  const quarter = quarterInFrance(now);
  const before = previousQuarter(quarter);
  const [aggregates, held, projectList, invoiceList, documentPage] = await Promise.all([
    readAggregateItems(companyId, [...monthsOfQuarter(before), ...monthsOfQuarter(quarter)]),
    heldQuotes(companyId, today),
    newestUntil(
      (cursor) => projects.list(companyId, { limit: widgetPageSize, cursor, attributes: projectFields }),
      (read) =>
        read.filter((project) => project.status === 'in_progress').length >=
        dashboardWidgetSizes.activeProjects,
    ),
    newestUntil(
      (cursor) => invoices.list(companyId, { limit: widgetPageSize, cursor, attributes: invoiceFields }),
      (read) =>
        pendingInvoices(read.map(invoiceFiguresAsRead)).length >= dashboardWidgetSizes.pendingInvoices,
    ),
    documents.list(companyId, {
      limit: dashboardWidgetSizes.recentDocuments,
      attributes: ['name', 'mimeType', 'size', 'createdAt'],
    }),
  ]);
  const recent = projectList.slice(0, dashboardWidgetSizes.recentProjects);
  const named = await withClientAndProject(companyId, recent);
  const lists = computeDashboardWidgets(
    {
      projects: [...named, ...projectList.slice(recent.length)],
      invoices: invoiceList.map(invoiceFiguresAsRead),
      supplierInvoices: [],
      documents: documentPage.items,
    },
    now,
  );
  const { totals, months } = aggregates;
  const quarterMargin = (of: string) => {
    const sum = (attribute: string) =>
      sumCents(monthsOfQuarter(of).map((month) => months.get(month)?.get(attribute) ?? 0));
    return profitMarginTenths(sum('revenue'), sum('purchasesHt'));
  };
  const marginNow = quarterMargin(quarter);
  const marginBefore = quarterMargin(before);
  return {
    ...lists,
    projectCount: sumCents(totals.withPrefix('projects_').map((status) => status.value)),
    quarterMarginChangeTenths: marginNow === null || marginBefore === null ? null : marginNow - marginBefore,
    pendingInvoices: {
      ...lists.pendingInvoices,
      count: totals.get('pending'),
      total: formatMoney(totals.get('pendingCents')),
      retentionsHeld: formatMoney(totals.get('retentionsHeldCents')),
      retentionsReleasable: formatMoney(
        sumCents(held.filter((quote) => quote.releasable).map((quote) => quote.heldCents)),
      ),
    },
  };
}

/**
 * The same widgets from every project, invoice and supplier invoice of the company (a DynamoDB
 * projection of the fields they use): the reference the aggregates are tested against, never on
 * a request's path.
 */
export async function dashboardWidgetsOfRecords(
  companyId: string,
  now: Date = new Date(),
): Promise<DashboardWidgets> {
  const [projectList, invoiceList, supplierInvoiceList, documentPage] = await Promise.all([
    projects.listAll(companyId, projectFields),
    invoices.listAll(companyId, invoiceFields),
    supplierInvoices.listAll(
      companyId,
      figureFields.SUPPLIER_INVOICE.filter((field) => field !== 'id'),
    ),
    documents.list(companyId, {
      limit: dashboardWidgetSizes.recentDocuments,
      attributes: ['name', 'mimeType', 'size', 'createdAt'],
    }),
  ]);
  const recent = projectList.slice(0, dashboardWidgetSizes.recentProjects);
  const named = await withClientAndProject(companyId, recent);
  return computeDashboardWidgets(
    {
      projects: [...named, ...projectList.slice(recent.length)],
      invoices: invoiceList.map(invoiceFiguresAsRead),
      supplierInvoices: supplierInvoiceList,
      documents: documentPage.items,
    },
    now,
  );
}
