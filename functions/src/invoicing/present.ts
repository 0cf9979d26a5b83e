import type { Invoice, InvoiceListItem } from '@btp/shared/entities/invoice';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import { invoiceAsRead } from '../data/entities/invoices.js';
import { withClientAndProject } from '../data/related.js';
import { withNetworkSummaries } from '../einvoicing/exchange/network-summaries.js';

/**
 * Invoices as the API shows them: records made before invoices had lines and VAT completed
 * (`invoiceAsRead`), status read on today's date in France (`overdue`), client and project, and
 * for an issued invoice its state on the e-invoicing network (`einvoicing`).
 */
export async function presentInvoices(companyId: string, records: Invoice[]): Promise<InvoiceListItem[]> {
  const today = calendarDateInFrance();
  const related = await withClientAndProject(companyId, records.map(invoiceAsRead));
  return withNetworkSummaries(
    companyId,
    related.map((invoice) => withEffectiveStatus(invoice, today)),
  );
}

export async function presentInvoice(companyId: string, record: Invoice): Promise<InvoiceListItem> {
  const [invoice] = await presentInvoices(companyId, [record]);
  return invoice as InvoiceListItem;
}
