/**
 * Supplier invoices (spec section 3); statuses are the invoice statuses. They record documents the
 * company received, so, unlike customer invoices, their status is edited like any other field.
 */
import { defaultInvoiceStatus, invoiceStatuses } from '../enums.js';
import {
  dateField,
  defaultedField,
  enumField,
  idField,
  instantField,
  jsonItemsField,
  longTextField,
  moneyField,
  optionalField,
  optionalIdField,
  textField,
} from '../fields.js';
import { companyRecordFields, entityRefSchema, updateVersionFields } from '../record.js';
import { supplierInvoiceLifecycleSchema } from '../einvoicing-network.js';
import * as z from 'zod';
import '../zod-fr.js';

/** The editable fields of a supplier invoice. */
export const supplierInvoiceFields = {
  supplierId: idField('Le fournisseur est requis'),
  projectId: optionalIdField,
  supplierQuoteId: optionalIdField,
  status: defaultedField(enumField(invoiceStatuses), defaultInvoiceStatus),
  title: textField,
  description: longTextField,
  totalAmount: moneyField({ nonNegative: true, required: 'Le montant total est requis' }),
  paidAmount: defaultedField(moneyField({ nonNegative: true }), '0.00'),
  dueDate: optionalField(dateField()),
  receivedAt: optionalField(instantField()),
  paidAt: optionalField(instantField()),
  items: optionalField(jsonItemsField),
  /** The supplier's own number of the invoice (BT-1 of an imported e-invoice). */
  supplierReference: textField,
  /** The invoice's date as the supplier wrote it (BT-2). */
  issueDate: optionalField(dateField()),
  /** HT and TVA when known (an imported e-invoice); `totalAmount` is then the TTC. */
  netAmount: optionalField(moneyField()),
  vatAmount: optionalField(moneyField()),
  /** The original file (an imported e-invoice), a document of the company linked to the supplier. */
  documentId: optionalIdField,
};

/** A supplier invoice as the API returns it. */
export const supplierInvoiceSchema = z.object({
  ...companyRecordFields,
  ...supplierInvoiceFields,
  /** Given by the server, unique per company. */
  number: z.string(),
  /** Received through the company's plateforme agréée (docs/einvoicing-network.md), not typed nor uploaded. */
  receivedVia: z.enum(['platform']).optional(),
});
export type SupplierInvoice = z.infer<typeof supplierInvoiceSchema>;

/** A supplier invoice in `GET /api/supplier-invoices`, with its supplier (absent when gone). */
export const supplierInvoiceListItemSchema = supplierInvoiceSchema.extend({
  supplier: entityRefSchema.optional(),
  project: entityRefSchema.optional(),
  /** Received through the plateforme agréée: its flow, the seller's SIREN, its latest status (issue 30). */
  einvoicing: supplierInvoiceLifecycleSchema.optional(),
});
export type SupplierInvoiceListItem = z.infer<typeof supplierInvoiceListItemSchema>;

/** `POST /api/supplier-invoices` body. */
export const supplierInvoiceCreateInput = z.object(supplierInvoiceFields);
export type SupplierInvoiceCreateInput = z.input<typeof supplierInvoiceCreateInput>;
export type SupplierInvoiceCreateData = z.output<typeof supplierInvoiceCreateInput>;

/** `PUT /api/supplier-invoices/{id}` body: the whole editable record, plus the `version` read. */
export const supplierInvoiceUpdateInput = z.object({ ...supplierInvoiceFields, ...updateVersionFields });
export type SupplierInvoiceUpdateInput = z.input<typeof supplierInvoiceUpdateInput>;
export type SupplierInvoiceUpdateData = z.output<typeof supplierInvoiceUpdateInput>;
