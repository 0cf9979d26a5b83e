import type { Invoice, InvoiceListItem } from '@btp/shared/entities/invoice';
import { invoiceKindLabels, invoiceStatuses, invoiceStatusLabels, labelOf } from '@btp/shared/enums';
import type { AttributePath } from '../data/entity-repository.js';
import type { ListSearchSpec } from '../data/list-search.js';

/**
 * The stored attributes `GET /api/invoices` reads of each invoice: those of its list item
 * (`invoiceListItemSchema`; relations, `remainingAmount` and the network's `einvoicing` are computed), a situation's without its
 * per-line figures (`situationSummarySchema`). Lines, snapshots and the rest are never read for a
 * list. Written out, not read from the schemas, so that the list route starts without zod (issue
 * 27); `invoice-list-attributes.test.ts` compares them with the schemas.
 */
export const invoiceListAttributes: AttributePath<Invoice>[] = [
  'id',
  'createdAt',
  'updatedAt',
  'version',
  'companyId',
  'clientId',
  'projectId',
  'quoteId',
  'title',
  'dueDate',
  'reverseCharge',
  'kind',
  'totalAmount',
  'vatAmount',
  'totalWithVat',
  'depositDeduction',
  'retentionRate',
  'retentionAmount',
  'retentionReleasedAt',
  'sections',
  'amountDue',
  'paidAmount',
  'payments',
  'creditedAmount',
  'number',
  'status',
  'issueDate',
  'sentAt',
  'paidAt',
  'creditedInvoiceId',
  'creditedInvoiceNumber',
  'creditedInvoiceDate',
  'pdfDocumentId',
  'emailStatus',
  'reminders',
  ...(
    [
      'index',
      'quoteNumber',
      'contractAmount',
      'previousWorksAmount',
      'cumulativeWorksAmount',
      'worksAmount',
      'depositsAmount',
      'previousDeductedAmount',
      'cumulativeDeductedAmount',
      'previousRetentionAmount',
      'cumulativeRetentionAmount',
      'progressReportId',
    ] as const
  ).map((name) => `situation.${name}` as AttributePath<Invoice>),
];

/** What the search reads of an invoice (as listed: effective status, client and project names). */
export type InvoiceSearchFields = Pick<
  InvoiceListItem,
  'id' | 'number' | 'title' | 'client' | 'project' | 'status' | 'kind' | 'createdAt' | 'totalWithVat'
>;

/** The stored attributes that give them (with `invoiceFigureAttributes`, for the status). */
export const invoiceSearchAttributes = ['clientId', 'projectId', 'createdAt'] as const;

/**
 * How `GET /api/invoices?q=&sort=` reads an invoice: `q` looks in its number, title, client,
 * project, status (as shown, `overdue` included) and kind; `amount` sorts by TTC, `status` in the
 * workflow's order.
 */
export const invoiceListSearch: ListSearchSpec<InvoiceSearchFields> = {
  entity: 'invoices',
  texts: (invoice) => [
    invoice.number,
    invoice.title,
    invoice.client?.name,
    invoice.project?.name,
    labelOf(invoiceStatusLabels, invoice.status, ''),
    labelOf(invoiceKindLabels, invoice.kind, ''),
  ],
  sortValues: {
    date: (invoice) => invoice.createdAt,
    number: (invoice) => invoice.number,
    amount: (invoice) => Number(invoice.totalWithVat),
    client: (invoice) => invoice.client?.name,
    status: (invoice) => invoiceStatuses.indexOf(invoice.status),
  },
};
