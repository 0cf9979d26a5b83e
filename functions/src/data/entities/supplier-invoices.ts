import {
  supplierInvoiceLineInput,
  type SupplierInvoice,
  type SupplierInvoiceLine,
} from '@btp/shared/entities/supplier-invoice';
import { formatMoney } from '@btp/shared/money';
import {
  creditedCents,
  hasVatDetail,
  supplierAmountDueCents,
  supplierRemainingCents,
  supplierTotals,
} from '@btp/shared/supplier-invoice-figures';
import * as z from '@btp/shared/lazy-zod';
import { numberSeries } from '../counters.js';
import { entityRepository, type Fields } from '../entity-repository.js';
import { createNumbered } from './numbered.js';
import { referenceMessages } from './reference-messages.js';

/**
 * Supplier invoices and supplier credit notes as recorded: `COMPANY#<c>` / `SUPPLIER_INVOICE#<id>`,
 * numbered `FF-<year>-<n>`. Stored with their lines and totals (HT, VAT per rate, TTC) and, on an
 * invoice, the credit notes recorded against it (`creditNotes`); `amountDue`, `creditedAmount` and
 * `remainingAmount` are derived when read (`supplierInvoiceAsRead`).
 */
export const supplierInvoices = entityRepository<SupplierInvoice>({
  type: 'SUPPLIER_INVOICE',
  notFoundMessage: 'Facture fournisseur introuvable.',
  // A supplier's or project's deletion checks what links to it (see reference-stamps.ts).
  references: [
    { field: 'supplierId', targetType: 'SUPPLIER', message: referenceMessages.supplier },
    { field: 'projectId', targetType: 'PROJECT', message: referenceMessages.project },
    {
      field: 'lines',
      targetType: 'PROJECT',
      message: referenceMessages.project,
      // The invoice's own project is stamped by the rule above (one transaction writes an item once).
      targets: (invoice) =>
        (invoice.lines ?? []).flatMap((line, index) =>
          line.projectId && line.projectId !== invoice.projectId
            ? [{ id: line.projectId, path: `lines.${index}.projectId` }]
            : [],
        ),
    },
  ],
  unique: [
    {
      field: 'NUMBER',
      value: (invoice) => invoice.number,
      message: 'Ce numéro de facture fournisseur est déjà utilisé.',
    },
  ],
});

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
function legacyLinesOf(stored: SupplierInvoice): Pick<SupplierInvoice, 'lines' | 'vatBreakdown'> {
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

/**
 * A supplier invoice as the API reads it: derived figures (`amountDue`, `creditedAmount`,
 * `remainingAmount`), defaults of fields added since (`kind`, `creditNotes`…), and the lines of a
 * record made before lines (`legacyLinesOf`).
 */
export function supplierInvoiceAsRead(stored: SupplierInvoice): SupplierInvoice {
  const legacy = stored.lines === undefined ? legacyLinesOf(stored) : undefined;
  return {
    ...stored,
    kind: stored.kind ?? 'invoice',
    lines: legacy?.lines ?? stored.lines,
    allowances: stored.allowances ?? [],
    charges: stored.charges ?? [],
    vatBreakdown: stored.vatBreakdown?.length ? stored.vatBreakdown : (legacy?.vatBreakdown ?? []),
    vatDetailed: hasVatDetail(stored),
    creditNotes: stored.creditNotes ?? [],
    amountDue: formatMoney(supplierAmountDueCents(stored)),
    creditedAmount: formatMoney(creditedCents(stored)),
    remainingAmount: formatMoney(supplierRemainingCents(stored)),
  };
}

/**
 * A record written as given with the next `FF-` number (tests and data loaded without the
 * services): no lines priced, no marker, no credit-note link — the service's
 * `createSupplierInvoice` does those.
 */
export function createSupplierInvoice(
  companyId: string,
  data: Pick<SupplierInvoice, 'supplierId' | 'status' | 'totalAmount' | 'paidAmount'> &
    Partial<Omit<Fields<SupplierInvoice>, 'number'>>,
): Promise<SupplierInvoice> {
  return createNumbered(
    supplierInvoices,
    numberSeries.supplierInvoice,
    companyId,
    data as Omit<Fields<SupplierInvoice>, 'number'>,
  );
}
