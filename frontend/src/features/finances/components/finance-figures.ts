import {
  changeTenths,
  isCreditNote,
  issuedCreditNotes,
  monthInFrance,
  netProfitCents,
  outstandingCents,
  paidInMonthCents,
  paidTotalCents,
  pendingSupplierCents,
  previousMonth,
  profitMarginTenths,
  receivables,
  retentionsSummary,
  revenueHtCents,
  revenueHtInMonthCents,
} from '@btp/shared/finance';
import {
  comparedBarPercents,
  countByStatus,
  topPaidParties,
  topRevenueParties,
  type PaidParty,
} from '@btp/shared/finance-views';
import { calendarDateInFrance, withEffectiveStatus } from '@btp/shared/invoice-status';
import type { ProjectStatus } from '@btp/shared/enums';

import type { InvoicesListItem } from '../../../api/invoices/list-invoices';
import type { ProjectsListItem } from '../../../api/projects/list-projects';
import type { SupplierInvoicesListItem } from '../../../api/supplier-invoices/list-supplier-invoices';

/** Spec section 9: the Finances screen lists 5 overdue invoices, 5 clients, 5 suppliers. */
export const OVERDUE_SHOWN = 5;
export const TOP_PARTIES = 5;
/** Quotes listed under 'Retenues de garantie' before 'Et N autres…'. */
export const RETENTION_QUOTES_SHOWN = 5;

/** The project statuses the Finances screen counts, in its order. */
export const countedProjectStatuses = [
  'in_progress',
  'planning',
  'completed',
  'on_hold',
] as const satisfies readonly ProjectStatus[];

export interface OverdueInvoice {
  id: string;
  title: string;
  number: string | undefined;
  clientName: string | undefined;
  dueDate: string | undefined;
  /** What remains to pay, TTC, in cents. */
  outstandingCents: number;
}

/** A quote whose situations' retention its client still holds. */
export interface RetentionQuote {
  key: string;
  /** The quote's number, else the number of its (only) situation. */
  number: string | undefined;
  clientName: string | undefined;
  /** The numbers of its situations whose retention is held, in their order. */
  situationNumbers: string[];
  /** Held, TTC, in cents. */
  cents: number;
  /** A year after the situation that reached 100 %; absent while the works are not complete. */
  releasableOn: string | undefined;
  releasable: boolean;
}

/** 'Retenues de garantie' (DOCUMENTS.md § 4, `retentionsSummary`): never part of `pendingCents`. */
export interface RetentionFigures {
  heldCents: number;
  heldCount: number;
  releasableCents: number;
  releasableCount: number;
  /** The earliest release day still to come, when none is releasable yet or more follow. */
  nextReleasableOn: string | undefined;
  quotes: RetentionQuote[];
}

/**
 * Every figure of the Finances screen, in cents and tenths of a percent (spec section 9). Revenue is
 * HT ("CA encaissé HT", credit notes deducted), what is owed TTC (the shared rules of finance.ts);
 * supplier invoices carry one amount, as entered.
 */
export interface FinanceFigures {
  /** HT: invoices cashed less their issued credit notes. */
  revenueCents: number;
  expensesCents: number;
  netProfitCents: number;
  marginTenths: number | null;
  /** Change of this month's revenue and expenses vs last month (France), in tenths of a percent. */
  revenueChangeTenths: number | null;
  expensesChangeTenths: number | null;
  /** TTC still to pay on issued invoices, and how many. */
  pendingCents: number;
  pendingCount: number;
  overdueCents: number;
  /** Issued credit notes: how many, and their HT. */
  creditNotes: { count: number; cents: number };
  overdue: OverdueInvoice[];
  pendingSupplierCents: number;
  /** Widths of the revenue and expense bars, the larger one full. */
  bars: { revenue: number; expenses: number };
  topClients: PaidParty[];
  topSuppliers: PaidParty[];
  projectCounts: Record<(typeof countedProjectStatuses)[number], number>;
  retentions: RetentionFigures;
}

/** The retenues de garantie held on `today` (France), by quote, releasable ones first. */
function retentionFigures(invoices: readonly InvoicesListItem[], today: string): RetentionFigures {
  const summary = retentionsSummary(invoices, today);
  return {
    heldCents: summary.heldCents,
    heldCount: summary.heldCount,
    releasableCents: summary.releasableCents,
    releasableCount: summary.releasableCount,
    nextReleasableOn: summary.nextReleasableOn,
    quotes: summary.quotes.map((quote) => {
      const first = quote.situations[0]!.invoice;
      const situationNumbers = quote.situations.flatMap(({ invoice }) =>
        invoice.number ? [invoice.number] : [],
      );
      return {
        key: quote.key,
        number: quote.quoteNumber ?? first.number,
        clientName: first.client?.name ?? first.buyer?.name,
        situationNumbers,
        cents: quote.cents,
        releasableOn: quote.releasableOn,
        releasable: quote.releasable,
      };
    }),
  };
}

/** The Finances screen's figures from the three lists, on `now` (France's calendar). */
export function financeFigures(
  invoices: readonly InvoicesListItem[],
  supplierInvoices: readonly SupplierInvoicesListItem[],
  projects: readonly ProjectsListItem[],
  now: Date = new Date(),
): FinanceFigures {
  const today = calendarDateInFrance(now);
  const month = monthInFrance(now);
  const revenueCents = revenueHtCents(invoices);
  const expensesCents = paidTotalCents(supplierInvoices);
  const owed = receivables(invoices, today);
  const notes = issuedCreditNotes(invoices);
  const bars = comparedBarPercents(revenueCents, expensesCents);

  return {
    revenueCents,
    expensesCents,
    netProfitCents: netProfitCents(revenueCents, expensesCents),
    marginTenths: profitMarginTenths(revenueCents, expensesCents),
    revenueChangeTenths: changeTenths(
      revenueHtInMonthCents(invoices, month),
      revenueHtInMonthCents(invoices, previousMonth(month)),
    ),
    expensesChangeTenths: changeTenths(
      paidInMonthCents(supplierInvoices, month),
      paidInMonthCents(supplierInvoices, previousMonth(month)),
    ),
    pendingCents: owed.cents,
    pendingCount: owed.count,
    overdueCents: owed.overdueCents,
    creditNotes: { count: notes.count, cents: notes.cents },
    overdue: invoices
      .map((invoice) => withEffectiveStatus(invoice, today))
      .filter((invoice) => invoice.status === 'overdue' && !isCreditNote(invoice))
      .map((invoice) => ({
        id: invoice.id,
        title: invoice.title,
        number: invoice.number,
        clientName: invoice.client?.name,
        dueDate: invoice.dueDate,
        outstandingCents: outstandingCents(invoice),
      })),
    pendingSupplierCents: pendingSupplierCents(supplierInvoices),
    bars: { revenue: bars.a, expenses: bars.b },
    topClients: topRevenueParties(
      invoices,
      (invoice) => invoice.client,
      (invoice) => invoice.clientId,
      TOP_PARTIES,
    ),
    topSuppliers: topPaidParties(
      supplierInvoices,
      (invoice) => invoice.supplier,
      (invoice) => invoice.supplierId,
      TOP_PARTIES,
    ),
    projectCounts: countByStatus(projects, countedProjectStatuses),
    retentions: retentionFigures(invoices, today),
  };
}
