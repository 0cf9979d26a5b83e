import {
  changeTenths,
  formatPercentTenths,
  issuedCreditNotes,
  monthInFrance,
  netProfitCents,
  percentTenthsText,
  previousMonth,
  profitMarginTenths,
  receivables,
  retentionsSummary,
  revenueHtCents,
  revenueHtInMonthCents,
  centsOf,
  type RetentionAmounts,
} from '@btp/shared/finance';
import type { DashboardStats } from '@btp/shared/dashboard-stats';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import {
  owedToSuppliersCents,
  purchasesSummary,
  type SupplierInvoiceAmounts,
} from '@btp/shared/supplier-invoice-figures';
import { formatEuro, formatMoney, sumCents } from '@btp/shared/money';
import type { AggregateValues } from '../aggregates/read.js';

/** The records the dashboard reads, as the API reads them (only the fields the rules need). */
export interface DashboardRecords {
  projects: { status: string }[];
  quotes: { status: string; totalAmount?: string | null; totalWithVat?: string | null }[];
  /**
   * Customer invoices and credit notes, their figures completed for old records
   * (`invoiceFiguresAsRead`); a situation with its retention (`retentionAmount`, `retentionReleasedAt`).
   */
  invoices: RetentionAmounts[];
  supplierInvoices: SupplierInvoiceAmounts[];
}

/**
 * The dashboard figures at instant `now` (spec sections 3 and 9, DOCUMENTS.md § 3): active
 * projects are those `in_progress`; the monthly revenue is the revenue HT cashed during the
 * current calendar month in France, net of credit notes (`revenueHtInMonthCents`); pending quotes
 * are those `sent` (awaiting the client's answer); the margin is (revenue HT − purchases HT
 * paid, supplier credit notes deducted) / revenue HT over all time; receivables are TTC, and the retenues de garantie still
 * held by clients are counted apart from them (`amountDue` excludes them). Amounts in cents, shown as fr-FR
 * text, with the raw figures as decimal strings.
 */
export function computeDashboardStats(records: DashboardRecords, now: Date = new Date()): DashboardStats {
  const month = monthInFrance(now);
  const today = calendarDateInFrance(now);
  const monthCents = revenueHtInMonthCents(records.invoices, month);
  const previousMonthCents = revenueHtInMonthCents(records.invoices, previousMonth(month));
  const revenueCents = revenueHtCents(records.invoices);
  const purchases = purchasesSummary(records.supplierInvoices);
  const expensesCents = purchases.cents;
  const margin = profitMarginTenths(revenueCents, expensesCents);
  const pendingQuotes = records.quotes.filter((quote) => quote.status === 'sent');
  const owed = receivables(records.invoices, today);
  const credits = issuedCreditNotes(records.invoices);
  const retentions = retentionsSummary(records.invoices, today);

  return {
    activeProjects: records.projects.filter((project) => project.status === 'in_progress').length,
    monthlyRevenue: formatEuro(monthCents),
    pendingQuotes: pendingQuotes.length,
    profitMargin: formatPercentTenths(margin),
    raw: {
      month,
      monthlyRevenue: formatMoney(monthCents),
      previousMonthRevenue: formatMoney(previousMonthCents),
      monthlyRevenueChangePercent: percentTenthsText(changeTenths(monthCents, previousMonthCents)),
      revenuePaid: formatMoney(revenueCents),
      expensesPaid: formatMoney(expensesCents),
      expensesWithoutVatDetail: purchases.withoutVatCount,
      expensesWithoutVatDetailValue: formatMoney(purchases.withoutVatCents),
      netProfit: formatMoney(netProfitCents(revenueCents, expensesCents)),
      profitMarginPercent: percentTenthsText(margin),
      pendingQuotesValue: formatMoney(sumCents(pendingQuotes.map((quote) => centsOf(quote.totalAmount)))),
      pendingQuotesValueWithVat: formatMoney(
        sumCents(pendingQuotes.map((quote) => centsOf(quote.totalWithVat ?? quote.totalAmount))),
      ),
      pendingInvoices: owed.count,
      pendingInvoicesValue: formatMoney(owed.cents),
      overdueInvoices: owed.overdueCount,
      overdueInvoicesValue: formatMoney(owed.overdueCents),
      creditNotes: credits.count,
      creditNotesValue: formatMoney(credits.cents),
      creditNotesValueWithVat: formatMoney(credits.withVatCents),
      pendingSupplierInvoicesValue: formatMoney(owedToSuppliersCents(records.supplierInvoices)),
      retentionsHeld: retentions.heldCount,
      retentionsHeldValue: formatMoney(retentions.heldCents),
    },
  };
}

/** What the dashboard reads of the company aggregates (`aggregates/figures.ts`). */
export interface DashboardAggregates {
  totals: AggregateValues;
  /** The current and the previous calendar month (France) of `now`. */
  month: AggregateValues;
  previousMonth: AggregateValues;
  /** Invoices awaiting payment and overdue on today (France), and what remains to pay, TTC. */
  overdue: { count: number; cents: number };
}

/**
 * `computeDashboardStats` from the company aggregates instead of the records: the same figures,
 * read from a few items whatever the number of records.
 */
export function dashboardStatsFromAggregates(
  aggregates: DashboardAggregates,
  now: Date = new Date(),
): DashboardStats {
  const { totals } = aggregates;
  const month = monthInFrance(now);
  const monthCents = aggregates.month.get('revenue');
  const previousMonthCents = aggregates.previousMonth.get('revenue');
  const revenueCents = totals.get('revenue');
  const expensesCents = totals.get('purchasesHt');
  const margin = profitMarginTenths(revenueCents, expensesCents);
  return {
    activeProjects: totals.get('projects_in_progress'),
    monthlyRevenue: formatEuro(monthCents),
    pendingQuotes: totals.get('quotes_sent'),
    profitMargin: formatPercentTenths(margin),
    raw: {
      month,
      monthlyRevenue: formatMoney(monthCents),
      previousMonthRevenue: formatMoney(previousMonthCents),
      monthlyRevenueChangePercent: percentTenthsText(changeTenths(monthCents, previousMonthCents)),
      revenuePaid: formatMoney(revenueCents),
      expensesPaid: formatMoney(expensesCents),
      expensesWithoutVatDetail: totals.get('purchasesNoVat'),
      expensesWithoutVatDetailValue: formatMoney(totals.get('purchasesNoVatCents')),
      netProfit: formatMoney(netProfitCents(revenueCents, expensesCents)),
      profitMarginPercent: percentTenthsText(margin),
      pendingQuotesValue: formatMoney(totals.get('quotesSentHt')),
      pendingQuotesValueWithVat: formatMoney(totals.get('quotesSentTtc')),
      pendingInvoices: totals.get('pending'),
      pendingInvoicesValue: formatMoney(totals.get('pendingCents')),
      overdueInvoices: aggregates.overdue.count,
      overdueInvoicesValue: formatMoney(aggregates.overdue.cents),
      creditNotes: totals.get('creditNotes'),
      creditNotesValue: formatMoney(totals.get('creditNotesHt')),
      creditNotesValueWithVat: formatMoney(totals.get('creditNotesTtc')),
      pendingSupplierInvoicesValue: formatMoney(totals.get('supplierPending')),
      retentionsHeld: totals.get('retentionsHeld'),
      retentionsHeldValue: formatMoney(totals.get('retentionsHeldCents')),
    },
  };
}
