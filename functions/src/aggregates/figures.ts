/**
 * The per-company aggregates (docs/data-model.md "Aggregates"): what each business record adds to
 * the figures of the dashboard and of Finances, in integer cents and counts, by aggregate item.
 * `figuresOf` is additive over records (an invoice together with its credit notes, see
 * `revenueEntries`), so the aggregates of a company are `figuresOf(all its records)` and a write
 * moves them by `figuresOf(after) − figuresOf(before)` of the records it touches. The rebuild and
 * the writes share these functions: what is maintained is what a rebuild would compute.
 */
import {
  centsOf,
  heldRetentionCents,
  isCreditNote,
  isPendingInvoice,
  outstandingCents,
  paymentRevenueEntries,
  revenueEntries,
  worksCompletedOn,
  type InvoiceAmounts,
  type RetentionAmounts,
} from '@btp/shared/finance';
import {
  billedCents,
  isBudgetQuote,
  purchaseNetCents,
  purchaseShares,
  quoteBudgetFigures,
  hoursHundredthsOf,
  type BudgetQuote,
  type PurchaseRecord,
} from '@btp/shared/job-costing';
import { resourceTypes } from '@btp/shared/enums';
import {
  isSupplierCreditNote,
  purchaseEntry,
  supplierOwedCents,
  type SupplierInvoiceAmounts,
} from '@btp/shared/supplier-invoice-figures';
import { invoiceFigureAttributes, invoiceFiguresAsRead } from '../data/entities/invoices.js';
import { quoteAsRead } from '../data/entities/quotes.js';
import type { Quote } from '@btp/shared/entities/quote';

/** Sort-key prefix of every aggregate item, in the company's partition (`COMPANY#<c>`). */
export const aggregatePrefix = 'AGG#';
/** Company-wide counts and sums. */
export const totalsSk = 'AGG#TOTALS';
/** Revenue HT cashed and purchases HT paid in a calendar month (France). */
export const monthSk = (month: string): string => `AGG#MONTH#${month}`;
/**
 * Customer invoices awaiting payment whose due day is `day` (`YYYY-MM-DD`): overdue once that day
 * is past. Those stored `overdue` are overdue whatever their due day: they count under
 * `overdueAlwaysDay`, before any real day.
 */
export const dueSk = (day: string): string => `AGG#DUE#${day}`;
export const duePrefix = 'AGG#DUE#';
export const overdueAlwaysDay = '0000-00-00';
/**
 * The same invoices, one small item each (`indexAttribute` = 1), in order of due day then id:
 * Finances lists the first overdue ones by reading a few of them. Such an index item is put when
 * its invoice joins and deleted when it leaves (`maintain.ts`), never left empty behind.
 */
export const dueIdsSk = (day: string, invoiceId: string): string => `AGG#DUEIDS#${day}#${invoiceId}`;
export const dueIdsPrefix = 'AGG#DUEIDS#';
export const indexAttribute = 'member';
/**
 * The retenues de garantie of one quote's situations (`retentionKeyOf`): `heldCount`, `heldCents`,
 * a flag per situation whose retention is held, `done:<day>` per issued situation that reached 100 %
 * of the contract (its issue day), `quoteNumber:<number>` per situation naming the quote.
 */
export const retentionSk = (key: string): string => `AGG#RETQ#${key}`;
export const retentionPrefix = 'AGG#RETQ#';
/** Revenue HT cashed from one client (Finances' top clients). */
export const clientSk = (clientId: string): string => `AGG#CLIENT#${clientId}`;
export const clientPrefix = 'AGG#CLIENT#';
/** One supplier: purchases HT paid (Finances' top suppliers), what is owed to it and on how many invoices. */
export const supplierSk = (supplierId: string): string => `AGG#SUPPLIER#${supplierId}`;
export const supplierPrefix = 'AGG#SUPPLIER#';

/**
 * A chantier's costing figures (docs/profitability.md): its signed devis' selling price HT
 * (`sale`), déboursé per resource type (`b:<type>`) and hours (`bh`, hundredths), a flag per signed
 * devis (`m:<quoteId>`); its supplier purchases HT per type (`p:<type>`); the hours entered and
 * their cost (`lh`, `lc`); its billed HT (`billed`) and per kind of invoice (`bk:<kind>`).
 */
export const projectSk = (projectId: string): string => `AGG#PROJECT#${projectId}`;
export const projectPrefix = 'AGG#PROJECT#';
/** What the supplier invoices citing a price request (`supplierQuoteId`) took of it, HT: `invoiced`. */
export const supplierQuoteSk = (supplierQuoteId: string): string => `AGG#SQUOTE#${supplierQuoteId}`;
export const projectAttributes = {
  sale: 'sale',
  budget: (type: string) => `b:${type}`,
  budgetHours: 'bh',
  purchases: (type: string) => `p:${type}`,
  laborHours: 'lh',
  laborCost: 'lc',
  billed: 'billed',
  billedKind: (kind: string) => `bk:${kind}`,
} as const;

/**
 * A membership flag: 1 while the record belongs to the item (an overdue invoice's day, a held
 * retention's quote). The aggregate update removes the attribute when the record leaves
 * (`maintain.ts`), so only members are stored.
 */
export const memberPrefix = 'm:';
export const memberAttribute = (id: string): string => `${memberPrefix}${id}`;
export const completedPrefix = 'done:';
export const quoteNumberPrefix = 'quoteNumber:';

/** Which quote a situation's retention belongs to (as `retentionsSummary` groups them). */
export function retentionKeyOf(invoice: RetentionAmounts): string {
  if (invoice.quoteId) return `id:${invoice.quoteId}`;
  if (invoice.situation?.quoteNumber) return `number:${invoice.situation.quoteNumber}`;
  return `invoice:${invoice.id ?? ''}`;
}

/** Aggregate item (sort key) → attribute → amount (cents or a count). */
export type Figures = Map<string, Map<string, number>>;

/** The records whose figures the aggregates count, as stored (whole records or projections). */
export interface FigureRecords {
  projects?: readonly Record<string, unknown>[];
  quotes?: readonly Record<string, unknown>[];
  invoices?: readonly Record<string, unknown>[];
  supplierInvoices?: readonly Record<string, unknown>[];
  timeEntries?: readonly Record<string, unknown>[];
}

/** The fields of each type the figures read (the projections of the dashboard's former full reads). */
export const figureFields = {
  PROJECT: ['id', 'status'],
  QUOTE: ['id', 'status', 'totalAmount', 'vatBreakdown', 'vatAmount', 'totalWithVat', 'projectId', 'items'],
  INVOICE: [
    'id',
    'clientId',
    'projectId',
    ...invoiceFigureAttributes,
    'retentionAmount',
    'retentionReleasedAt',
    'quoteId',
    'situation',
  ],
  SUPPLIER_INVOICE: [
    'id',
    'supplierId',
    'status',
    'kind',
    'totalAmount',
    'netAmount',
    'paidAmount',
    'paidAt',
    'dueDate',
    'prepaidAmount',
    'roundingAmount',
    'creditedInvoiceId',
    'creditNotes',
    'creditedCosts',
    'currency',
    'projectId',
    'lines',
    'supplierQuoteId',
  ],
  TIME_ENTRY: ['id', 'projectId', 'hours', 'cost', 'workerId', 'date'],
} as const;

export type FigureType = keyof typeof figureFields;

export function isFigureType(type: string): type is FigureType {
  return Object.hasOwn(figureFields, type);
}

/**
 * `record` reduced to the fields its type's figures read: a whole record and the projection the
 * figures used to be read with give the same figures (a legacy invoice's payment is not dated by
 * its `updatedAt`, as it never was on the dashboard).
 */
export function figureFieldsOf(type: FigureType, record: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const field of figureFields[type]) {
    if (record[field] !== undefined) picked[field] = record[field];
  }
  return picked;
}

function add(figures: Figures, sk: string, attribute: string, value: number): void {
  if (value === 0) return;
  let item = figures.get(sk);
  if (!item) {
    item = new Map();
    figures.set(sk, item);
  }
  item.set(attribute, (item.get(attribute) ?? 0) + value);
}

/** A customer invoice as the figures read it (old records completed as the API reads them). */
export function invoiceAsFigures(record: Record<string, unknown>): RetentionAmounts & { clientId?: string } {
  return invoiceFiguresAsRead(figureFieldsOf('INVOICE', record)) as unknown as RetentionAmounts & {
    clientId?: string;
  };
}

/** A supplier invoice or credit note as the figures read it (`supplier-invoice-figures.ts`). */
export function supplierInvoiceAsFigures(record: Record<string, unknown>): SupplierInvoiceAmounts {
  return figureFieldsOf('SUPPLIER_INVOICE', record) as unknown as SupplierInvoiceAmounts;
}

/** A quote as the figures read it (records made before VAT read as HT at 20 %). */
export function quoteAsFigures(record: Record<string, unknown>): InvoiceAmounts {
  // The lines and chantier are the budget's (`projectFiguresOf`), not the dashboard's: a record made
  // before VAT reads at 20 % of its HT, as it always did, whatever its lines.
  const { items: _items, projectId: _projectId, ...fields } = figureFieldsOf('QUOTE', record);
  return quoteAsRead(fields as unknown as Quote) as unknown as InvoiceAmounts;
}

/** What records add to their chantiers' costing items (`projectSk`). */
function addProjectFigures(figures: Figures, records: FigureRecords): void {
  for (const stored of records.quotes ?? []) {
    const quote = figureFieldsOf('QUOTE', stored) as unknown as BudgetQuote & { id?: string };
    if (!isBudgetQuote(quote)) continue;
    const sk = projectSk(String(quote.projectId));
    const budget = quoteBudgetFigures(quote);
    add(figures, sk, projectAttributes.sale, budget.saleCents);
    for (const type of resourceTypes)
      add(figures, sk, projectAttributes.budget(type), budget.costByType[type]);
    add(figures, sk, projectAttributes.budgetHours, budget.laborHoursHundredths);
    if (quote.id) add(figures, sk, memberAttribute(quote.id), 1);
  }
  for (const stored of records.invoices ?? []) {
    const invoice = stored as { kind?: string; status?: string; projectId?: string; totalAmount?: string };
    if (!invoice.projectId) continue;
    const cents = billedCents({ ...invoice, status: String(invoice.status) });
    const sk = projectSk(invoice.projectId);
    add(figures, sk, projectAttributes.billed, cents);
    add(figures, sk, projectAttributes.billedKind(invoice.kind ?? 'standard'), cents);
  }
  for (const stored of records.supplierInvoices ?? []) {
    const record = figureFieldsOf('SUPPLIER_INVOICE', stored) as unknown as PurchaseRecord;
    const purchase = { ...record, lines: Array.isArray(record.lines) ? record.lines : [] };
    for (const share of purchaseShares(purchase)) {
      add(figures, projectSk(share.projectId), projectAttributes.purchases(share.resourceType), share.cents);
    }
    const quoteId = (stored as { supplierQuoteId?: unknown }).supplierQuoteId;
    if (typeof quoteId === 'string' && quoteId !== '') {
      add(figures, supplierQuoteSk(quoteId), 'invoiced', purchaseNetCents(purchase));
    }
  }
  for (const stored of records.timeEntries ?? []) {
    const entry = stored as { projectId?: string; hours?: string; cost?: string };
    if (!entry.projectId) continue;
    const sk = projectSk(entry.projectId);
    add(figures, sk, projectAttributes.laborHours, hoursHundredthsOf(entry.hours));
    add(figures, sk, projectAttributes.laborCost, centsOf(entry.cost));
  }
}

/** What `records` add to the aggregates. */
export function figuresOf(records: FigureRecords): Figures {
  const figures: Figures = new Map();
  for (const stored of records.projects ?? []) {
    add(figures, totalsSk, `projects_${String(stored.status)}`, 1);
  }
  for (const stored of records.quotes ?? []) {
    const quote = quoteAsFigures(stored);
    add(figures, totalsSk, `quotes_${quote.status}`, 1);
    if (quote.status === 'sent') {
      add(figures, totalsSk, 'quotesSentHt', centsOf(quote.totalAmount));
      add(figures, totalsSk, 'quotesSentTtc', centsOf(quote.totalWithVat ?? quote.totalAmount));
    }
  }
  for (const stored of records.supplierInvoices ?? []) {
    const record = supplierInvoiceAsFigures(stored);
    const purchase = purchaseEntry(record);
    if (purchase) {
      add(figures, totalsSk, 'purchasesHt', purchase.cents);
      if (purchase.month) add(figures, monthSk(purchase.month), 'purchasesHt', purchase.cents);
      if (record.supplierId) add(figures, supplierSk(record.supplierId), 'paidHt', purchase.cents);
      if (purchase.withoutVat) {
        add(figures, totalsSk, 'purchasesNoVat', 1);
        add(figures, totalsSk, 'purchasesNoVatCents', purchase.cents);
      }
    }
    const owed = supplierOwedCents(record);
    add(figures, totalsSk, 'supplierPending', owed);
    if (record.supplierId) {
      add(figures, supplierSk(record.supplierId), 'owed', owed);
      if (!isSupplierCreditNote(record) && owed > 0) {
        add(figures, supplierSk(record.supplierId), 'openInvoices', 1);
      }
    }
  }
  const invoices = (records.invoices ?? []).map(invoiceAsFigures);
  const byClient = new Map<string, typeof invoices>();
  for (const invoice of invoices) {
    if (isPendingInvoice(invoice)) {
      const owed = outstandingCents(invoice);
      add(figures, totalsSk, 'pending', 1);
      add(figures, totalsSk, 'pendingCents', owed);
      const due = invoice.status === 'overdue' ? overdueAlwaysDay : invoice.dueDate?.slice(0, 10);
      if (due) {
        add(figures, dueSk(due), 'count', 1);
        add(figures, dueSk(due), 'cents', owed);
        if (invoice.id) add(figures, dueIdsSk(due, invoice.id), indexAttribute, 1);
      }
    }
    // Facturation's cards: the invoices whose payments count in revenue, and the drafts (HT).
    if (paymentRevenueEntries(invoice).length > 0) add(figures, totalsSk, 'cashedInvoices', 1);
    if (invoice.status === 'draft' && !isCreditNote(invoice)) {
      add(figures, totalsSk, 'drafts', 1);
      add(figures, totalsSk, 'draftsHt', centsOf(invoice.totalAmount));
    }
    if (isCreditNote(invoice) && invoice.status !== 'draft') {
      add(figures, totalsSk, 'creditNotes', 1);
      add(figures, totalsSk, 'creditNotesHt', centsOf(invoice.totalAmount));
      add(figures, totalsSk, 'creditNotesTtc', centsOf(invoice.totalWithVat ?? invoice.totalAmount));
    }
    const held = heldRetentionCents(invoice);
    if (held > 0) {
      add(figures, totalsSk, 'retentionsHeld', 1);
      add(figures, totalsSk, 'retentionsHeldCents', held);
    }
    if (invoice.kind === 'progress') {
      const sk = retentionSk(retentionKeyOf(invoice));
      if (held > 0) {
        add(figures, sk, 'heldCount', 1);
        add(figures, sk, 'heldCents', held);
        if (invoice.id) add(figures, sk, memberAttribute(invoice.id), 1);
      }
      const completedOn = worksCompletedOn([invoice]);
      if (completedOn) add(figures, sk, `${completedPrefix}${completedOn}`, 1);
      if (invoice.situation?.quoteNumber)
        add(figures, sk, `${quoteNumberPrefix}${invoice.situation.quoteNumber}`, 1);
    }
    if (invoice.clientId) {
      const group = byClient.get(invoice.clientId);
      if (group) group.push(invoice);
      else byClient.set(invoice.clientId, [invoice]);
    }
  }
  for (const entry of revenueEntries(invoices)) {
    add(figures, totalsSk, 'revenue', entry.cents);
    if (entry.month) add(figures, monthSk(entry.month), 'revenue', entry.cents);
  }
  for (const [clientId, group] of byClient) {
    for (const entry of revenueEntries(group)) add(figures, clientSk(clientId), 'revenue', entry.cents);
  }
  addProjectFigures(figures, records);
  // Movements that cancel out (a credit note taking back a payment's share) leave no zero behind.
  return figuresDelta(figures, new Map());
}

/** `after` − `before`, item by item (zeros left out). */
export function figuresDelta(after: Figures, before: Figures): Figures {
  const delta: Figures = new Map();
  for (const [sk, item] of after) for (const [attribute, value] of item) add(delta, sk, attribute, value);
  for (const [sk, item] of before) for (const [attribute, value] of item) add(delta, sk, attribute, -value);
  for (const [sk, item] of delta) {
    for (const [attribute, value] of item) if (value === 0) item.delete(attribute);
    if (item.size === 0) delta.delete(sk);
  }
  return delta;
}

/** `a` + `b`, into `a`. */
export function addFigures(a: Figures, b: Figures): Figures {
  for (const [sk, item] of b) for (const [attribute, value] of item) add(a, sk, attribute, value);
  return a;
}
