/**
 * The answer of `GET /api/dashboard/stats`, apart from the finance rules (`finance.ts`, no zod) so
 * that the many functions computing figures do not load zod (issue 27, `bench:lambda`).
 */
import * as z from './lazy-zod.js';
import './zod-fr.js';

/**
 * `GET /api/dashboard/stats`: the four figures the dashboard shows, as text, plus the raw figures
 * behind them. Revenue is HT ("CA encaissé HT"), receivables TTC (see the top of this file).
 */
export const dashboardStatsSchema = z.object({
  /** Projects `in_progress`. */
  activeProjects: z.number().int(),
  /** Revenue HT cashed this calendar month (France), net of credit notes, e.g. "1 234,50 €". */
  monthlyRevenue: z.string(),
  /** Quotes `sent`, awaiting the client's answer. */
  pendingQuotes: z.number().int(),
  /** (revenue HT − purchases HT paid) / revenue HT, e.g. "23,4 %"; "0 %" without revenue. */
  profitMargin: z.string(),
  /** Money as decimal strings ("1234.50"), percentages as decimal strings with one decimal or `null`. */
  raw: z.object({
    /** The month of `monthlyRevenue`, `YYYY-MM` in France. */
    month: z.string(),
    /** HT. */
    monthlyRevenue: z.string(),
    /** HT. */
    previousMonthRevenue: z.string(),
    /** Change of `monthlyRevenue` vs the previous month, "12.5" for +12.5 %; `null` when last month is 0. */
    monthlyRevenueChangePercent: z.string().nullable(),
    /** Revenue HT of all time: paid customer invoices less their issued credit notes (`revenueHtCents`). */
    revenuePaid: z.string(),
    /**
     * Purchases HT paid, all time: paid supplier invoices' HT less their credit notes
     * (`supplier-invoice-figures.ts`, `purchaseEntry`); records without VAT detail at their TTC.
     */
    expensesPaid: z.string(),
    /** Of those, the records counted at their TTC (VAT not detailed): how many, and their amount. (Defaulted.) */
    expensesWithoutVatDetail: z.number().int().default(0),
    expensesWithoutVatDetailValue: z.string().default('0.00'),
    /** `revenuePaid` − `expensesPaid`. */
    netProfit: z.string(),
    /** "23.4"; `null` without revenue. */
    profitMarginPercent: z.string().nullable(),
    /** HT total of the quotes awaiting an answer. */
    pendingQuotesValue: z.string(),
    /** TTC total of the quotes awaiting an answer. (Added with VAT: defaulted, so older answers still parse.) */
    pendingQuotesValueWithVat: z.string().default('0.00'),
    /** Customer invoices issued and neither paid nor cancelled (overdue included; credit notes left out), and what remains to pay on them, TTC. */
    pendingInvoices: z.number().int(),
    pendingInvoicesValue: z.string(),
    /** Of those, the overdue ones, TTC. */
    overdueInvoices: z.number().int(),
    overdueInvoicesValue: z.string(),
    /** Issued credit notes: how many, their HT and their TTC. (Defaulted, like `pendingQuotesValueWithVat`.) */
    creditNotes: z.number().int().default(0),
    creditNotesValue: z.string().default('0.00'),
    creditNotesValueWithVat: z.string().default('0.00'),
    /** What remains to pay suppliers, TTC, less their credit notes not yet deducted (`owedToSuppliersCents`). */
    pendingSupplierInvoicesValue: z.string(),
    /**
     * Retenues de garantie still held by clients (`heldRetentionCents`): how many situations, and
     * their total, TTC. Not part of `pendingInvoicesValue`. (Defaulted, like `creditNotes`.)
     */
    retentionsHeld: z.number().int().default(0),
    retentionsHeldValue: z.string().default('0.00'),
  }),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;
