/**
 * A supplier invoice's limit and the messages of the rules its body's schema checks, without zod: the
 * zod schemas (`supplier-invoice.ts`, which re-exports them) and the hand parsers
 * (`supplier-invoice-input.ts`) read them (issue 27, `bench:lambda`).
 */

/** The most lines one supplier invoice carries. */
export const MAX_SUPPLIER_INVOICE_LINES = 1_000;

/** Messages of the supplier invoice rules the schema itself checks. */
export const supplierInvoiceMessages = {
  totalRequired: 'Le montant total est requis',
  tooManyLines: 'Une facture fournisseur contient au plus 1 000 lignes',
  creditedOnInvoice: "Seul un avoir peut citer la facture qu'il corrige : choisissez le type « Avoir ».",
} as const;
