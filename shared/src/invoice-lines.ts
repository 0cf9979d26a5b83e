/**
 * An invoice's lines and totals as the server stores them (DOCUMENTS.md § 2): selling prices HT,
 * `total` = round(quantity × unitPrice), VAT per rate on the sums (`invoiceTotals`, shared with the
 * SPA), every line at 0 % under reverse charge or franchise.
 */
import type { Invoice, InvoiceLine, InvoiceLineData } from './entities/invoice.js';
import type { VatRate } from './enums.js';
import { invoiceTotals } from './invoice-totals.js';
import { formatDecimal, PERCENT_SCALE } from './money.js';

/** A line to price: as a body gives it (rate optional) or as stored (rate and total present). */
export type LineToPrice = Pick<InvoiceLineData, 'description' | 'unit' | 'quantity' | 'unitPrice'> & {
  vatRate?: VatRate | undefined;
  /** A situation's works line: the quote line it bills (kept by its credit notes). */
  itemId?: string | undefined;
  /** The lot of the devis it comes from. */
  section?: string | undefined;
};

/** What `pricedInvoice` sets on an invoice. */
export type InvoiceAmounts = Pick<
  Invoice,
  'lines' | 'totalAmount' | 'vatBreakdown' | 'vatAmount' | 'totalWithVat' | 'amountDue'
>;

/**
 * The lines with their totals and the rates they are taxed at (their own, else `defaultVatRate`;
 * 0 % when `noVat`), and the invoice's totals. `amountDue` is the TTC: deposits deducted by a final
 * invoice are lines of their own (negative), so they are already in it.
 */
export function pricedInvoice(
  lines: readonly LineToPrice[],
  options: { noVat: boolean; defaultVatRate: VatRate },
): InvoiceAmounts {
  const rated = lines.map((line) => ({ ...line, vatRate: line.vatRate ?? options.defaultVatRate }));
  const totals = invoiceTotals({ lines: rated, noVat: options.noVat });
  const priced: InvoiceLine[] = rated.map((line, index) => {
    const figures = totals.lines[index];
    if (!figures) throw new Error('invoiceTotals returned fewer lines than it was given');
    return {
      description: line.description,
      ...(line.unit ? { unit: line.unit } : {}),
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRate: figures.vatRate as VatRate,
      total: figures.total,
      ...(line.itemId ? { itemId: line.itemId } : {}),
      ...(line.section ? { section: line.section } : {}),
    };
  });
  return {
    lines: priced,
    totalAmount: totals.totalAmount,
    vatBreakdown: totals.vatBreakdown,
    vatAmount: totals.vatAmount,
    totalWithVat: totals.totalWithVat,
    amountDue: totals.amountDue,
  };
}

/** The one line of a body that gives only `totalAmount` (callers made before invoices had lines). */
export function singleLine(title: string, totalAmount: string): LineToPrice {
  return { description: title, quantity: '1.000', unitPrice: totalAmount };
}

/** Whether a stored line was made by the server as a deduction (quantity below 0: a deposit deducted). */
export function isDeductionLine(line: Pick<InvoiceLine, 'quantity'>): boolean {
  return line.quantity.startsWith('-');
}

/** A percentage in hundredths as French text: 3000 → "30 %", 1250 → "12,5 %" (no-break space). */
export function percentLabel(hundredths: number): string {
  const text = formatDecimal(hundredths, PERCENT_SCALE)
    .replace(/\.?0+$/, '')
    .replace('.', ',');
  return `${text}\u00a0%`;
}
