import type { SupplierInvoice, SupplierInvoiceCreateData } from '@btp/shared/entities/supplier-invoice';
import { numberSeries } from '../counters.js';
import { entityRepository } from '../entity-repository.js';
import { createNumbered } from './numbered.js';

/** Supplier invoices as recorded: `COMPANY#<c>` / `SUPPLIER_INVOICE#<id>`, numbered `FF-<year>-<n>`. */
export const supplierInvoices = entityRepository<SupplierInvoice>({
  type: 'SUPPLIER_INVOICE',
  notFoundMessage: 'Facture fournisseur introuvable.',
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
