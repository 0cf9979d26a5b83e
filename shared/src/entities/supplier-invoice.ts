/**
 * Supplier invoices (spec section 3) and supplier credit notes (`kind: credit_note`); statuses are
 * the invoice statuses. They record documents the company received, so, unlike customer invoices,
 * their status is edited like any other field. Their lines carry purchase prices HT with the VAT
 * rate the supplier charged; HT, VAT per rate and TTC are the server's (`supplier-invoice-figures.ts`,
 * on the rules of `vat.ts`), and `totalAmount` stays the TTC (the spec's one amount).
 */
import { defaultInvoiceStatus, invoiceStatuses, resourceTypes, supplierInvoiceKinds } from '../enums.js';
import {
  dateField,
  defaultedField,
  enumField,
  idField,
  instantField,
  isBlank,
  jsonItemsField,
  longTextField,
  moneyField,
  optionalField,
  optionalIdField,
  receivedDecimalField,
  receivedVatRateField,
  requiredText,
  textField,
} from '../fields.js';
import { companyRecordFields, entityRefSchema, updateVersionFields } from '../record.js';
import { supplierInvoiceLifecycleSchema } from '../einvoicing-network.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import { vatBreakdownSchema } from './quote.js';

import { MAX_SUPPLIER_INVOICE_LINES, supplierInvoiceMessages } from './supplier-invoice-limits.js';

// Read without zod by the parsers of the bodies too (`supplier-invoice-input.ts`).
export { MAX_SUPPLIER_INVOICE_LINES, supplierInvoiceMessages } from './supplier-invoice-limits.js';

/**
 * The editable fields of a supplier invoice line: a purchase price HT and the rate the supplier
 * charged (any rate: a foreign supplier's 19 % is what it charged), the resource type (the quote
 * lines' types: the purchase account and job costing read it) and the project (absent: the
 * invoice's).
 */
export const supplierInvoiceLineFields = {
  description: requiredText('La désignation de la ligne est requise'),
  unit: textField,
  /** "12.500"; may be negative (a line returned), up to six decimals. */
  quantity: receivedDecimalField({
    minScale: 3,
    required: 'La quantité est requise',
    invalid: 'Quantité invalide : utilisez un nombre avec au plus six décimales, par exemple 12,5',
  }),
  /** HT, ≥ 0, up to six decimals ("8.50", "1.2605"). */
  unitPrice: receivedDecimalField({
    minScale: 2,
    nonNegative: true,
    required: 'Le prix unitaire HT est requis',
    invalid: 'Prix unitaire HT invalide : utilisez un nombre avec au plus six décimales, par exemple 8,50',
    negative: 'Le prix unitaire HT doit être un nombre positif ou nul',
  }),
  /** "20.00", "5.50", "19.00": 0 to 100 %. */
  vatRate: receivedVatRateField(),
  resourceType: optionalField(enumField(resourceTypes)),
  projectId: optionalIdField,
};

/** One line in a create or update body. Its total is computed, never sent. */
export const supplierInvoiceLineInput = z.object(supplierInvoiceLineFields);
export type SupplierInvoiceLineInput = z.input<typeof supplierInvoiceLineInput>;
export type SupplierInvoiceLineData = z.output<typeof supplierInvoiceLineInput>;

/**
 * What an imported e-invoice adds to a line, read-only: the price base quantity (BT-149), the
 * line's allowances and charges (BG-27, BG-28, summed) and its VAT category (BT-151). They are kept
 * while the line is sent back unchanged.
 */
export const receivedLineFields = {
  priceBaseQuantity: optionalField(z.string()),
  allowanceAmount: optionalField(moneyField()),
  chargeAmount: optionalField(moneyField()),
  vatCategory: optionalField(z.string()),
};

/** A line as the API returns it. */
export const supplierInvoiceLineSchema = z.object({
  description: z.string(),
  unit: optionalField(z.string()),
  quantity: z.string(),
  unitPrice: z.string(),
  /**
   * The rate the line is taxed at. Absent only on the one line a record made before lines reads as
   * (« TVA non détaillée »): its figures are then the record's TTC, or its HT when that was known.
   */
  vatRate: optionalField(z.string()),
  resourceType: optionalField(enumField(resourceTypes)),
  projectId: optionalIdField,
  ...receivedLineFields,
  /** HT: quantity × unit price (÷ base quantity) − allowances + charges, to the cent. */
  total: moneyField(),
});
export type SupplierInvoiceLine = z.infer<typeof supplierInvoiceLineSchema>;

/** A document-level allowance or charge of an imported e-invoice (BG-20 / BG-21), HT, positive. */
export const supplierInvoiceAdjustmentSchema = z.object({
  reason: optionalField(z.string()),
  reasonCode: optionalField(z.string()),
  amount: moneyField(),
  vatRate: z.string(),
  vatCategory: optionalField(z.string()),
});
export type SupplierInvoiceAdjustment = z.infer<typeof supplierInvoiceAdjustmentSchema>;

/** A credit note recorded against an invoice, as the invoice keeps it (maintained by the server). */
export const supplierCreditNoteRefSchema = z.object({
  id: z.string(),
  number: z.string(),
  /** HT; absent when the credit note's VAT is not detailed. */
  netAmount: optionalField(moneyField()),
  /** TTC. */
  totalAmount: moneyField(),
});
export type SupplierCreditNoteRef = z.infer<typeof supplierCreditNoteRefSchema>;

const linesField = z
  .array(supplierInvoiceLineInput, { error: 'La liste des lignes est requise' })
  .max(MAX_SUPPLIER_INVOICE_LINES, supplierInvoiceMessages.tooManyLines);

/** The editable fields of a supplier invoice or credit note. */
export const supplierInvoiceFields = {
  supplierId: idField('Le fournisseur est requis'),
  projectId: optionalIdField,
  supplierQuoteId: optionalIdField,
  status: defaultedField(enumField(invoiceStatuses), defaultInvoiceStatus),
  /** `invoice` (default) or `credit_note`; cannot change once recorded. */
  kind: defaultedField(enumField(supplierInvoiceKinds), 'invoice'),
  title: textField,
  description: longTextField,
  /**
   * The lines: HT, VAT per rate and TTC are computed from them. Absent on a `PUT`: the stored lines
   * stay. A record without lines at all carries only `totalAmount` (TTC, VAT not detailed).
   */
  lines: linesField.optional(),
  /** TTC; required without lines, else computed (a different value sent is refused). */
  totalAmount: optionalField(
    moneyField({ nonNegative: true, required: supplierInvoiceMessages.totalRequired }),
  ),
  paidAmount: defaultedField(moneyField({ nonNegative: true }), '0.00'),
  dueDate: optionalField(dateField()),
  receivedAt: optionalField(instantField()),
  paidAt: optionalField(instantField()),
  /** The spec's free JSON list; records imported before lines existed kept their lines here. */
  items: optionalField(jsonItemsField),
  /** The supplier's own number of the invoice (BT-1 of an imported e-invoice). */
  supplierReference: textField,
  /** The invoice's date as the supplier wrote it (BT-2). */
  issueDate: optionalField(dateField()),
  /**
   * HT and VAT of a record without lines, when known (`netAmount` + `vatAmount` = `totalAmount`);
   * computed, and ignored when sent, for a record with lines.
   */
  netAmount: optionalField(moneyField()),
  vatAmount: optionalField(moneyField()),
  /** The original file (an imported e-invoice), a document of the company linked to the supplier. */
  documentId: optionalIdField,
  /** A credit note: the supplier invoice it corrects (same supplier). */
  creditedInvoiceId: optionalIdField,
};

/** Without lines, the TTC is the record's one amount: it must be given. */
function requireTotal(
  value: {
    lines?: unknown[] | undefined;
    totalAmount?: string | undefined;
    kind?: string;
    creditedInvoiceId?: string | undefined;
  },
  context: z.RefinementCtx,
): void {
  if (isBlank(value.lines) && isBlank(value.totalAmount)) {
    context.addIssue({
      code: 'custom',
      path: ['totalAmount'],
      message: supplierInvoiceMessages.totalRequired,
    });
  }
  creditedOnlyOnNotes(value, context);
}

function creditedOnlyOnNotes(
  value: { kind?: string; creditedInvoiceId?: string | undefined },
  context: z.RefinementCtx,
): void {
  if (value.kind !== 'credit_note' && !isBlank(value.creditedInvoiceId)) {
    context.addIssue({
      code: 'custom',
      path: ['creditedInvoiceId'],
      message: supplierInvoiceMessages.creditedOnInvoice,
    });
  }
}

/**
 * A supplier invoice as the API returns it. Money: `netAmount` HT, `vatAmount` VAT, `totalAmount`
 * TTC (the three computed from the lines; without lines only the TTC may be known: `vatDetailed`
 * false), `amountDue` what the supplier asks (TTC − prepaid amounts + rounding of an imported
 * e-invoice), `paidAmount` paid against it, `creditedAmount` TTC its credit notes take back,
 * `remainingAmount` what remains to pay (`amountDue` − `paidAmount` − `creditedAmount`, 0 once paid
 * or cancelled).
 */
export const supplierInvoiceSchema = z.object({
  ...companyRecordFields,
  ...supplierInvoiceFields,
  /** Given by the server, unique per company (`FF-2026-0001`, credit notes too). */
  number: z.string(),
  /** Received through the company's plateforme agréée (docs/einvoicing-network.md), not typed nor uploaded. */
  receivedVia: z.enum(['platform']).optional(),
  /** Every list item may leave them out; `GET /{id}` always has them. */
  lines: z.array(supplierInvoiceLineSchema).optional(),
  allowances: defaultedField(z.array(supplierInvoiceAdjustmentSchema), []),
  charges: defaultedField(z.array(supplierInvoiceAdjustmentSchema), []),
  totalAmount: moneyField(),
  vatBreakdown: defaultedField(vatBreakdownSchema, []),
  /** Whether HT and VAT are known: false for a record made with its TTC alone (« TVA non détaillée »). */
  vatDetailed: defaultedField(z.boolean(), true),
  /** BT-113 and BT-114 of an imported e-invoice. */
  prepaidAmount: optionalField(moneyField()),
  roundingAmount: optionalField(moneyField()),
  amountDue: optionalField(moneyField()),
  creditedAmount: defaultedField(moneyField(), '0.00'),
  remainingAmount: optionalField(moneyField()),
  /**
   * The payments recorded by `POST …/pay` (a credit note: the refunds), oldest first: what the bank
   * journal books. Absent on records paid before they were listed (`paidAmount` at `paidAt`); an edit
   * of `paidAmount` is booked as the difference at `paidAt` (docs/accounting.md).
   */
  payments: optionalField(z.array(z.object({ id: z.string(), amount: moneyField(), paidAt: z.string() }))),
  /** An invoice: the credit notes recorded against it (not cancelled). */
  creditNotes: defaultedField(z.array(supplierCreditNoteRefSchema), []),
  /** A credit note: the number (`FF-…`) of the invoice it corrects. */
  creditedInvoiceNumber: optionalField(z.string()),
  /**
   * A credit note that names no chantier (neither itself nor its lines): the costs HT of the invoice
   * it corrects by chantier and resource type, as they were when the note was last saved; the note's
   * HT counts on them in proportion in the chantiers' actual costs (docs/profitability.md).
   */
  creditedCosts: optionalField(
    z.array(z.object({ projectId: z.string(), resourceType: z.enum(resourceTypes), amount: moneyField() })),
  ),
  /** An imported e-invoice: its type code (BT-3: 380, 381, 384, 389…) and currency (BT-5, absent: euros). */
  typeCode: optionalField(z.string()),
  currency: optionalField(z.string()),
  /** An invoice in another currency: its VAT in euros (BT-111), what is deductible. */
  vatAmountInEuros: optionalField(moneyField()),
  /** An imported credit note: the invoices it names (BT-25, BT-26). */
  precedingInvoices: optionalField(
    z.array(z.object({ number: z.string(), issueDate: optionalField(z.string()) })),
  ),
});
export type SupplierInvoice = z.infer<typeof supplierInvoiceSchema>;

/**
 * A supplier invoice with its supplier and project (absent when none or gone):
 * `GET /api/supplier-invoices/{id}`.
 */
export const supplierInvoiceWithRefsSchema = supplierInvoiceSchema.extend({
  supplier: entityRefSchema.optional(),
  project: entityRefSchema.optional(),
  /** Received through the plateforme agréée: its flow, the seller's SIREN, its latest status (issue 30). */
  einvoicing: supplierInvoiceLifecycleSchema.optional(),
});
export type SupplierInvoiceWithRefs = z.infer<typeof supplierInvoiceWithRefsSchema>;

/**
 * A supplier invoice in `GET /api/supplier-invoices`: the record as read (its lines included: the
 * card and the edit dialog read them), with its supplier, its project and the price request it
 * answers (`supplierQuote{id,number}`, when the list names it), each absent when none or gone.
 */
export const supplierInvoiceListItemSchema = supplierInvoiceWithRefsSchema.extend({
  supplierQuote: z.object({ id: z.string(), number: z.string() }).optional(),
});
export type SupplierInvoiceListItem = z.infer<typeof supplierInvoiceListItemSchema>;

/** `POST /api/supplier-invoices` body. */
export const supplierInvoiceCreateInput = z
  .object(supplierInvoiceFields)
  // Run with the fields' own messages, so a form shows them all at once.
  .superRefine(requireTotal, { when: () => true });
export type SupplierInvoiceCreateInput = z.input<typeof supplierInvoiceCreateInput>;
export type SupplierInvoiceCreateData = z.output<typeof supplierInvoiceCreateInput>;

/**
 * `PUT /api/supplier-invoices/{id}` body: the whole editable record, plus the `version` read.
 * `lines` left out keeps the stored lines (a record without any then needs `totalAmount`).
 */
export const supplierInvoiceUpdateInput = z
  .object({ ...supplierInvoiceFields, ...updateVersionFields })
  .superRefine(creditedOnlyOnNotes, { when: () => true });
export type SupplierInvoiceUpdateInput = z.input<typeof supplierInvoiceUpdateInput>;
export type SupplierInvoiceUpdateData = z.output<typeof supplierInvoiceUpdateInput>;

/**
 * `POST /api/supplier-invoices/{id}/pay` body: the amount paid (default: what remains; a credit
 * note crediting no invoice: what the supplier refunded) and when (default now).
 */
export const supplierInvoicePayInput = z.object({
  paidAmount: optionalField(moneyField({ nonNegative: true })),
  paidAt: optionalField(instantField()),
  ...updateVersionFields,
});
export type SupplierInvoicePayInput = z.input<typeof supplierInvoicePayInput>;
export type SupplierInvoicePayData = z.output<typeof supplierInvoicePayInput>;

/** `GET /api/supplier-invoices/balances`: what the company owes each supplier. */
export const supplierBalanceSchema = z.object({
  supplier: entityRefSchema,
  /** TTC: what remains to pay on its invoices, less its credit notes not yet deducted. */
  owed: moneyField(),
  /** Its invoices with something left to pay. */
  openInvoices: z.number().int(),
});
export type SupplierBalance = z.infer<typeof supplierBalanceSchema>;
