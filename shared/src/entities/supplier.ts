/** Suppliers and subcontractors (spec section 3): the client fields plus specialties and rating. */
import { defaultedField, optionalField, ratingField, tagListField } from '../fields.js';
import { companyRecordFields, updateVersionFields } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';
import { clientFields } from './client.js';

/** The editable fields of a supplier. */
export const supplierFields = {
  ...clientFields,
  /** Trimmed, blank entries and repeats dropped, at most 50; `[]` when absent. */
  specialties: defaultedField(tagListField, []),
  /** 1 to 5 in steps of 0.1 ("4.5"); absent when not rated. */
  rating: optionalField(ratingField()),
};

/** A supplier as the API returns it. */
export const supplierSchema = z.object({ ...companyRecordFields, ...supplierFields });
export type Supplier = z.infer<typeof supplierSchema>;

/** `POST /api/suppliers` body. */
export const supplierCreateInput = z.object(supplierFields);
export type SupplierCreateInput = z.input<typeof supplierCreateInput>;
export type SupplierCreateData = z.output<typeof supplierCreateInput>;

/** `PUT /api/suppliers/{id}` body: the whole editable record, plus the `version` read. */
export const supplierUpdateInput = z.object({ ...supplierFields, ...updateVersionFields });
export type SupplierUpdateInput = z.input<typeof supplierUpdateInput>;
export type SupplierUpdateData = z.output<typeof supplierUpdateInput>;
