import {
  supplierInvoiceLineInput,
  type SupplierInvoice,
  type SupplierInvoiceLine,
} from '@btp/shared/entities/supplier-invoice';
import * as z from '@btp/shared/lazy-zod';
import { hasVatDetail, supplierTotals } from '@btp/shared/supplier-invoice-figures';

/**
 * The lines of a supplier invoice recorded before supplier invoices had lines (never rewritten),
 * as `supplierInvoiceAsRead` gives them. A module apart, imported on that rare path only: it parses
 * the old lines with zod, which the list routes do not load when they start.
 */

/** A line of `items` as the import stored it before supplier invoices had lines. */
const legacyImportedLine = z.object({
  description: z.string(),
  quantity: z.union([z.string(), z.number()]).transform(String),
  unit: z.string().optional(),
  unitPrice: z.string(),
  vatRate: z.string(),
  total: z.string(),
});

function legacyImportedLines(items: readonly unknown[] | undefined): SupplierInvoiceLine[] {
  const lines: SupplierInvoiceLine[] = [];
  for (const item of items ?? []) {
    const parsed = legacyImportedLine.safeParse(item);
    if (!parsed.success) return [];
    // Written as the lines of today are (quantities "40.000"), when they read as such.
    const normalised = supplierInvoiceLineInput.safeParse(parsed.data);
    lines.push(
      normalised.success
        ? { ...parsed.data, ...normalised.data, unit: parsed.data.unit, total: parsed.data.total }
        : parsed.data,
    );
  }
  return lines;
}

/**
 * The lines and VAT breakdown of a record made before supplier invoices had lines, never
 * rewritten: an import's lines (kept in `items`) with its HT and VAT, the breakdown computed from
 * them when it adds up to both; else one line at its HT (when an import recorded it) or its TTC,
 * without a rate (« TVA non détaillée »).
 */
export function legacyLinesOf(stored: SupplierInvoice): Pick<SupplierInvoice, 'lines' | 'vatBreakdown'> {
  const detailed = hasVatDetail(stored);
  const imported = detailed ? legacyImportedLines(stored.items) : [];
  if (imported.length > 0) {
    try {
      const totals = supplierTotals({
        lines: imported.map((line) => ({ total: line.total, vatRate: line.vatRate ?? '0' })),
      });
      const adds = totals.netAmount === stored.netAmount && totals.vatAmount === stored.vatAmount;
      return { lines: imported, vatBreakdown: adds ? totals.vatBreakdown : [] };
    } catch {
      return { lines: imported, vatBreakdown: [] };
    }
  }
  const amount = detailed ? (stored.netAmount ?? stored.totalAmount) : stored.totalAmount;
  return {
    lines: [
      {
        description: stored.title ?? 'Montant de la facture',
        quantity: '1.000',
        unitPrice: amount,
        total: amount,
      },
    ],
    vatBreakdown: [],
  };
}
