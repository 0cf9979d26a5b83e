import type { Client } from '@btp/shared/entities/client';
import type { Invoice, InvoiceListItem } from '@btp/shared/entities/invoice';
import type { Project } from '@btp/shared/entities/project';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import { invoiceAsRead } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { withClientAndProject } from '../data/related.js';

/**
 * Invoices as the API shows them: records made before invoices had lines and VAT completed
 * (`invoiceAsRead`), status read on today's date in France (`overdue`), client and project.
 */
export async function presentInvoices(companyId: string, records: Invoice[]): Promise<InvoiceListItem[]> {
  const today = calendarDateInFrance();
  const related = await withClientAndProject(companyId, records.map(invoiceAsRead));
  return related.map((invoice) => withEffectiveStatus(invoice, today));
}

/**
 * One invoice as the API shows it. `known`: its client (and project) when the caller has read them
 * (an issue's `DocumentSources`): the client is then not read again, the project only when unknown.
 */
export async function presentInvoice(
  companyId: string,
  record: Invoice,
  known?: { client?: Client; project?: Project },
): Promise<InvoiceListItem> {
  const client = known?.client;
  if (client?.id !== record.clientId) {
    const [invoice] = await presentInvoices(companyId, [record]);
    return invoice as InvoiceListItem;
  }
  const project =
    !record.projectId || known?.project?.id === record.projectId
      ? known?.project
      : (await projects.getMany(companyId, [record.projectId], ['name'])).get(record.projectId);
  return withEffectiveStatus(
    {
      ...invoiceAsRead(record),
      client: { id: client.id, name: client.name },
      ...(record.projectId && project ? { project: { id: project.id, name: project.name } } : {}),
    },
    calendarDateInFrance(),
  );
}
