/**
 * Work progress reports (états d'avancement, spec section 3). New reports are pending; the status
 * then moves only through the validate and sign actions, never through an edit.
 */
import { defaultProgressReportStatus, progressReportStatuses } from '../enums.js';
import {
  defaultedField,
  enumField,
  idField,
  instantField,
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
import { progressPercentageMessages } from './progress-report-input.js';

/** The editable fields of a progress report (everything but its status). */
export const progressReportFields = {
  projectId: idField('Le projet est requis'),
  title: requiredText('Le titre est requis'),
  description: longTextField,
  /** Whole percent 0–100, required. */
  progressPercentage: progressField(progressPercentageMessages),
  workCompleted: longTextField,
  nextSteps: longTextField,
  /** Money ≥ 0. */
  totalPlanned: optionalField(moneyField({ nonNegative: true })),
  totalRealized: optionalField(moneyField({ nonNegative: true })),
};

/** A progress report as the API returns it. */
export const progressReportSchema = z.object({
  ...companyRecordFields,
  ...progressReportFields,
  status: defaultedField(enumField(progressReportStatuses), defaultProgressReportStatus),
  validatedAt: optionalField(instantField()),
  signedAt: optionalField(instantField()),
  /** The signer's name given to the sign action. */
  signatureData: textField,
});
export type ProgressReport = z.infer<typeof progressReportSchema>;

/** A report in `GET /api/progress-reports`, with its project and the project's client (absent when gone). */
export const progressReportListItemSchema = progressReportSchema.extend({
  project: entityRefSchema.extend({ client: entityRefSchema.optional() }).optional(),
});
export type ProgressReportListItem = z.infer<typeof progressReportListItemSchema>;

/**
 * `POST /api/progress-reports` body. The screen sends `status: 'pending'`; that is the only status
 * accepted (and the default).
 */
export const progressReportCreateInput = z.object({
  ...progressReportFields,
  status: defaultedField(
    z.literal(defaultProgressReportStatus, { error: "Un nouvel état d'avancement est toujours en attente" }),
    defaultProgressReportStatus,
  ),
});
export type ProgressReportCreateInput = z.input<typeof progressReportCreateInput>;
export type ProgressReportCreateData = z.output<typeof progressReportCreateInput>;

/** `PUT /api/progress-reports/{id}` body: the editable fields plus the `version` read; a `status` is ignored. */
export const progressReportUpdateInput = z.object({ ...progressReportFields, ...updateVersionFields });
export type ProgressReportUpdateInput = z.input<typeof progressReportUpdateInput>;
export type ProgressReportUpdateData = z.output<typeof progressReportUpdateInput>;

/** `PATCH /api/progress-reports/{id}/sign` body. */
export const progressReportSignInput = z.object({
  signerName: requiredText('Le nom du signataire est requis'),
});
export type ProgressReportSignInput = z.input<typeof progressReportSignInput>;

/**
 * `PATCH /api/progress-reports/{id}/sign` answer: the signed report, whose `project` also carries
 * the project's `progress` as the signature set it (the report's `progressPercentage`, written in
 * the same transaction). `project` is absent when the report's project is gone; `progress` is
 * optional to read, so the screen still says "signed" should an answer lack it.
 */
export const progressReportSignResultSchema = progressReportListItemSchema.extend({
  project: entityRefSchema
    .extend({ client: entityRefSchema.optional(), progress: progressField().optional() })
    .optional(),
});
export type ProgressReportSignResult = z.infer<typeof progressReportSignResultSchema>;
