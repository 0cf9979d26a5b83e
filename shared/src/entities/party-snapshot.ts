/**
 * The seller's and the buyer's identities copied into a document when it leaves the company (an
 * invoice issued, a quote sent), so that what was sent is printed again unchanged.
 */
import { moneyField, optionalField } from '../fields.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';

/**
 * The seller as it was when the document was issued (an invoice) or sent (a quote), DOCUMENTS.md § 1:
 * printed on it, whatever the company's profile became since.
 */
export const sellerSnapshotSchema = z.object({
  name: z.string(),
  legalForm: optionalField(z.string()),
  shareCapital: optionalField(moneyField()),
  siren: optionalField(z.string()),
  siret: optionalField(z.string()),
  vatNumber: optionalField(z.string()),
  registration: optionalField(z.string()),
  address: optionalField(z.string()),
  postalCode: optionalField(z.string()),
  city: optionalField(z.string()),
  country: optionalField(z.string()),
  email: optionalField(z.string()),
  phone: optionalField(z.string()),
  website: optionalField(z.string()),
  iban: optionalField(z.string()),
  bic: optionalField(z.string()),
  insurer: optionalField(z.string()),
  insurerAddress: optionalField(z.string()),
  insurancePolicyNumber: optionalField(z.string()),
  insuranceActivities: optionalField(z.string()),
  insuranceArea: optionalField(z.string()),
  vatRegime: optionalField(z.string()),
  vatOnDebits: optionalField(z.boolean()),
  paymentTermDays: optionalField(z.number()),
  latePenaltyRate: optionalField(z.string()),
  earlyPaymentDiscount: optionalField(z.string()),
  logoDocumentId: optionalField(z.string()),
});
export type SellerSnapshot = z.infer<typeof sellerSnapshotSchema>;

/** The client as it was when the document was issued or sent: a later rename changes nothing issued. */
export const buyerSnapshotSchema = z.object({
  name: z.string(),
  kind: optionalField(z.string()),
  address: optionalField(z.string()),
  postalCode: optionalField(z.string()),
  city: optionalField(z.string()),
  country: optionalField(z.string()),
  siret: optionalField(z.string()),
  siren: optionalField(z.string()),
  vatNumber: optionalField(z.string()),
  email: optionalField(z.string()),
});
export type BuyerSnapshot = z.infer<typeof buyerSnapshotSchema>;
