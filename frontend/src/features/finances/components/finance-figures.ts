import { centsOf } from '@btp/shared/finance';
import { comparedBarPercents, type PaidParty } from '@btp/shared/finance-views';
import { FINANCES_LISTED, financesProjectStatuses, type FinancesSummary } from '@btp/shared/finances-summary';
import { tryParseDecimal } from '@btp/shared/money';

/** Spec section 9: the Finances screen lists 5 overdue invoices, 5 clients, 5 suppliers. */
export const OVERDUE_SHOWN = FINANCES_LISTED;
export const TOP_PARTIES = FINANCES_LISTED;
/** Quotes listed under 'Retenues de garantie' before 'Et N autres…'. */
export const RETENTION_QUOTES_SHOWN = FINANCES_LISTED;

/** The project statuses the Finances screen counts, in its order. */
export const countedProjectStatuses = financesProjectStatuses;

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
  /** How many quotes have a held retention; `quotes` are the first `RETENTION_QUOTES_SHOWN`. */
  quoteCount: number;
  quotes: RetentionQuote[];
}

/**
 * Every figure of the Finances screen, in cents and tenths of a percent (spec section 9), as
 * `GET /api/finances/summary` computes them from every record. Revenue is HT ("CA encaissé HT",
 * credit notes deducted), expenses are purchases HT paid (supplier credit notes deducted; a supplier
 * invoice whose VAT is not detailed counts at its TTC, and is counted apart), what is owed TTC.
 */
export interface FinanceFigures {
  /** HT: invoices cashed less their issued credit notes. */
  revenueCents: number;
  /** HT: purchases paid, supplier credit notes deducted. */
  expensesCents: number;
  /** Of those, the supplier invoices counted at their TTC (VAT not detailed). */
  expensesWithoutVat: { count: number; cents: number };
  netProfitCents: number;
  marginTenths: number | null;
  /** Change of this month's revenue and expenses vs last month (France), in tenths of a percent. */
  revenueChangeTenths: number | null;
  expensesChangeTenths: number | null;
  /** TTC still to pay on issued invoices, and how many. */
  pendingCents: number;
  pendingCount: number;
  overdueCents: number;
  /** How many invoices are overdue; `overdue` lists the first `OVERDUE_SHOWN`. */
  overdueCount: number;
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

/** Tenths of a percent from the API's `"12.5"` (`null` stays `null`). */
function tenthsOf(percent: string | null): number | null {
  if (percent === null) return null;
  const parsed = tryParseDecimal(percent, 1);
  return parsed.ok ? parsed.units : null;
}

const partiesOf = (parties: FinancesSummary['topClients']): PaidParty[] =>
  parties.map((party) => ({ id: party.id, name: party.name, cents: centsOf(party.amount) }));

/** The Finances screen's figures from `GET /api/finances/summary` (computed by the server from all records). */
export function financeFigures(summary: FinancesSummary): FinanceFigures {
  const revenueCents = centsOf(summary.revenue);
  const expensesCents = centsOf(summary.expenses);
  const bars = comparedBarPercents(revenueCents, expensesCents);
  const { retentions } = summary;
  return {
    revenueCents,
    expensesCents,
    expensesWithoutVat: {
      count: summary.expensesWithoutVat.count,
      cents: centsOf(summary.expensesWithoutVat.amount),
    },
    netProfitCents: centsOf(summary.netProfit),
    marginTenths: tenthsOf(summary.marginPercent),
    revenueChangeTenths: tenthsOf(summary.revenueChangePercent),
    expensesChangeTenths: tenthsOf(summary.expensesChangePercent),
    pendingCents: centsOf(summary.pending.amount),
    pendingCount: summary.pending.count,
    overdueCents: centsOf(summary.overdue.amount),
    overdueCount: summary.overdue.count,
    creditNotes: { count: summary.creditNotes.count, cents: centsOf(summary.creditNotes.amount) },
    overdue: summary.overdue.invoices.map((invoice) => ({
      id: invoice.id,
      title: invoice.title,
      number: invoice.number ?? undefined,
      clientName: invoice.clientName ?? undefined,
      dueDate: invoice.dueDate ?? undefined,
      outstandingCents: centsOf(invoice.outstanding),
    })),
    pendingSupplierCents: centsOf(summary.supplierPending),
    bars: { revenue: bars.a, expenses: bars.b },
    topClients: partiesOf(summary.topClients),
    topSuppliers: partiesOf(summary.topSuppliers),
    projectCounts: summary.projectCounts,
    retentions: {
      heldCents: centsOf(retentions.held),
      heldCount: retentions.heldCount,
      releasableCents: centsOf(retentions.releasable),
      releasableCount: retentions.releasableCount,
      nextReleasableOn: retentions.nextReleasableOn ?? undefined,
      quoteCount: retentions.quoteCount,
      quotes: retentions.quotes.map((quote) => ({
        key: quote.key,
        number: quote.number ?? undefined,
        clientName: quote.clientName ?? undefined,
        situationNumbers: quote.situationNumbers,
        cents: centsOf(quote.amount),
        releasableOn: quote.releasableOn ?? undefined,
        releasable: quote.releasable,
      })),
    },
  };
}
