/**
 * Deleting a supplier invoice (Achats screen), shared by the server (which refuses it, 409) and the
 * SPA (which hides 'Supprimer' and says why): a paid supplier invoice is kept, it records money
 * the company paid out.
 */
import type { InvoiceStatus } from './enums.js';

/** Why a paid supplier invoice cannot be deleted: the server's 409 and the card's note. */
export const paidSupplierInvoiceDeletionMessage =
  'Cette facture fournisseur est payée : elle ne peut plus être supprimée.';

/** Whether a supplier invoice may be deleted (not once paid). */
export function canDeleteSupplierInvoice(invoice: { status: InvoiceStatus }): boolean {
  return invoice.status !== 'paid';
}
