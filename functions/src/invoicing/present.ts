import type { Invoice, InvoiceListItem, InvoiceWithRefs } from '@btp/shared/entities/invoice';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import { invoiceAsRead, invoiceSummaryAsRead } from '../data/entities/invoices.js';
import { withClientAndProject } from '../data/related.js';

/**
 * Invoices as the API shows them: records made before invoices had lines and VAT completed
 * (`invoiceAsRead`), status read on today's date in France (`overdue`), client and project.
 */
export async function presentInvoices(companyId: string, records: Invoice[]): Promise<InvoiceWithRefs[]> {
  const today = calendarDateInFrance();
  const related = await withClientAndProject(companyId, records.map(invoiceAsRead));
  return related.map((invoice) => withEffectiveStatus(invoice, today));
}

export async function presentInvoice(companyId: string, record: Invoice): Promise<InvoiceWithRefs> {
  const [invoice] = await presentInvoices(companyId, [record]);
  return invoice as InvoiceWithRefs;
}

/**
 * Invoices as `GET /api/invoices` lists them, from records read without their lines
 * (`invoiceListAttributes`): figures completed as `invoiceSummaryAsRead`, status read today,
 * client and project.
 */
export async function presentInvoiceList(companyId: string, records: Invoice[]): Promise<InvoiceListItem[]> {
  const today = calendarDateInFrance();
  const related = await withClientAndProject(companyId, records.map(invoiceSummaryAsRead));
  return related.map((invoice) => withEffectiveStatus(invoice, today) as InvoiceListItem);
}
