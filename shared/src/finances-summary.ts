/**
 * `GET /api/finances/summary`: every figure of the Finances screen (spec section 9), computed by the
 * server from the company aggregates, whatever the number of records. `financesSummaryOfRecords` is
 * the same summary from the records themselves: the reference the server's figures are tested
 * against (and the SPA's tests build their answers with).
 */
import * as z from './lazy-zod.js';
import {
  centsOf,
  changeTenths,
  isCreditNote,
  issuedCreditNotes,
  monthInFrance,
  netProfitCents,
  outstandingCents,
  paymentRevenueEntries,
  percentTenthsText,
  previousMonth,
  profitMarginTenths,
  receivables,
  retentionsSummary,
  revenueHtCents,
  revenueHtInMonthCents,
  type RetentionAmounts,
} from './finance.js';
import {
  owedToSuppliersCents,
  purchaseEntry,
  purchasesSummary,
  type SupplierInvoiceAmounts,
} from './supplier-invoice-figures.js';
import { calendarDateInFrance, isOverdue } from './invoice-status.js';
import { byAmountThenId, FINANCES_LISTED, financesProjectStatuses } from './finances-listing.js';
import { formatMoney, sumCents } from './money.js';
import './zod-fr.js';

// Re-exported from a module without zod, which the function imports (issue 27: it starts without zod).
export { byAmountThenId, FINANCES_LISTED, financesProjectStatuses } from './finances-listing.js';

const money = z.string();
const party = z.object({ id: z.string(), name: z.string(), amount: money });

export const financesSummarySchema = z.object({
  /** The current month (France), `YYYY-MM`. */
  month: z.string(),
  /** Revenue HT cashed, all time, net of credit notes. */
  revenue: money,
  /**
   * Purchases HT paid, all time: supplier invoices paid (their HT less their credit notes' HT), less
   * the credit notes refunded that credit no invoice (`supplier-invoice-figures.ts`).
   */
  expenses: money,
  /** Of those, the records whose VAT is not detailed, counted at their TTC (all that is known). */
  expensesWithoutVat: z.object({ count: z.number().int(), amount: money }),
  netProfit: money,
  /** "23.4"; `null` without revenue. */
  marginPercent: z.string().nullable(),
  /** This month vs last month, "12.5"; `null` when last month is 0. */
  revenueChangePercent: z.string().nullable(),
  expensesChangePercent: z.string().nullable(),
  /**
   * How many customer invoices have a payment counted in `revenue` (Facturation's 'Total encaissé
   * (HT)': `paymentRevenueEntries`), credit notes never.
   */
  cashedInvoices: z.number().int(),
  /** Customer invoices awaiting payment and what remains to pay on them, TTC. */
  pending: z.object({ count: z.number().int(), amount: money }),
  /**
   * Of those, the overdue ones, TTC, and the first `FINANCES_LISTED` of them: those stored overdue
   * first, then by due day, then the oldest first.
   */
  overdue: z.object({
    count: z.number().int(),
    amount: money,
    invoices: z.array(
      z.object({
        id: z.string(),
        title: z.string(),
        number: z.string().nullable(),
        clientName: z.string().nullable(),
        dueDate: z.string().nullable(),
        /** What remains to pay, TTC. */
        outstanding: money,
      }),
    ),
  }),
  /** Draft invoices (credit notes left out): how many, and their HT (Facturation's 'Brouillons (HT)'). */
  drafts: z.object({ count: z.number().int(), amount: money }),
  /** Issued credit notes: how many, and their HT. */
  creditNotes: z.object({ count: z.number().int(), amount: money }),
  /** What remains to pay suppliers, TTC, less their credit notes not yet deducted. */
  supplierPending: money,
  /** The clients with the largest revenue HT, the suppliers with the largest purchases HT paid (5 each). */
  topClients: z.array(party),
  topSuppliers: z.array(party),
  projectCounts: z.object(
    Object.fromEntries(financesProjectStatuses.map((status) => [status, z.number().int()])) as Record<
      (typeof financesProjectStatuses)[number],
      z.ZodNumber
    >,
  ),
  /** Retenues de garantie (DOCUMENTS.md § 4), TTC: held, due for release, by quote (the first 5). */
  retentions: z.object({
    heldCount: z.number().int(),
    held: money,
    releasableCount: z.number().int(),
    releasable: money,
    nextReleasableOn: z.string().nullable(),
    quoteCount: z.number().int(),
    quotes: z.array(
      z.object({
        key: z.string(),
        number: z.string().nullable(),
        clientName: z.string().nullable(),
        situationNumbers: z.array(z.string()),
        amount: money,
        releasableOn: z.string().nullable(),
        releasable: z.boolean(),
      }),
    ),
  }),
});
export type FinancesSummary = z.infer<typeof financesSummarySchema>;

/** The overdue list's order: stored overdue first, then by due day, then by id (the oldest record first). */
export function overdueOrderKey(invoice: { status: string; dueDate?: string | null }): string {
  return invoice.status === 'overdue' ? '0000-00-00' : (invoice.dueDate?.slice(0, 10) ?? '');
}

export interface SummaryInvoice extends RetentionAmounts {
  id: string;
  title?: string;
  number?: string | null;
  clientId?: string | null;
  client?: { name?: string | null } | null;
  buyer?: { name?: string | null } | null;
}

export interface SummarySupplierInvoice extends SupplierInvoiceAmounts {
  supplierId?: string | null;
  supplier?: { name?: string | null } | null;
}

/**
 * The summary from every record of the company (customer invoices with their client, supplier
 * invoices with their supplier, projects), on `now`: the reference of `GET /api/finances/summary`.
 */
export function financesSummaryOfRecords(
  records: {
    invoices: readonly SummaryInvoice[];
    supplierInvoices: readonly SummarySupplierInvoice[];
    projects: readonly { status?: string | null }[];
  },
  now: Date = new Date(),
): FinancesSummary {
  const { invoices, supplierInvoices } = records;
  const today = calendarDateInFrance(now);
  const month = monthInFrance(now);
  const revenueCents = revenueHtCents(invoices);
  const purchases = purchasesSummary(supplierInvoices);
  const expensesCents = purchases.cents;
  const owed = receivables(invoices, today);
  const notes = issuedCreditNotes(invoices);
  const drafts = invoices.filter((invoice) => invoice.status === 'draft' && !isCreditNote(invoice));
  const overdue = invoices
    .filter((invoice) => isOverdue(invoice, today) && !isCreditNote(invoice))
    .sort((a, b) => overdueOrderKey(a).localeCompare(overdueOrderKey(b)) || a.id.localeCompare(b.id));

  const clientNames = new Map<string, string>();
  const byClient = new Map<string, SummaryInvoice[]>();
  for (const invoice of invoices) {
    if (!invoice.clientId) continue;
    byClient.set(invoice.clientId, [...(byClient.get(invoice.clientId) ?? []), invoice]);
    if (invoice.client?.name && !clientNames.has(invoice.clientId))
      clientNames.set(invoice.clientId, invoice.client.name);
  }
  const topClients = [...byClient]
    .map(([id, group]) => ({ id, cents: revenueHtCents(group) }))
    .filter((client) => client.cents > 0)
    .sort(byAmountThenId)
    .slice(0, FINANCES_LISTED)
    .map((client) => ({
      id: client.id,
      name: clientNames.get(client.id) ?? 'Inconnu',
      amount: formatMoney(client.cents),
    }));

  const supplierNames = new Map<string, string>();
  const bySupplier = new Map<string, number>();
  for (const invoice of supplierInvoices) {
    if (!invoice.supplierId) continue;
    if (invoice.supplier?.name && !supplierNames.has(invoice.supplierId))
      supplierNames.set(invoice.supplierId, invoice.supplier.name);
    const cents = purchaseEntry(invoice)?.cents ?? 0;
    if (cents !== 0) bySupplier.set(invoice.supplierId, (bySupplier.get(invoice.supplierId) ?? 0) + cents);
  }
  const topSuppliers = [...bySupplier]
    .map(([id, cents]) => ({ id, cents }))
    .filter((supplier) => supplier.cents > 0)
    .sort(byAmountThenId)
    .slice(0, FINANCES_LISTED)
    .map((supplier) => ({
      id: supplier.id,
      name: supplierNames.get(supplier.id) ?? 'Inconnu',
      amount: formatMoney(supplier.cents),
    }));

  const retentions = retentionsSummary(invoices, today);
  const projectCounts = Object.fromEntries(
    financesProjectStatuses.map((status) => [
      status,
      records.projects.filter((project) => project.status === status).length,
    ]),
  ) as FinancesSummary['projectCounts'];

  return {
    month,
    revenue: formatMoney(revenueCents),
    expenses: formatMoney(expensesCents),
    expensesWithoutVat: {
      count: purchases.withoutVatCount,
      amount: formatMoney(purchases.withoutVatCents),
    },
    netProfit: formatMoney(netProfitCents(revenueCents, expensesCents)),
    marginPercent: percentTenthsText(profitMarginTenths(revenueCents, expensesCents)),
    revenueChangePercent: percentTenthsText(
      changeTenths(
        revenueHtInMonthCents(invoices, month),
        revenueHtInMonthCents(invoices, previousMonth(month)),
      ),
    ),
    expensesChangePercent: percentTenthsText(
      changeTenths(
        purchasesSummary(supplierInvoices, month).cents,
        purchasesSummary(supplierInvoices, previousMonth(month)).cents,
      ),
    ),
    cashedInvoices: invoices.filter((invoice) => paymentRevenueEntries(invoice).length > 0).length,
    pending: { count: owed.count, amount: formatMoney(owed.cents) },
    overdue: {
      count: owed.overdueCount,
      amount: formatMoney(owed.overdueCents),
      invoices: overdue.slice(0, FINANCES_LISTED).map((invoice) => ({
        id: invoice.id,
        title: invoice.title ?? '',
        number: invoice.number ?? null,
        clientName: invoice.client?.name ?? null,
        dueDate: invoice.dueDate ?? null,
        outstanding: formatMoney(outstandingCents(invoice)),
      })),
    },
    drafts: {
      count: drafts.length,
      amount: formatMoney(sumCents(drafts.map((invoice) => centsOf(invoice.totalAmount)))),
    },
    creditNotes: { count: notes.count, amount: formatMoney(notes.cents) },
    supplierPending: formatMoney(owedToSuppliersCents(supplierInvoices)),
    topClients,
    topSuppliers,
    projectCounts,
    retentions: {
      heldCount: retentions.heldCount,
      held: formatMoney(retentions.heldCents),
      releasableCount: retentions.releasableCount,
      releasable: formatMoney(retentions.releasableCents),
      nextReleasableOn: retentions.nextReleasableOn ?? null,
      quoteCount: retentions.quotes.length,
      quotes: retentions.quotes.slice(0, FINANCES_LISTED).map((quote) => {
        const first = quote.situations[0]!.invoice;
        return {
          key: quote.key,
          number: quote.quoteNumber ?? first.number ?? null,
          clientName: first.client?.name ?? first.buyer?.name ?? null,
          situationNumbers: quote.situations.flatMap(({ invoice }) =>
            invoice.number ? [invoice.number] : [],
          ),
          amount: formatMoney(quote.cents),
          releasableOn: quote.releasableOn ?? null,
          releasable: quote.releasable,
        };
      }),
    },
  };
}

/** `centsOf` for the SPA's figures: a summary's money as cents. */
export const summaryCents = (amount: string): number => centsOf(amount);
