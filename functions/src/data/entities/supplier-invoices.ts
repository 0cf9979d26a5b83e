import type { SupplierInvoice, SupplierInvoiceCreateData } from '@btp/shared/entities/supplier-invoice';
import { numberSeries } from '../counters.js';
import { entityRepository } from '../entity-repository.js';
import { createNumbered } from './numbered.js';
import { referenceMessages } from './reference-messages.js';

/** Supplier invoices as recorded: `COMPANY#<c>` / `SUPPLIER_INVOICE#<id>`, numbered `FF-<year>-<n>`. */
export const supplierInvoices = entityRepository<SupplierInvoice>({
  type: 'SUPPLIER_INVOICE',
  notFoundMessage: 'Facture fournisseur introuvable.',
  // A supplier's or project's deletion checks what links to it (see reference-stamps.ts).
  references: [
    { field: 'supplierId', targetType: 'SUPPLIER', message: referenceMessages.supplier },
    { field: 'projectId', targetType: 'PROJECT', message: referenceMessages.project },
  ],
  unique: [
    {
      field: 'NUMBER',
      value: (invoice) => invoice.number,
      message: 'Ce numéro de facture fournisseur est déjà utilisé.',
    },
  ],
});

export function createSupplierInvoice(
  companyId: string,
  data: SupplierInvoiceCreateData,
): Promise<SupplierInvoice> {
  return createNumbered(supplierInvoices, numberSeries.supplierInvoice, companyId, data);
}
