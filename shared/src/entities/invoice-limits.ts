/** The most lines one invoice carries (no zod: the credit note's hand parser reads it; `invoice.ts` re-exports it). */
export const MAX_INVOICE_LINES = 1_000;

/** The messages of an invoice's create and update bodies, shared by the zod schemas (`invoice.ts`) and the hand parsers (`invoice-input.ts`). */
export const invoiceMessages = {
  client: 'Le client est requis',
  title: 'Le titre est requis',
  reverseCharge: 'Autoliquidation : oui ou non',
  linesRequired: 'La liste des lignes est requise',
  tooManyLines: 'Une facture contient au plus 1 000 lignes',
  totalAmount: 'Le montant HT est invalide',
  lineDescription: 'La désignation de la ligne est requise',
  quantity: 'La quantité doit être un nombre positif',
  unitPrice: 'Le prix unitaire HT doit être un nombre positif ou nul',
} as const;
