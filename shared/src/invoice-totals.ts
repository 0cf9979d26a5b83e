/**
 * An invoice's (or credit note's) figures from its lines (DOCUMENTS.md § 2–3), shared by the server
 * (which stores them) and the SPA (which shows them while an invoice is edited). Invoice lines carry
 * selling prices directly: `total` = round(quantity × unitPrice); VAT per rate on the sums (vat.ts).
 * `amountDue` (net à payer) is TTC less what the situations of § 4 deduct (none yet for a standard
 * or deposit invoice).
 */
import {
  formatMoney,
  formatPercent,
  lineTotal,
  parseMoney,
  parsePercent,
  parseQuantity,
  type DecimalInput,
} from './money.js';
import { LEGACY_VAT_RATE } from './pricing.js';
import { documentTotalsInUnits, formatVatBreakdown, type VatBreakdownEntry } from './vat.js';

/** What the rule reads of a line. A line without a rate is taxed at 20 % (records made before VAT). */
export interface InvoiceLineAmounts {
  quantity: DecimalInput;
  unitPrice: DecimalInput;
  vatRate?: DecimalInput | undefined;
}

/** An invoice's figures as the API carries them. */
export interface InvoiceTotals {
  /** Per line, in order: its HT total and the rate it is taxed at (0 under reverse charge or franchise). */
  lines: { total: string; vatRate: string }[];
  /** HT. */
  totalAmount: string;
  vatBreakdown: VatBreakdownEntry[];
  vatAmount: string;
  /** TTC. */
  totalWithVat: string;
  /** What the client must pay (net à payer). */
  amountDue: string;
}

/**
 * The figures of an invoice's lines. `noVat`: reverse charge (autoliquidation) or a company under
 * the VAT franchise, every line at 0 %.
 * @throws DecimalInputError when a value is not a decimal of its scale; RangeError out of range.
 */
export function invoiceTotals(input: {
  lines: readonly InvoiceLineAmounts[];
  noVat?: boolean;
}): InvoiceTotals {
  const lines = input.lines.map((line) => ({
    totalCents: lineTotal(parseQuantity(line.quantity), parseMoney(line.unitPrice)),
    vatRateHundredths: input.noVat === true ? 0 : parsePercent(line.vatRate ?? LEGACY_VAT_RATE),
  }));
  const totals = documentTotalsInUnits(lines);
  return {
    lines: lines.map((line) => ({
      total: formatMoney(line.totalCents),
      vatRate: formatPercent(line.vatRateHundredths),
    })),
    totalAmount: formatMoney(totals.totalCents),
    vatBreakdown: formatVatBreakdown(totals.vatBreakdown),
    vatAmount: formatMoney(totals.vatCents),
    totalWithVat: formatMoney(totals.totalWithVatCents),
    amountDue: formatMoney(totals.totalWithVatCents),
  };
}
