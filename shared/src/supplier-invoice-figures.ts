/**
 * The figures of supplier invoices and supplier credit notes, shared by the server (which stores
 * them and keeps the aggregates) and the SPA (which shows them while a person types):
 *
 * - a line's total HT = round(quantity × unit price ÷ price base quantity) − its allowances + its
 *   charges (the last three only on imported lines);
 * - HT = Σ line totals − document allowances + document charges; VAT per rate on the bases, as for
 *   our own invoices (`vat.ts`: round(base × rate) per rate, never per line); TTC = HT + VAT. An
 *   imported e-invoice's stated VAT of a rate is kept while that rate's base is unchanged: it is
 *   what the supplier charged (the reader checked it within the standard's tolerance);
 * - `creditedAmount` = Σ TTC of the credit notes recorded against an invoice (not cancelled);
 * - `remainingAmount` = `amountDue` − `paidAmount` − `creditedAmount` (never below 0; 0 once the
 *   invoice is `paid` or `cancelled`), `amountDue` = TTC − prepaid (BT-113) + rounding (BT-114);
 * - what the company owes a supplier = Σ remaining of its invoices − Σ what remains of its credit
 *   notes that credit no invoice (TTC − what was refunded, until `paid` or `cancelled`);
 * - purchases HT (the margins' cost side, cash basis like revenue: « net profit = paid invoices
 *   minus paid supplier invoices », spec section 9): a `paid` invoice counts its HT less the HT of
 *   its credit notes; a credit note that credits no invoice, once `paid` (refunded or deducted),
 *   takes back its HT. A record whose VAT is not detailed (made with its TTC alone) counts its TTC:
 *   it is all we know, and it is counted apart (« dont N factures sans détail de TVA »).
 *
 * Records made before lines existed are read, never rewritten: one line at their amount (their HT
 * and VAT when an import recorded them, else their TTC with the VAT unknown).
 */
import { centsOf, monthInFrance } from './finance.js';
import {
  formatMoney,
  parseDecimal,
  parseMoney,
  parsePercent,
  RECEIVED_DECIMAL_SCALE,
  scaledLineTotal,
  sumCents,
  type DecimalInput,
} from './money.js';
import {
  documentTotalsInUnits,
  formatVatBreakdown,
  type DocumentTotalsInUnits,
  type VatBreakdownEntry,
  type VatLine,
} from './vat.js';

/** What the line rule reads. */
export interface SupplierLineAmounts {
  quantity: DecimalInput;
  unitPrice: DecimalInput;
  /** BT-149; absent: 1. */
  priceBaseQuantity?: DecimalInput | null | undefined;
  allowanceAmount?: DecimalInput | null | undefined;
  chargeAmount?: DecimalInput | null | undefined;
}

const ONE = 10 ** RECEIVED_DECIMAL_SCALE;

/**
 * A line's total HT in cents.
 * @throws DecimalInputError when a value is not a decimal of its scale; RangeError out of range or a base of 0.
 */
export function supplierLineTotalCents(line: SupplierLineAmounts): number {
  const base =
    line.priceBaseQuantity === undefined || line.priceBaseQuantity === null
      ? ONE
      : parseDecimal(line.priceBaseQuantity, RECEIVED_DECIMAL_SCALE);
  const net = scaledLineTotal(
    parseDecimal(line.quantity, RECEIVED_DECIMAL_SCALE),
    parseDecimal(line.unitPrice, RECEIVED_DECIMAL_SCALE),
    base,
    RECEIVED_DECIMAL_SCALE,
  );
  return sumCents([net, -centsOf(line.allowanceAmount ?? null), centsOf(line.chargeAmount ?? null)]);
}

/** A document allowance or charge as the totals read it: HT, positive, and its rate. */
export interface SupplierAdjustmentAmounts {
  amount: DecimalInput;
  vatRate: DecimalInput;
}

/** What the totals read. */
export interface SupplierTotalsInput {
  /** Each line's total HT and rate. */
  lines: readonly { total: DecimalInput; vatRate: DecimalInput }[];
  allowances?: readonly SupplierAdjustmentAmounts[] | undefined;
  charges?: readonly SupplierAdjustmentAmounts[] | undefined;
  /** The VAT per rate a received e-invoice states, kept for each rate whose base is the same. */
  stated?: readonly VatBreakdownEntry[] | undefined;
}

/**
 * HT, VAT per rate and TTC of a supplier invoice, in integers (see the top of this file).
 * @throws DecimalInputError / RangeError as `supplierLineTotalCents`.
 */
export function supplierTotalsInUnits(input: SupplierTotalsInput): DocumentTotalsInUnits {
  const entries: VatLine[] = [
    ...input.lines.map((line) => ({
      totalCents: parseMoney(line.total),
      vatRateHundredths: parsePercent(line.vatRate),
    })),
    ...(input.charges ?? []).map((charge) => ({
      totalCents: parseMoney(charge.amount),
      vatRateHundredths: parsePercent(charge.vatRate),
    })),
    ...(input.allowances ?? []).map((allowance) => ({
      totalCents: -parseMoney(allowance.amount),
      vatRateHundredths: parsePercent(allowance.vatRate),
    })),
  ];
  const computed = documentTotalsInUnits(entries);
  if (!input.stated || input.stated.length === 0) return computed;
  const stated = new Map(
    input.stated.map((entry) => [
      parsePercent(entry.rate),
      { baseCents: parseMoney(entry.base), amountCents: parseMoney(entry.amount) },
    ]),
  );
  const vatBreakdown = computed.vatBreakdown.map((entry) => {
    const given = stated.get(entry.rateHundredths);
    return given && given.baseCents === entry.baseCents
      ? { ...entry, amountCents: given.amountCents }
      : entry;
  });
  const vatCents = sumCents(vatBreakdown.map((entry) => entry.amountCents));
  return {
    totalCents: computed.totalCents,
    vatBreakdown,
    vatCents,
    totalWithVatCents: sumCents([computed.totalCents, vatCents]),
  };
}

/** The same totals as the API carries them. */
export interface SupplierTotals {
  netAmount: string;
  vatBreakdown: VatBreakdownEntry[];
  vatAmount: string;
  totalAmount: string;
}

export function supplierTotals(input: SupplierTotalsInput): SupplierTotals {
  const totals = supplierTotalsInUnits(input);
  return {
    netAmount: formatMoney(totals.totalCents),
    vatBreakdown: formatVatBreakdown(totals.vatBreakdown),
    vatAmount: formatMoney(totals.vatCents),
    totalAmount: formatMoney(totals.totalWithVatCents),
  };
}

/** What the figures read of a stored supplier invoice or credit note (money as decimal strings). */
export interface SupplierInvoiceAmounts {
  id?: string;
  supplierId?: string | null;
  status: string;
  kind?: string | null;
  /** TTC. */
  totalAmount?: string | number | null;
  /** HT; absent: the VAT is not detailed. */
  netAmount?: string | number | null;
  paidAmount?: string | number | null;
  paidAt?: string | null;
  prepaidAmount?: string | number | null;
  roundingAmount?: string | number | null;
  creditedInvoiceId?: string | null;
  creditNotes?: readonly { netAmount?: string | null; totalAmount?: string | null }[] | null;
  /** Another currency than the euro (an imported e-invoice): left out of every euro figure. */
  currency?: string | null;
}

export const isSupplierCreditNote = (record: Pick<SupplierInvoiceAmounts, 'kind'>): boolean =>
  record.kind === 'credit_note';

/** Whether a record's HT is known (lines, or an import's HT): else only its TTC is. */
export const hasVatDetail = (record: Pick<SupplierInvoiceAmounts, 'netAmount'>): boolean =>
  record.netAmount !== undefined && record.netAmount !== null && record.netAmount !== '';

/** Whether a record is in euros (every record but an imported one in another currency). */
export const isInEuros = (record: Pick<SupplierInvoiceAmounts, 'currency'>): boolean =>
  !record.currency || record.currency.toUpperCase() === 'EUR';

/** TTC of the credit notes recorded against an invoice, in cents. */
export function creditedCents(record: SupplierInvoiceAmounts): number {
  if (isSupplierCreditNote(record)) return 0;
  return sumCents((record.creditNotes ?? []).map((note) => centsOf(note.totalAmount)));
}

/** HT of those credit notes (TTC for a note whose VAT is not detailed), in cents. */
function creditedNetCents(record: SupplierInvoiceAmounts): number {
  return sumCents((record.creditNotes ?? []).map((note) => centsOf(note.netAmount ?? note.totalAmount)));
}

/** What the supplier asks: TTC − prepaid + rounding, in cents. */
export function supplierAmountDueCents(record: SupplierInvoiceAmounts): number {
  return sumCents([
    centsOf(record.totalAmount),
    -centsOf(record.prepaidAmount),
    centsOf(record.roundingAmount),
  ]);
}

const settled = (status: string): boolean => status === 'paid' || status === 'cancelled';

/**
 * What remains to pay on an invoice, or of a credit note to deduct or be refunded, in cents:
 * 0 once `paid` or `cancelled`; an invoice: amount due − paid − credited; a credit note that
 * credits no invoice: TTC − refunded; a credit note of an invoice: 0 (its invoice counts it).
 * Never below 0.
 */
export function supplierRemainingCents(record: SupplierInvoiceAmounts): number {
  if (settled(record.status)) return 0;
  if (isSupplierCreditNote(record)) {
    if (record.creditedInvoiceId) return 0;
    return Math.max(0, centsOf(record.totalAmount) - centsOf(record.paidAmount));
  }
  return Math.max(0, supplierAmountDueCents(record) - centsOf(record.paidAmount) - creditedCents(record));
}

/**
 * What a record adds to what the company owes its supplier, in cents: an invoice its remaining,
 * a credit note crediting no invoice minus its remaining. A record in another currency: 0.
 */
export function supplierOwedCents(record: SupplierInvoiceAmounts): number {
  if (!isInEuros(record)) return 0;
  const remaining = supplierRemainingCents(record);
  return isSupplierCreditNote(record) ? 0 - remaining : remaining;
}

/** One movement of purchases HT (cash basis), in cents. */
export interface PurchaseEntry {
  cents: number;
  /** The calendar month in France of the payment (`YYYY-MM`); absent without `paidAt`. */
  month?: string;
  /** The record's VAT is not detailed: `cents` is TTC (all that is known). */
  withoutVat: boolean;
}

/**
 * What a record adds to purchases HT: a `paid` invoice its HT less its credit notes' HT (its
 * amount paid less the credit notes' TTC when its VAT is not detailed); a `paid` credit note that
 * credits no invoice minus its HT; anything else nothing (see the top of this file).
 */
export function purchaseEntry(record: SupplierInvoiceAmounts): PurchaseEntry | undefined {
  if (record.status !== 'paid' || !isInEuros(record)) return undefined;
  const month = record.paidAt ? monthInFrance(record.paidAt) : undefined;
  const withoutVat = !hasVatDetail(record);
  if (isSupplierCreditNote(record)) {
    if (record.creditedInvoiceId) return undefined;
    const cents = withoutVat ? centsOf(record.totalAmount) : centsOf(record.netAmount);
    return { cents: 0 - cents, month, withoutVat };
  }
  if (withoutVat) {
    // Before lines, a supplier invoice's one figure was what was paid (or its total, marked paid).
    const paid = centsOf(record.paidAmount);
    const cents = (paid > 0 ? paid : centsOf(record.totalAmount)) - creditedCents(record);
    return { cents, month, withoutVat };
  }
  return { cents: centsOf(record.netAmount) - creditedNetCents(record), month, withoutVat };
}

/** Purchases HT of records, with how many records (and how much) counted without VAT detail. */
export function purchasesSummary(
  records: Iterable<SupplierInvoiceAmounts>,
  month?: string,
): { cents: number; withoutVatCount: number; withoutVatCents: number } {
  let cents = 0;
  let withoutVatCount = 0;
  let withoutVatCents = 0;
  for (const record of records) {
    const entry = purchaseEntry(record);
    if (!entry || (month !== undefined && entry.month !== month)) continue;
    cents += entry.cents;
    if (entry.withoutVat) {
      withoutVatCount += 1;
      withoutVatCents += entry.cents;
    }
  }
  return { cents, withoutVatCount, withoutVatCents };
}

/** What the company owes its suppliers (every record), in cents. */
export function owedToSuppliersCents(records: Iterable<SupplierInvoiceAmounts>): number {
  return sumCents([...records].map(supplierOwedCents));
}
