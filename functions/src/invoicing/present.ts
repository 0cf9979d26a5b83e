import type { Client } from '@btp/shared/entities/client';
import type { Invoice, InvoiceListItem, InvoiceWithRefs } from '@btp/shared/entities/invoice';
import type { Project } from '@btp/shared/entities/project';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import { invoiceAsRead, invoiceSummaryAsRead } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { withClientAndProject } from '../data/related.js';
import { readInvoiceNetworks, readInvoiceNetworksOfPage } from '../einvoicing/exchange/network-store.js';
import {
  issuedIds,
  withNetworkRecords,
  withNetworkSummaries,
} from '../einvoicing/exchange/network-summaries.js';

/**
 * Invoices as the API shows them: records made before invoices had lines and VAT completed
 * (`invoiceAsRead`), status read on today's date in France (`overdue`), client and project, and
 * for an issued invoice its state on the e-invoicing network (`einvoicing`).
 */
export async function presentInvoices(companyId: string, records: Invoice[]): Promise<InvoiceWithRefs[]> {
  const today = calendarDateInFrance();
  const related = await withClientAndProject(companyId, records.map(invoiceAsRead));
  return withNetworkSummaries(
    companyId,
    related.map((invoice) => withEffectiveStatus(invoice, today)),
  );
}

/**
 * One invoice as the API shows it. `known`: its client (and project) when the caller has read them
 * (an issue's `DocumentSources`): the client is then not read again, the project only when unknown.
 */
export async function presentInvoice(
  companyId: string,
  record: Invoice,
  known?: { client?: Client; project?: Project },
): Promise<InvoiceWithRefs> {
  const client = known?.client;
  if (client?.id !== record.clientId) {
    const [invoice] = await presentInvoices(companyId, [record]);
    return invoice as InvoiceWithRefs;
  }
  const project =
    !record.projectId || known?.project?.id === record.projectId
      ? known?.project
      : (await projects.getMany(companyId, [record.projectId], ['name'])).get(record.projectId);
  const [invoice] = await withNetworkSummaries(companyId, [
    withEffectiveStatus(
      {
        ...invoiceAsRead(record),
        client: { id: client.id, name: client.name },
        ...(record.projectId && project ? { project: { id: project.id, name: project.name } } : {}),
      },
      calendarDateInFrance(),
    ),
  ]);
  return invoice as InvoiceWithRefs;
}

/**
 * Invoices as `GET /api/invoices` lists them, from records read without their lines
 * (`invoiceListAttributes`): figures completed as `invoiceSummaryAsRead`, status read today,
 * client and project, and an issued invoice's state on the e-invoicing network. The relations and
 * the network records are read at the same time; `order` says how the records were read: a keyed
 * page (`'keys'`: consecutive ids, whose network records are one range of keys) or ids in any
 * order (`'any'`: a searched page).
 */
export async function presentInvoiceList(
  companyId: string,
  records: Invoice[],
  order: 'keys' | 'any',
): Promise<InvoiceListItem[]> {
  const today = calendarDateInFrance();
  const issued = issuedIds(records);
  const readNetworks = order === 'keys' ? readInvoiceNetworksOfPage : readInvoiceNetworks;
  const [related, networks] = await Promise.all([
    withClientAndProject(companyId, records.map(invoiceSummaryAsRead)),
    readNetworks(companyId, issued),
  ]);
  return withNetworkRecords(
    related.map((invoice) => withEffectiveStatus(invoice, today) as InvoiceListItem),
    networks,
  );
}
