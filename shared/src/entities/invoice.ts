/**
 * Customer invoices (factures, spec section 3). Their status moves only through the `send` and
 * `pay` actions (numbers are gapless, French law), so create and update bodies carry none.
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
  requiredText,
} from '../fields.js';
import { companyRecordFields, entityRefSchema, updateVersionFields } from '../record.js';
import * as z from 'zod';
import '../zod-fr.js';

/** The editable fields of an invoice. */
export const invoiceFields = {
  clientId: idField('Le client est requis'),
  projectId: optionalIdField,
  quoteId: optionalIdField,
  title: requiredText('Le titre est requis'),
  description: longTextField,
  /** Money ≥ 0, numeric text or number ("1 234,50" → "1234.50"). */
  totalAmount: moneyField({ nonNegative: true, required: 'Le montant total est requis' }),
  /** Money ≥ 0, "0.00" by default. */
  paidAmount: defaultedField(moneyField({ nonNegative: true }), '0.00'),
  dueDate: optionalField(dateField()),
  items: optionalField(jsonItemsField),
};

/** An invoice as the API returns it; `status` reads `overdue` once `dueDate` is past and it is not paid. */
export const invoiceSchema = z.object({
  ...companyRecordFields,
  ...invoiceFields,
  /** Taken when the invoice is sent ("FAC-2026-0001"); drafts have none. */
  number: optionalField(z.string()),
  status: defaultedField(enumField(invoiceStatuses), defaultInvoiceStatus),
  sentAt: optionalField(instantField()),
  paidAt: optionalField(instantField()),
});
export type Invoice = z.infer<typeof invoiceSchema>;

/** An invoice in `GET /api/invoices`, with its client and project (absent when none or gone). */
export const invoiceListItemSchema = invoiceSchema.extend({
  client: entityRefSchema.optional(),
  project: entityRefSchema.optional(),
});
export type InvoiceListItem = z.infer<typeof invoiceListItemSchema>;

/** `POST /api/invoices` body: always a draft. */
export const invoiceCreateInput = z.object(invoiceFields);
export type InvoiceCreateInput = z.input<typeof invoiceCreateInput>;
export type InvoiceCreateData = z.output<typeof invoiceCreateInput>;

/** `PUT /api/invoices/{id}` body: the whole editable record, plus the `version` read. */
export const invoiceUpdateInput = z.object({ ...invoiceFields, ...updateVersionFields });
export type InvoiceUpdateInput = z.input<typeof invoiceUpdateInput>;
export type InvoiceUpdateData = z.output<typeof invoiceUpdateInput>;

/** `POST /api/invoices/{id}/pay` body: both optional (the server defaults to the total, now). */
export const invoicePayInput = z.object({
  paidAmount: optionalField(moneyField({ nonNegative: true })),
  paidAt: optionalField(instantField()),
  ...updateVersionFields,
});
export type InvoicePayInput = z.input<typeof invoicePayInput>;
export type InvoicePayData = z.output<typeof invoicePayInput>;
