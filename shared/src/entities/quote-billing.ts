/**
 * `GET /api/quotes/{id}/billing`: "Facturation du marché" of an accepted quote (DOCUMENTS.md § 3–4).
 * What was invoiced of the contract, line by line, by issued situations (net of their credit notes);
 * its deposits, invoiced and deducted; the retention held and released; every invoice of the quote.
 * It also carries what the SPA needs to preview the next situation with `computeSituation`
 * (`shared/src/situations.ts`): previous amounts and percentages, deposits and deductions per rate.
 */
import { invoiceKinds, invoiceStatuses } from '../enums.js';
import { dateField, moneyField, optionalField, percentField, vatRateField } from '../fields.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';

const rateAmountSchema = z.object({ rate: vatRateField(), amount: moneyField() });

export const quoteBillingLineSchema = z.object({
  itemId: z.string(),
  description: z.string(),
  unit: optionalField(z.string()),
  vatRate: vatRateField(),
  /** The contract amount HT of the line. */
  saleTotal: moneyField(),
  /** Reached by issued situations (net of their credit notes). */
  cumulativePercent: percentField(),
  cumulativeAmount: moneyField(),
  remainingAmount: moneyField(),
});
export type QuoteBillingLine = z.infer<typeof quoteBillingLineSchema>;

export const quoteBillingInvoiceSchema = z.object({
  id: z.string(),
  kind: z.enum(invoiceKinds),
  status: z.enum(invoiceStatuses),
  number: optionalField(z.string()),
  title: z.string(),
  issueDate: optionalField(dateField()),
  dueDate: optionalField(dateField()),
  /** A situation's rank (1 for the first), absent for other invoices. */
  situationIndex: optionalField(z.number()),
  totalAmount: moneyField(),
  totalWithVat: moneyField(),
  depositDeduction: moneyField(),
  retentionAmount: moneyField(),
  retentionReleasedAt: optionalField(dateField()),
  amountDue: moneyField(),
  paidAmount: moneyField(),
  creditedAmount: moneyField(),
  creditedInvoiceId: optionalField(z.string()),
  version: z.number(),
});
export type QuoteBillingInvoice = z.infer<typeof quoteBillingInvoiceSchema>;

export const quoteBillingSchema = z.object({
  quoteId: z.string(),
  quoteNumber: z.string(),
  quoteStatus: z.string(),
  projectId: optionalField(z.string()),
  /** Contract HT and TTC. */
  contractAmount: moneyField(),
  contractWithVat: moneyField(),
  lines: z.array(quoteBillingLineSchema),
  /** Works invoiced to date by issued situations (HT) and what remains of the contract (HT). */
  invoicedAmount: moneyField(),
  remainingHT: moneyField(),
  /** Deposits (HT net of their credit notes, drafts left out) and what situations deducted of them. */
  depositsAmount: moneyField(),
  depositsDeducted: moneyField(),
  depositsByRate: z.array(rateAmountSchema),
  deductedByRate: z.array(rateAmountSchema),
  /** The contract's retention rate (0 with a bank guarantee) and the retention (TTC). */
  retentionRate: percentField(),
  retentionBankGuarantee: z.boolean(),
  retentionHeld: moneyField(),
  retentionReleased: moneyField(),
  /** Held and not released. */
  retentionOutstanding: moneyField(),
  /** The day the retention may be released: a year after the situation that reached 100 %. */
  retentionReleasableOn: optionalField(dateField()),
  /** Reverse charge or franchise on the quote: situations carry no VAT. */
  noVat: z.boolean(),
  /** The draft situation of the quote, when there is one. */
  draftSituationId: optionalField(z.string()),
  /** Why a new situation cannot be made now (French sentence), absent when it can. */
  situationBlockedReason: optionalField(z.string()),
  /** Every invoice and credit note of the quote, oldest first. */
  invoices: z.array(quoteBillingInvoiceSchema),
});
export type QuoteBilling = z.infer<typeof quoteBillingSchema>;
