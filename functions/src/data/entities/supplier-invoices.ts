import type { SupplierInvoice } from '@btp/shared/entities/supplier-invoice';
import { formatMoney } from '@btp/shared/money';
import {
  creditedCents,
  hasVatDetail,
  supplierAmountDueCents,
  supplierRemainingCents,
} from '@btp/shared/supplier-invoice-figures';
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

/**
 * A supplier invoice as the API reads it: derived figures (`amountDue`, `creditedAmount`,
 * `remainingAmount`), defaults of fields added since (`kind`, `creditNotes`…), and the lines of a
 * record made before lines (`legacyLinesOf`, loaded only when such a record is read: it parses the
 * old lines with zod, which the list routes do not load when they start, docs/architecture.md).
 */
export async function supplierInvoiceAsRead(stored: SupplierInvoice): Promise<SupplierInvoice> {
  const legacy =
    stored.lines === undefined
      ? (await import('./supplier-invoice-legacy.js')).legacyLinesOf(stored)
      : undefined;
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
