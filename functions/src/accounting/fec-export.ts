/**
 * The accounting export's work (docs/accounting.md, « FEC export »): reads every customer invoice
 * and supplier invoice of the company a page at a time (newest first, a projection of what the
 * entries read), builds each group's entries with the shared rules (`saleGroupEntries`,
 * `purchaseGroupEntries`), keeps those of the period, numbers them per journal in date order and
 * writes the FEC (ISO 8859-15) and one CSV per journal (UTF-8) to the documents bucket part by part.
 * Newest first, a credit note is always read before the invoice it credits (its id is later), so
 * each group is complete when its invoice comes and only the period's entries stay in memory.
 */
import type { ChartOfAccounts } from '@btp/shared/accounting/chart';
import {
  isBooked,
  isPurchaseBooked,
  issueDayOf,
  journalCodes,
  purchaseGroupEntries,
  saleGroupEntries,
  type AuxAccount,
  type Entry,
  type JournalCode,
  type PurchaseDocument,
  type SaleDocument,
} from '@btp/shared/accounting/entries';
import { wholeMonthsOf, type ExportSummary } from '@btp/shared/accounting/export';
import {
  csvHeader,
  csvLines,
  fecFileName,
  fecHeader,
  fecLines,
  journalCsvFileName,
  journalTotals,
  numberEntries,
} from '@btp/shared/accounting/fec';
import type { Invoice } from '@btp/shared/entities/invoice';
import type { SupplierInvoice } from '@btp/shared/entities/supplier-invoice';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatMoney, sumCents } from '@btp/shared/money';
import iconv from 'iconv-lite';
import { readAggregateItems } from '../aggregates/read.js';
import { invoiceAsRead, invoices } from '../data/entities/invoices.js';
import { supplierInvoiceAsRead, supplierInvoices } from '../data/entities/supplier-invoices.js';
import { maxListLimit } from '../data/entity-repository.js';
import { addAuxAccounts } from './aux-accounts.js';
import { exportFileKey, type StoredExportFile } from './export-jobs.js';
import { S3TextWriter } from './s3-text-writer.js';

/** What the entries read of a customer invoice (and `invoiceAsRead` of an old one). */
const saleAttributes = [
  'kind',
  'status',
  'number',
  'issueDate',
  'sentAt',
  'title',
  'clientId',
  'seller',
  'lines',
  'vatBreakdown',
  'totalAmount',
  'vatAmount',
  'totalWithVat',
  'amountDue',
  'retentionAmount',
  'retentionReleasedAt',
  'payments',
  'paidAmount',
  'paidAt',
  'creditedAmount',
  'creditedInvoiceId',
  'updatedAt',
] as const satisfies readonly (keyof Invoice)[];

/** What the entries read of a supplier invoice (and `supplierInvoiceAsRead` of an old one). */
const purchaseAttributes = [
  'kind',
  'status',
  'number',
  'title',
  'supplierId',
  'supplierReference',
  'issueDate',
  'receivedAt',
  'createdAt',
  'lines',
  'items',
  'allowances',
  'charges',
  'netAmount',
  'vatBreakdown',
  'vatAmount',
  'totalAmount',
  'prepaidAmount',
  'roundingAmount',
  'currency',
  'payments',
  'paidAmount',
  'paidAt',
  'creditNotes',
  'creditedInvoiceId',
] as const satisfies readonly (keyof SupplierInvoice)[];

export interface ExportContext {
  companyId: string;
  siren: string;
  /** The company's VAT regime now: what an invoice issued before the seller snapshot existed was under. */
  vatOnReceipts: boolean;
  chart: ChartOfAccounts;
  from: string;
  to: string;
  jobId: string;
  /** The day the file is made (`ValidDate`). */
  today: string;
  /** Told how many documents were read, after each page. */
  progress: (read: number) => Promise<void>;
}

export interface ExportResult {
  read: number;
  summary: ExportSummary;
  files: StoredExportFile[];
}

/** A placeholder filled once the page's parties are numbered (entries share the object). */
function auxSlot(slots: Map<string, AuxAccount>, id: string): AuxAccount {
  let slot = slots.get(id);
  if (!slot) {
    slot = { number: '', label: '' };
    slots.set(id, slot);
  }
  return slot;
}

/** Fills the slots of the parties met on a page from their numbers and names. */
async function fillSlots(
  context: ExportContext,
  kind: 'CLIENT' | 'SUPPLIER',
  slots: Map<string, AuxAccount>,
  known: Map<string, AuxAccount>,
): Promise<void> {
  const prefix = kind === 'CLIENT' ? context.chart.clientAuxPrefix : context.chart.supplierAuxPrefix;
  const open = [...slots].filter(([, slot]) => slot.number === '').map(([id]) => id);
  await addAuxAccounts(context.companyId, kind, prefix, open, known);
  for (const id of open) Object.assign(slots.get(id) as AuxAccount, known.get(id));
}

function saleOf(stored: Invoice): SaleDocument & { clientId: string; vatOnReceipts?: boolean } {
  const read = invoiceAsRead(stored);
  const seller = stored.seller;
  return {
    ...read,
    vatOnReceipts: seller ? seller.vatRegime !== 'franchise' && seller.vatOnDebits !== true : undefined,
  };
}

async function saleEntries(
  context: ExportContext,
  entries: Entry[],
): Promise<{ read: number; booked: number }> {
  const notesByInvoice = new Map<string, SaleDocument[]>();
  const slots = new Map<string, AuxAccount>();
  const known = new Map<string, AuxAccount>();
  let read = 0;
  let booked = 0;
  let cursor: string | undefined;
  do {
    const page = await invoices.list(context.companyId, {
      limit: maxListLimit,
      cursor,
      attributes: saleAttributes,
    });
    read += page.items.length;
    const pageEntries: Entry[] = [];
    for (const stored of page.items) {
      const document = saleOf(stored as Invoice);
      if (!isBooked(document)) continue;
      if (document.kind === 'credit_note') {
        if (document.creditedInvoiceId) {
          notesByInvoice.set(document.creditedInvoiceId, [
            ...(notesByInvoice.get(document.creditedInvoiceId) ?? []),
            document,
          ]);
        }
        continue;
      }
      const creditNotes = notesByInvoice.get(document.id) ?? [];
      notesByInvoice.delete(document.id);
      // Nothing of a group happens before its invoice's issue.
      if ((issueDayOf(document) ?? '') > context.to) continue;
      const found = saleGroupEntries(
        {
          invoice: document,
          creditNotes,
          client: auxSlot(slots, document.clientId),
          vatOnReceipts: document.vatOnReceipts ?? context.vatOnReceipts,
        },
        context.chart,
        context.to,
      ).filter((entry) => entry.date >= context.from && entry.date <= context.to);
      if (found.length > 0) booked += 1;
      pageEntries.push(...found);
    }
    await fillSlots(context, 'CLIENT', slots, known);
    entries.push(...pageEntries);
    await context.progress(read);
    cursor = page.nextCursor;
  } while (cursor);
  return { read, booked };
}

async function purchaseEntries(
  context: ExportContext,
  entries: Entry[],
  readBefore: number,
): Promise<{ read: number; booked: number }> {
  const notesByInvoice = new Map<string, PurchaseDocument[]>();
  const slots = new Map<string, AuxAccount>();
  const known = new Map<string, AuxAccount>();
  let read = 0;
  let booked = 0;
  let cursor: string | undefined;
  do {
    const page = await supplierInvoices.list(context.companyId, {
      limit: maxListLimit,
      cursor,
      attributes: purchaseAttributes,
    });
    read += page.items.length;
    for (const stored of page.items) {
      const document = (await supplierInvoiceAsRead(stored as SupplierInvoice)) as PurchaseDocument &
        SupplierInvoice;
      if (document.kind === 'credit_note' && document.creditedInvoiceId) {
        if (isPurchaseBooked(document)) {
          notesByInvoice.set(document.creditedInvoiceId, [
            ...(notesByInvoice.get(document.creditedInvoiceId) ?? []),
            document,
          ]);
        }
        continue;
      }
      const creditNotes = notesByInvoice.get(document.id) ?? [];
      notesByInvoice.delete(document.id);
      const found = purchaseGroupEntries(
        { invoice: document, creditNotes, supplier: auxSlot(slots, document.supplierId) },
        context.chart,
        context.to,
      ).filter((entry) => entry.date >= context.from && entry.date <= context.to);
      if (found.length > 0) booked += 1;
      entries.push(...found);
    }
    await fillSlots(context, 'SUPPLIER', slots, known);
    await context.progress(readBefore + read);
    cursor = page.nextCursor;
  } while (cursor);
  return { read, booked };
}

/** Σ credit − Σ debit of the lines on these accounts, in the entries of one journal. */
function netCredit(entries: readonly Entry[], journal: JournalCode, accounts: ReadonlySet<string>): number {
  return sumCents(
    entries
      .filter((entry) => entry.journal === journal)
      .flatMap((entry) =>
        entry.lines
          .filter((line) => accounts.has(line.account.number))
          .map((line) => line.credit - line.debit),
      ),
  );
}

const latin9 = (text: string): Buffer => iconv.encode(text, 'iso-8859-15');
const utf8 = (text: string): Buffer => Buffer.from(text, 'utf8');

/** Builds the period's entries and writes the files; answers the summary and the files written. */
export async function buildExport(context: ExportContext): Promise<ExportResult> {
  const entries: Entry[] = [];
  const sales = await saleEntries(context, entries);
  const purchases = await purchaseEntries(context, entries, sales.read);
  const numbered = numberEntries(entries);

  const fecName = fecFileName(context.siren, context.to);
  const fec = new S3TextWriter(
    exportFileKey(context.companyId, context.jobId, fecName),
    'text/plain; charset=iso-8859-15',
    latin9,
  );
  const csv = Object.fromEntries(
    journalCodes.map((journal) => {
      const name = journalCsvFileName(context.siren, journal, context.from, context.to);
      return [
        journal,
        {
          name,
          writer: new S3TextWriter(
            exportFileKey(context.companyId, context.jobId, name),
            'text/csv; charset=utf-8',
            utf8,
          ),
        },
      ];
    }),
  ) as Record<JournalCode, { name: string; writer: S3TextWriter }>;
  const writers = [fec, ...journalCodes.map((journal) => csv[journal].writer)];
  try {
    await fec.write(fecHeader());
    for (const journal of journalCodes) await csv[journal].writer.write(`\uFEFF${csvHeader()}`);
    for (const entry of numbered) {
      await fec.write(fecLines(entry, context.today));
      await csv[entry.journal].writer.write(csvLines(entry, context.today));
    }
    for (const writer of writers) await writer.close();
  } catch (error) {
    await Promise.all(writers.map((writer) => writer.abort()));
    throw error;
  }

  const totals = journalTotals(numbered);
  const months = wholeMonthsOf(context.from, context.to);
  const revenue = months ? await readAggregateItems(context.companyId, months) : undefined;
  const salesAccounts = new Set([
    context.chart.accounts.sales.number,
    ...context.chart.salesByRate.map((entry) => entry.number),
  ]);
  const summary: ExportSummary = {
    journals: totals.map((total) => ({
      journal: total.journal,
      label: total.label,
      entries: total.entries,
      lines: total.lines,
      debit: formatMoney(total.debitCents),
      credit: formatMoney(total.creditCents),
    })),
    total: {
      entries: sumCents(totals.map((total) => total.entries)),
      debit: formatMoney(sumCents(totals.map((total) => total.debitCents))),
      credit: formatMoney(sumCents(totals.map((total) => total.creditCents))),
    },
    invoicedHt: formatMoney(netCredit(numbered, 'VE', salesAccounts)),
    depositsHt: formatMoney(netCredit(numbered, 'VE', new Set([context.chart.accounts.deposits.number]))),
    revenueHt: revenue
      ? formatMoney(sumCents([...revenue.months.values()].map((values) => values.get('revenue'))))
      : null,
    documents: { read: sales.read + purchases.read, booked: sales.booked + purchases.booked },
  };
  const files: StoredExportFile[] = [
    { kind: 'fec', name: fecName, key: fec.key, bytes: fec.bytes },
    ...journalCodes.map((journal): StoredExportFile => ({
      kind: 'csv',
      journal,
      name: csv[journal].name,
      key: csv[journal].writer.key,
      bytes: csv[journal].writer.bytes,
    })),
  ];
  return { read: sales.read + purchases.read, summary, files };
}

/** The day in France an export made at `now` is validated on. */
export function exportDay(now: Date = new Date()): string {
  return calendarDateInFrance(now);
}
