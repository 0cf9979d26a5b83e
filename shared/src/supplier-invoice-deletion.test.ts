import { describe, expect, it } from 'vitest';
import { invoiceStatuses, supplierInvoiceStatusLabels } from './enums.js';
import { canDeleteSupplierInvoice } from './supplier-invoice-deletion.js';

describe('supplier invoice deletion', () => {
  it('keeps a paid supplier invoice, deletes one in any other status', () => {
    for (const status of invoiceStatuses) {
      expect(canDeleteSupplierInvoice({ status })).toBe(status !== 'paid');
    }
  });

  it("labels a received supplier invoice 'Reçue', never 'Envoyée'", () => {
    expect(supplierInvoiceStatusLabels.sent).toBe('Reçue');
    expect(supplierInvoiceStatusLabels.paid).toBe('Payée');
    expect(Object.values(supplierInvoiceStatusLabels)).not.toContain('Envoyée');
  });
});
