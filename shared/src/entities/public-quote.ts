/**
 * The client's online "Bon pour accord" (docs/online-acceptance.md): what the public page
 * `/devis/<token>` reads (`GET /api/public/quotes/{token}`) and sends
 * (`POST /api/public/quotes/{token}/accept`). No account: the token is the only key.
 */
import { quoteStatuses } from '../enums.js';
import { requiredText } from '../fields.js';
import * as z from '../lazy-zod.js';
import { publicQuoteAcceptMessages, SIGNATURE_MAX_LENGTH } from './public-quote-input.js';
import '../zod-fr.js';

// The signature's limits and messages, and the hand parsers of the routes (no zod: `public-quote-input.ts`).
export { MAX_SIGNATURE_BYTES, SIGNATURE_DATA_URL_PREFIX } from './public-quote-input.js';

/**
 * `POST /api/public/quotes/{token}/accept` body. `signature` is a PNG data URL; the server checks
 * that its bytes are a PNG of at most 200 KB (400 otherwise).
 */
export const publicQuoteAcceptInput = z.object({
  signerName: requiredText(publicQuoteAcceptMessages.signerName),
  acceptTerms: z.literal(true, { error: publicQuoteAcceptMessages.acceptTerms }),
  // Base64 of 200 KB is 273,068 characters; a longer string is refused here, a shorter one that
  // decodes to more than 200 KB by the server, with the same message.
  signature: z
    .string({ error: publicQuoteAcceptMessages.signature })
    .min(1, publicQuoteAcceptMessages.signature)
    .max(SIGNATURE_MAX_LENGTH, publicQuoteAcceptMessages.signatureTooLong),
});
export type PublicQuoteAcceptInput = z.input<typeof publicQuoteAcceptInput>;
export type PublicQuoteAcceptData = z.output<typeof publicQuoteAcceptInput>;

/** The company as the client sees it on the page: its name and how to reach it. */
export const publicCompanySchema = z.object({
  name: z.string(),
  legalForm: z.string().optional(),
  siret: z.string().optional(),
  address: z.string().optional(),
  postalCode: z.string().optional(),
  city: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;

/** One line of the quote at its selling price (never its cost). */
export const publicQuoteLineSchema = z.object({
  description: z.string(),
  unit: z.string(),
  /** Thousandths ("12.500"). */
  quantity: z.string(),
  saleUnitPrice: z.string(),
  saleTotal: z.string(),
  vatRate: z.string(),
});

/** `GET /api/public/quotes/{token}`: the quote's readable summary and its PDF. */
export const publicQuoteSchema = z.object({
  company: publicCompanySchema,
  clientName: z.string(),
  number: z.string(),
  title: z.string(),
  description: z.string().optional(),
  lines: z.array(publicQuoteLineSchema),
  vatBreakdown: z.array(z.object({ rate: z.string(), base: z.string(), amount: z.string() })),
  totalAmount: z.string(),
  vatAmount: z.string(),
  totalWithVat: z.string(),
  reverseCharge: z.boolean(),
  sentAt: z.string().optional(),
  /** ISO date (`YYYY-MM-DD`), when the quote has one. */
  validUntil: z.string().optional(),
  /** The instant the link stops working (the end of `validUntil` in France). */
  linkValidUntil: z.string(),
  status: z.enum(quoteStatuses),
  acceptedAt: z.string().optional(),
  signerName: z.string().optional(),
  /** A short-lived presigned URL of the PDF as sent (or as signed, once accepted). */
  pdfUrl: z.string().optional(),
});
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

/** The answer of an accepted quote: when and who. */
export const publicQuoteAcceptedSchema = z.object({
  number: z.string(),
  status: z.literal('validated'),
  acceptedAt: z.string(),
  signerName: z.string(),
  pdfUrl: z.string().optional(),
});
export type PublicQuoteAccepted = z.infer<typeof publicQuoteAcceptedSchema>;
