/** Projects (chantiers, spec section 3). */
import { defaultProjectStatus, projectStatuses } from '../enums.js';
import {
  dateField,
  defaultedField,
  enumField,
  idField,
  longTextField,
  moneyField,
  optionalField,
  progressField,
  requiredText,
  textField,
} from '../fields.js';
import { companyRecordFields, entityRefSchema, updateVersionFields } from '../record.js';
import * as z from '../lazy-zod.js';
import '../zod-fr.js';

/** The editable fields of a project. */
export const projectFields = {
  name: requiredText('Le nom du projet est requis'),
  description: longTextField,
  clientId: idField('Le client est requis'),
  status: defaultedField(enumField(projectStatuses), defaultProjectStatus),
  /** Dates arrive as text ("2026-11-22") and are kept as ISO dates. */
  startDate: optionalField(dateField()),
  endDate: optionalField(dateField()),
  /** Money ≥ 0, "125000.00". */
  estimatedBudget: optionalField(moneyField({ nonNegative: true })),
  actualBudget: optionalField(moneyField({ nonNegative: true })),
  /** Whole percent 0–100; blank becomes 0. */
  progress: defaultedField(progressField(), 0),
  location: textField,
  notes: longTextField,
};

/** A project as the API returns it. */
export const projectSchema = z.object({
  ...companyRecordFields,
  ...projectFields,
  /**
   * The manager's own estimate of the cost at completion (docs/profitability.md), set through
   * `PUT /api/projects/{id}/cost-estimate` only; kept by the project's own `PUT`.
   */
  costEstimate: optionalField(moneyField()),
});
export type Project = z.infer<typeof projectSchema>;

/** A project in `GET /api/projects`: with its client; `client` is absent if that client is gone. */
export const projectListItemSchema = projectSchema.extend({ client: entityRefSchema.optional() });
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

/** `POST /api/projects` body. */
export const projectCreateInput = z.object(projectFields);
export type ProjectCreateInput = z.input<typeof projectCreateInput>;
export type ProjectCreateData = z.output<typeof projectCreateInput>;

/** `PUT /api/projects/{id}` body: the whole editable record, plus the `version` read. */
export const projectUpdateInput = z.object({ ...projectFields, ...updateVersionFields });
export type ProjectUpdateInput = z.input<typeof projectUpdateInput>;
export type ProjectUpdateData = z.output<typeof projectUpdateInput>;
