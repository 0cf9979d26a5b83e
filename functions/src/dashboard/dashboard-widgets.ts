import { dashboardWidgetSizes, type DashboardWidgets } from '@btp/shared/dashboard-widgets';
import {
  pendingInvoices,
  projectQuantities,
  receivables,
  retentionsSummary,
  type InvoiceAmounts,
  type RetentionAmounts,
} from '@btp/shared/finance';
import { quarterMarginChangeTenths } from '@btp/shared/finance-views';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import { formatMoney } from '@btp/shared/money';
import { documents } from '../data/entities/documents.js';
import { invoiceFigureAttributes, invoiceFiguresAsRead, invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { withClientAndProject } from '../data/related.js';

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
  supplierInvoices: InvoiceAmounts[];
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

/**
 * The widgets of a company's dashboard (read only). The documents are one bounded query (the 4
 * newest); projects, invoices and supplier invoices are read whole but only the few attributes the
 * widgets show or add up (a DynamoDB projection): the totals must cover every record, not a page.
 * Client names only for the projects listed.
 */
export async function dashboardWidgets(companyId: string, now: Date = new Date()): Promise<DashboardWidgets> {
  const [projectList, invoiceList, supplierInvoiceList, documentPage] = await Promise.all([
    projects.listAll(companyId, ['name', 'status', 'progress', 'estimatedBudget', 'clientId']),
    invoices.listAll(companyId, [
      ...invoiceFigureAttributes,
      'quoteId',
      'situation',
      'retentionAmount',
      'retentionReleasedAt',
    ]),
    supplierInvoices.listAll(companyId, ['status', 'totalAmount', 'paidAmount', 'paidAt', 'dueDate']),
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
