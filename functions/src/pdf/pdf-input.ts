/**
 * What the PDF of a devis, a facture or an avoir is made from (DOCUMENTS.md § 5): the record as the
 * API reads it, the seller and the buyer as printed, the project (site address, dates), the
 * company's logo. The routes gather it (`pdf-service.ts`); the renderer (`render.ts`) only draws it,
 * reading nothing else, so the same input always gives the same document.
 */
import type { BuyerSnapshot, Invoice, SellerSnapshot } from '@btp/shared/entities/invoice';
import type { Project } from '@btp/shared/entities/project';
import type { Quote } from '@btp/shared/entities/quote';

/** The company's logo, a PNG or JPEG document of the company (`logoDocumentId`). */
export interface PdfLogo {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg';
}

/** A devis: draft (a "BROUILLON" preview) until it is sent. */
export interface QuotePdfInput {
  /** The quote with its lines (`items`). */
  quote: Quote;
  /** The quote's snapshot once sent; for a draft (or a quote sent before snapshots), `sellerSnapshot(company)` of now. */
  seller: SellerSnapshot;
  /** The quote's snapshot once sent; for a draft, `buyerSnapshot(client)` of now. */
  buyer: BuyerSnapshot;
  project?: Project;
  logo?: PdfLogo;
  /** The document's date (ISO `YYYY-MM-DD`): the sending date, or today for a draft's preview. */
  date: string;
  /** The signature drawn when the client accepted online (PNG): the signed PDF's box shows it. */
  signatureImage?: Buffer;
}

/** A facture (standard, deposit, progress) or an avoir: draft until it is sent (issued). */
export interface InvoicePdfInput {
  /** The invoice with its lines; `seller` and `buyer` are read from the fields below, not from it. */
  invoice: Invoice;
  /** The invoice's snapshot once issued; for a draft, `sellerSnapshot(company)` of now. */
  seller: SellerSnapshot;
  /** The invoice's snapshot once issued; for a draft, `buyerSnapshot(client)` of now. */
  buyer: BuyerSnapshot;
  project?: Project;
  logo?: PdfLogo;
  /** For a credit note: the credited invoice's number and issue date (ISO). */
  credited?: { number: string; issueDate: string };
  /** For a deposit or final invoice of a quote: that quote's number. */
  quoteNumber?: string;
  /** The document's date (ISO): `issueDate` once issued, today for a draft's preview. */
  date: string;
}
