/** Supplier price requests (demandes de prix, spec section 3); statuses are the quote statuses. */
import { defaultQuoteStatus, quoteStatuses } from '../enums.js';
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
import * as z from '../lazy-zod.js';
import '../zod-fr.js';

/** The editable fields of a supplier quote. */
export const supplierQuoteFields = {
  supplierId: idField('Le fournisseur est requis'),
  projectId: optionalIdField,
  status: defaultedField(enumField(quoteStatuses), defaultQuoteStatus),
  title: requiredText('Le titre est requis'),
  description: longTextField,
  /** Money ≥ 0; "0.00" until the supplier answers. */
  totalAmount: defaultedField(moneyField({ nonNegative: true }), '0.00'),
  validUntil: optionalField(dateField()),
  sentAt: optionalField(instantField()),
  receivedAt: optionalField(instantField()),
  items: optionalField(jsonItemsField),
  selected: defaultedField(z.boolean(), false),
};

/** A supplier quote as the API returns it. */
export const supplierQuoteSchema = z.object({
  ...companyRecordFields,
  ...supplierQuoteFields,
  /** Given by the server, unique per company. */
  number: z.string(),
});
export type SupplierQuote = z.infer<typeof supplierQuoteSchema>;

/**
 * A supplier quote with its supplier and project (absent when none or gone):
 * `GET /api/supplier-quotes/{id}`.
 */
export const supplierQuoteWithRefsSchema = supplierQuoteSchema.extend({
  supplier: entityRefSchema.optional(),
  project: entityRefSchema.optional(),
});
export type SupplierQuoteWithRefs = z.infer<typeof supplierQuoteWithRefsSchema>;

/**
 * A supplier quote in `GET /api/supplier-quotes`: every field but `items` (free-form lines,
 * answered by `GET /api/supplier-quotes/{id}`), with its supplier and project.
 */
export const supplierQuoteListItemSchema = supplierQuoteWithRefsSchema.omit({ items: true });
export type SupplierQuoteListItem = z.infer<typeof supplierQuoteListItemSchema>;

/** `POST /api/supplier-quotes` body. */
export const supplierQuoteCreateInput = z.object(supplierQuoteFields);
export type SupplierQuoteCreateInput = z.input<typeof supplierQuoteCreateInput>;
export type SupplierQuoteCreateData = z.output<typeof supplierQuoteCreateInput>;

/** `PUT /api/supplier-quotes/{id}` body: the whole editable record, plus the `version` read. */
export const supplierQuoteUpdateInput = z.object({ ...supplierQuoteFields, ...updateVersionFields });
export type SupplierQuoteUpdateInput = z.input<typeof supplierQuoteUpdateInput>;
export type SupplierQuoteUpdateData = z.output<typeof supplierQuoteUpdateInput>;
