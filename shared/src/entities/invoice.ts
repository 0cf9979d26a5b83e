/**
 * Customer invoices (factures, spec section 3; DOCUMENTS.md § 2–3): standard invoices, deposit
 * invoices, situations and credit notes (avoirs). Their lines carry selling prices; totals and VAT
 * are the server's (`invoice-totals.ts`). Status moves only through `send`, `pay` and credit notes
 * (numbers are gapless, French law), so create and update bodies carry none.
 */
import { defaultInvoiceStatus, invoiceKinds, invoiceStatuses, paymentMethods } from '../enums.js';
import {
  boundedText,
  cumulativePercentField,
  dateField,
  defaultedField,
  enumField,
  idField,
  instantField,
  integerField,
  longTextField,
  moneyField,
  optionalField,
  optionalIdField,
  percentField,
  quantityField,
  requiredText,
  textField,
  vatRateField,
} from '../fields.js';
import { companyRecordFields, entityRefSchema, updateVersionFields } from '../record.js';
import { emailStatusSchema, sendMailFields } from '../sending.js';
import { invoiceReminderSchema } from '../reminders.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import { invoiceLifecycleSchema } from '../einvoicing-network.js';
import { buyerSnapshotSchema, sellerSnapshotSchema } from './party-snapshot.js';
import { invoiceMessages, MAX_INVOICE_LINES } from './invoice-limits.js';
import { PAYMENT_REFERENCE_MAX_LENGTH } from './invoice-pay-input.js';
import { sectionField, vatBreakdownSchema } from './quote.js';

/** The most lines one invoice carries. */
export { MAX_INVOICE_LINES } from './invoice-limits.js';

/** The editable fields of an invoice line: a selling price HT, directly. */
export const invoiceLineFields = {
  description: requiredText(invoiceMessages.lineDescription),
  unit: textField,
  /** Thousandths; must be > 0 ("12.500"). */
  quantity: quantityField({ positive: true, message: invoiceMessages.quantity }),
  /** Unit price HT, money ≥ 0 ("45.00"). */
  unitPrice: moneyField({ nonNegative: true, message: invoiceMessages.unitPrice }),
  /** "20.00", "10.00", "5.50", "2.10" or "0.00"; absent: the company's default rate. */
  vatRate: optionalField(vatRateField()),
  /** The lot of the devis the line comes from ("2.1", docs/library.md), kept by an invoice of the devis. */
  section: optionalField(sectionField),
};

/** One line in an invoice's create or update body. Its total is computed, never sent. */
export const invoiceLineInput = z.object(invoiceLineFields);
export type InvoiceLineInput = z.input<typeof invoiceLineInput>;
export type InvoiceLineData = z.output<typeof invoiceLineInput>;

/**
 * An invoice line as the API returns it. Server-made lines may be negative (a situation's deposit
 * deduction is a line of quantity −1, DOCUMENTS.md § 6).
 */
export const invoiceLineSchema = z.object({
  description: z.string(),
  unit: optionalField(z.string()),
  quantity: quantityField(),
  unitPrice: moneyField(),
  /** The rate the line is taxed at: "0.00" under reverse charge or franchise. */
  vatRate: vatRateField(),
  /** quantity × unitPrice rounded to the cent, HT. */
  total: moneyField(),
  /** A situation's works line: the quote line it bills (a credit note of it keeps it). */
  itemId: optionalField(z.string()),
  /** The lot of the devis the line comes from (an invoice of a devis with lots). */
  section: optionalField(z.string()),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

const invoiceLinesField = z
  .array(invoiceLineInput, { error: invoiceMessages.linesRequired })
  .max(MAX_INVOICE_LINES, invoiceMessages.tooManyLines);

/**
 * One quote line in a situation (DOCUMENTS.md § 4), as printed: its contract amount, the cumulative
 * percent and amount before and to date, and what this situation bills of it.
 */
export const situationLineSchema = z.object({
  itemId: z.string(),
  description: z.string(),
  unit: optionalField(z.string()),
  vatRate: vatRateField(),
  saleTotal: moneyField(),
  previousPercent: percentField(),
  cumulativePercent: percentField(),
  previousAmount: moneyField(),
  cumulativeAmount: moneyField(),
  amount: moneyField(),
});
export type SituationLine = z.infer<typeof situationLineSchema>;

/** A situation's figures (`kind: progress`), made by the server from the quote and earlier situations. */
export const situationSchema = z.object({
  /** 1 for the quote's first situation. */
  index: z.number().int().min(1),
  quoteNumber: z.string(),
  lines: z.array(situationLineSchema),
  /** HT of the contract, of the works before, to date and of this situation. */
  contractAmount: moneyField(),
  previousWorksAmount: moneyField(),
  cumulativeWorksAmount: moneyField(),
  worksAmount: moneyField(),
  /** Deposits of the contract (HT, net of credit notes), deducted before and to date. */
  depositsAmount: moneyField(),
  previousDeductedAmount: moneyField(),
  cumulativeDeductedAmount: moneyField(),
  /** Retention (TTC) held before and to date. */
  previousRetentionAmount: moneyField(),
  cumulativeRetentionAmount: moneyField(),
  /** The signed progress report the percentages were taken from. */
  progressReportId: optionalIdField,
});
export type Situation = z.infer<typeof situationSchema>;

/** The editable fields of an invoice. */
export const invoiceFields = {
  clientId: idField(invoiceMessages.client),
  projectId: optionalIdField,
  quoteId: optionalIdField,
  title: requiredText(invoiceMessages.title),
  description: longTextField,
  /** Absent: the issue date + the company's payment term, set when the invoice is sent. */
  dueDate: optionalField(dateField()),
  /** Autoliquidation (art. 283-2 nonies CGI): every line at 0 %, the mention and both VAT numbers. */
  reverseCharge: defaultedField(z.boolean({ error: invoiceMessages.reverseCharge }), false),
};

/**
 * The lines of a create or update body. `totalAmount` alone (no `lines`) is read as one line at that
 * amount HT, titled as the invoice (what callers made before invoices had lines).
 */
const invoiceBodyLines = {
  lines: invoiceLinesField.optional(),
  totalAmount: optionalField(moneyField({ nonNegative: true, message: invoiceMessages.totalAmount })),
};

export {
  buyerSnapshotSchema,
  sellerSnapshotSchema,
  type BuyerSnapshot,
  type SellerSnapshot,
} from './party-snapshot.js';

// Beside the payment's hand parser (no zod there).
export { PAYMENT_REFERENCE_MAX_LENGTH } from './invoice-pay-input.js';

/**
 * One payment received on an invoice (`POST /api/invoices/{id}/pay` adds one): its amount TTC, the
 * instant it was received, how (`paymentMethods`) and its free reference. A record made before
 * payments were listed reads as one payment of its `paidAmount` at its `paidAt`, without a method.
 */
export const invoicePaymentSchema = z.object({
  id: z.string(),
  amount: moneyField(),
  paidAt: instantField(),
  method: optionalField(enumField(paymentMethods)),
  reference: optionalField(z.string()),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

/**
 * An invoice as the API returns it; `status` reads `overdue` once `dueDate` is past and it is not
 * paid. Money: `totalAmount` HT, `totalWithVat` TTC, `amountDue` what the client must pay (TTC less
 * a situation's retention), `paidAmount` against it, `creditedAmount` TTC cancelled by credit notes.
 */
export const invoiceSchema = z.object({
  ...companyRecordFields,
  ...invoiceFields,
  kind: defaultedField(enumField(invoiceKinds), 'standard'),
  lines: z.array(invoiceLineSchema),
  totalAmount: moneyField(),
  vatBreakdown: vatBreakdownSchema,
  vatAmount: moneyField(),
  totalWithVat: moneyField(),
  /** HT of deposits deducted by a situation (DOCUMENTS.md § 4). */
  depositDeduction: defaultedField(moneyField(), '0.00'),
  /** Retenue de garantie of a situation: its rate and amount (TTC). */
  retentionRate: defaultedField(percentField(), '0.00'),
  retentionAmount: defaultedField(moneyField(), '0.00'),
  /** The day the retention was paid to the company (`POST /api/invoices/{id}/retention/release`). */
  retentionReleasedAt: optionalField(dateField()),
  /** A situation (`kind: progress`): its per-line figures. */
  situation: situationSchema.optional(),
  /** The lots of the devis it invoices (`standard` invoices of a devis with lots): headings of its lines' `section`. */
  sections: z.array(z.object({ section: z.string(), title: z.string() })).optional(),
  amountDue: moneyField(),
  /** The sum of `payments`. */
  paidAmount: defaultedField(moneyField({ nonNegative: true }), '0.00'),
  /** Every payment received, in the order they were recorded. */
  payments: defaultedField(z.array(invoicePaymentSchema), []),
  /** What remains to pay: `amountDue` − `creditedAmount` − `paidAmount`, never below 0 (TTC). */
  remainingAmount: optionalField(moneyField()),
  /** TTC already cancelled by issued credit notes (an invoice), or 0 (a credit note). */
  creditedAmount: defaultedField(moneyField(), '0.00'),
  /** Taken when the invoice is sent ("FAC-2026-0001", "AV-2026-0001"); drafts have none. */
  number: optionalField(z.string()),
  status: defaultedField(enumField(invoiceStatuses), defaultInvoiceStatus),
  /** Set when the invoice is sent (issued). */
  issueDate: optionalField(dateField()),
  sentAt: optionalField(instantField()),
  /** The instant of the latest payment recorded. */
  paidAt: optionalField(instantField()),
  seller: sellerSnapshotSchema.optional(),
  buyer: buyerSnapshotSchema.optional(),
  /** A credit note: the invoice it cancels (all or part of), with its number and issue date. */
  creditedInvoiceId: optionalIdField,
  creditedInvoiceNumber: optionalField(z.string()),
  creditedInvoiceDate: optionalField(dateField()),
  /**
   * The PDF as issued (DOCUMENTS.md § 5): a document of the company (type `invoice`), made once
   * when the invoice or credit note is sent and never regenerated. Absent on a draft, and on one
   * issued before the archive existed until its PDF is first asked for.
   */
  pdfDocumentId: optionalIdField,
  /** The latest e-mail of the issued document to the client (docs/sending.md). */
  emailStatus: emailStatusSchema.optional(),
  /** Payment reminders sent, oldest first ("Relancer" and the daily job, docs/reminders-notifications.md). */
  reminders: optionalField(z.array(invoiceReminderSchema)),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/**
 * An invoice with its client and project (absent when none or gone): `GET /api/invoices/{id}` and
 * the answer of every invoice write.
 */
export const invoiceWithRefsSchema = invoiceSchema.extend({
  client: entityRefSchema.optional(),
  project: entityRefSchema.optional(),
  /** An issued invoice on the e-invoicing network: its state and latest status received (issue 30). */
  einvoicing: invoiceLifecycleSchema.optional(),
});
export type InvoiceWithRefs = z.infer<typeof invoiceWithRefsSchema>;

/** A situation as lists carry it: its index, quote and amounts, without its per-line figures. */
export const situationSummarySchema = situationSchema.omit({ lines: true });
export type SituationSummary = z.infer<typeof situationSummarySchema>;

/**
 * An invoice in `GET /api/invoices`: what Facturation's cards and a client's page read (number,
 * status, amounts, payments, dates, e-mail and reminders, a situation's index and amounts), with
 * its client and project. Left out (docs/api/invoices.md), answered by `GET /api/invoices/{id}`: the
 * lines, the seller and buyer as issued, the description, the VAT breakdown and a situation's
 * per-line figures, so a list page stays small whatever its documents hold.
 */
export const invoiceListItemSchema = invoiceWithRefsSchema
  .omit({ lines: true, seller: true, buyer: true, description: true, vatBreakdown: true, situation: true })
  .extend({ situation: situationSummarySchema.optional() });
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/** `POST /api/invoices` body: always a draft of a standard invoice. */
export const invoiceCreateInput = z.object({ ...invoiceFields, ...invoiceBodyLines });
export type InvoiceCreateInput = z.input<typeof invoiceCreateInput>;
export type InvoiceCreateData = z.output<typeof invoiceCreateInput>;

/**
 * `POST /api/quotes/{id}/situations` body (DOCUMENTS.md § 4): the cumulative percent to date per
 * quote line (`lines`; a line left out stays where it is), or one percent for every line, or the
 * percentages of a signed progress report of the quote's project. Exactly one of the three.
 */
export const situationInput = z
  .object({
    lines: optionalField(
      z
        .array(
          z.object({
            itemId: idField('La ligne du devis est requise'),
            cumulativePercent: cumulativePercentField(),
          }),
        )
        .max(MAX_INVOICE_LINES, 'Une situation porte sur au plus 1 000 lignes'),
    ),
    cumulativePercent: optionalField(cumulativePercentField()),
    progressReportId: optionalIdField,
  })
  .superRefine((body, ctx) => {
    const given = [body.lines, body.cumulativePercent, body.progressReportId].filter(
      (value) => value !== undefined,
    ).length;
    if (given !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['lines'],
        message:
          "Une situation se donne par ligne (pourcentages cumulés), par un pourcentage pour toutes les lignes ou par un état d'avancement signé (l'un des trois)",
      });
    }
  });
export type SituationInput = z.input<typeof situationInput>;
export type SituationData = z.output<typeof situationInput>;

/**
 * `PUT /api/invoices/{id}` body: the whole editable record, plus the `version` read. On a draft
 * situation, `situation` gives new percentages (same shape as `POST /api/quotes/{id}/situations`);
 * without it its lines stay.
 */
export const invoiceUpdateInput = z.object({
  ...invoiceFields,
  ...invoiceBodyLines,
  situation: situationInput.optional(),
  ...updateVersionFields,
});
export type InvoiceUpdateInput = z.input<typeof invoiceUpdateInput>;
export type InvoiceUpdateData = z.output<typeof invoiceUpdateInput>;

/**
 * `POST /api/invoices/{id}/send` body: the `version` the person saw (409 when it changed since), the
 * recipient (default: the client's e-mail) and an optional message (docs/sending.md).
 */
export const invoiceSendInput = z.object({
  ...sendMailFields,
  version: z
    .number({
      error: (issue) =>
        issue.input === undefined
          ? 'La version lue est requise'
          : 'La version doit être un nombre entier positif',
    })
    .int('La version doit être un nombre entier positif')
    .min(1, 'La version doit être un nombre entier positif'),
});
export type InvoiceSendInput = z.input<typeof invoiceSendInput>;

/**
 * `POST /api/invoices/{id}/pay` body: one payment, every field optional: its amount TTC (default:
 * what remains to pay), when (default: now), how and its reference.
 */
export const invoicePayInput = z.object({
  paidAmount: optionalField(moneyField({ nonNegative: true })),
  paidAt: optionalField(instantField()),
  method: optionalField(enumField(paymentMethods)),
  /** N° de chèque, libellé du virement… */
  reference: optionalField(boundedText(PAYMENT_REFERENCE_MAX_LENGTH)),
  ...updateVersionFields,
});
export type InvoicePayInput = z.input<typeof invoicePayInput>;
export type InvoicePayData = z.output<typeof invoicePayInput>;

/** `POST /api/invoices/{id}/retention/release` body: the day the retention was paid (default today). */
export const retentionReleaseInput = z.object({
  releasedAt: optionalField(dateField()),
  ...updateVersionFields,
});
export type RetentionReleaseInput = z.input<typeof retentionReleaseInput>;
export type RetentionReleaseData = z.output<typeof retentionReleaseInput>;

/**
 * `POST /api/invoices/{id}/credit-note` body: the lines of the issued invoice to credit, by their
 * position (0 for the first) and, for part of a line, a smaller quantity; none: the whole invoice.
 */
export const invoiceCreditNoteInput = z.object({
  lines: optionalField(
    z
      .array(
        z.object({
          index: integerField({
            min: 0,
            max: MAX_INVOICE_LINES - 1,
            message: 'La ligne à créditer est inconnue',
            required: 'La ligne à créditer est requise',
          }),
          quantity: optionalField(
            quantityField({ positive: true, message: 'La quantité à créditer doit être un nombre positif' }),
          ),
        }),
      )
      .min(1, 'Choisissez au moins une ligne à créditer')
      .max(MAX_INVOICE_LINES, 'Un avoir contient au plus 1 000 lignes'),
  ),
  /** Why the invoice is credited, printed on the credit note. */
  reason: textField,
});
export type InvoiceCreditNoteInput = z.input<typeof invoiceCreditNoteInput>;
export type InvoiceCreditNoteData = z.output<typeof invoiceCreditNoteInput>;
