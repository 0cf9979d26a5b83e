import {
  changeTenths,
  formatPercentTenths,
  monthInFrance,
  netProfitCents,
  paidInMonthCents,
  paidTotalCents,
  pendingSupplierCents,
  percentTenthsText,
  previousMonth,
  profitMarginTenths,
  receivables,
  centsOf,
  type DashboardStats,
  type InvoiceAmounts,
} from '@btp/shared/finance';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatEuro, formatMoney, sumCents } from '@btp/shared/money';

/** The records the dashboard reads, as stored (only the fields the rules need). */
export interface DashboardRecords {
  projects: { status: string }[];
  quotes: { status: string; totalAmount?: string | null }[];
  invoices: InvoiceAmounts[];
  supplierInvoices: InvoiceAmounts[];
}

/**
 * The dashboard figures at instant `now` (spec sections 3 and 9): active projects are those
 * `in_progress`; the monthly revenue is what paid invoices brought in during the current calendar
 * month in France; pending quotes are those `sent` (awaiting the client's answer); the margin is
 * (paid invoices − paid supplier invoices) / paid invoices over all time. Amounts in cents, shown
 * as fr-FR text, with the raw figures as decimal strings.
 */
export function computeDashboardStats(records: DashboardRecords, now: Date = new Date()): DashboardStats {
  const month = monthInFrance(now);
  const today = calendarDateInFrance(now);
  const monthCents = paidInMonthCents(records.invoices, month);
  const previousMonthCents = paidInMonthCents(records.invoices, previousMonth(month));
  const revenueCents = paidTotalCents(records.invoices);
  const expensesCents = paidTotalCents(records.supplierInvoices);
  const margin = profitMarginTenths(revenueCents, expensesCents);
  const pendingQuotes = records.quotes.filter((quote) => quote.status === 'sent');
  const owed = receivables(records.invoices, today);

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
      netProfit: formatMoney(netProfitCents(revenueCents, expensesCents)),
      profitMarginPercent: percentTenthsText(margin),
      pendingQuotesValue: formatMoney(sumCents(pendingQuotes.map((quote) => centsOf(quote.totalAmount)))),
      pendingInvoices: owed.count,
      pendingInvoicesValue: formatMoney(owed.cents),
      overdueInvoices: owed.overdueCount,
      overdueInvoicesValue: formatMoney(owed.overdueCents),
      pendingSupplierInvoicesValue: formatMoney(pendingSupplierCents(records.supplierInvoices)),
    },
  };
}
