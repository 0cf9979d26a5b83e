/**
 * The progress reports' bodies parsed by hand, without zod (issue 27, `bench:lambda`: `POST
 * /api/progress-reports`, `PUT /api/progress-reports/{id}` and its `/sign` start without zod's code).
 * Each answers as the zod schema it replaces (`progress-report.ts`, kept for the SPA's dialogs) does,
 * issue for issue: `progress-report-input.test.ts` compares them on seeded random bodies.
 */
import {
  boundedTextAnswer,
  decimalAnswer,
  decimalUnitsAnswer,
  defaulted,
  type FieldAnswer,
  idAnswer,
  moneyRule,
  optional,
  readFields,
  requiredTextAnswer,
  versionAnswer,
} from '../body-fields.js';
import { defaultProgressReportStatus } from '../enums.js';
import { MONEY_MAX_CENTS } from '../money.js';
import { objectBodyParser, type QueryJsonSchema, type QueryParser } from '../query-parser.js';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../text-limits.js';

/** A progress report's editable fields (everything but its status), as the bodies give them. */
export interface ProgressReportBody {
  projectId: string;
  title: string;
  description?: string | undefined;
  /** Whole percent, 0 to 100. */
  progressPercentage: number;
  workCompleted?: string | undefined;
  nextSteps?: string | undefined;
  totalPlanned?: string | undefined;
  totalRealized?: string | undefined;
}

/** The messages of `progressPercentage`; `progress-report.ts` gives them to its zod field too. */
export const progressPercentageMessages = {
  required: "Le pourcentage d'avancement est requis",
  message: "Le pourcentage d'avancement doit être un nombre entier entre 0 et 100",
} as const;
const PROGRESS_MESSAGE = progressPercentageMessages.message;
const longText = optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH));
const amount = optional((value) => decimalAnswer(value, moneyRule({ nonNegative: true })));

const progressReportFieldReaders = {
  projectId: (value: unknown) => idAnswer(value, 'Le projet est requis'),
  title: (value: unknown) => requiredTextAnswer(value, 'Le titre est requis', TEXT_MAX_LENGTH),
  description: longText,
  progressPercentage: (value: unknown) =>
    decimalUnitsAnswer(value, {
      scale: 0,
      min: 0,
      max: 100,
      messages: {
        required: progressPercentageMessages.required,
        invalid: PROGRESS_MESSAGE,
        tooSmall: PROGRESS_MESSAGE,
        tooBig: PROGRESS_MESSAGE,
      },
    }),
  workCompleted: longText,
  nextSteps: longText,
  totalPlanned: amount,
  totalRealized: amount,
};

const amountSchema: QueryJsonSchema = {
  type: ['string', 'number'],
  minimum: 0,
  maximum: MONEY_MAX_CENTS / 100,
};
const progressReportProperties: Record<string, QueryJsonSchema> = {
  projectId: { type: 'string', format: 'uuid' },
  title: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
  description: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
  progressPercentage: { type: ['string', 'number'], minimum: 0, maximum: 100 },
  workCompleted: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
  nextSteps: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
  totalPlanned: amountSchema,
  totalRealized: amountSchema,
};
const progressReportRequired = ['projectId', 'title', 'progressPercentage'];

/** `z.literal('pending', { error })`: a new report is always pending. */
function pendingAnswer(value: unknown): FieldAnswer {
  return value === defaultProgressReportStatus
    ? { value, messages: [] }
    : { value, messages: ["Un nouvel état d'avancement est toujours en attente"], aborts: true };
}

/** `POST /api/progress-reports`'s body: `status` may only be `pending` (the default). */
export const progressReportCreateParser: QueryParser<ProgressReportBody & { status: 'pending' }> =
  objectBodyParser(
    (body) => {
      const { values, issues } = readFields(body, {
        ...progressReportFieldReaders,
        status: defaulted(pendingAnswer, defaultProgressReportStatus),
      });
      return { issues, data: () => values as unknown as ProgressReportBody & { status: 'pending' } };
    },
    {
      type: 'object',
      properties: {
        ...progressReportProperties,
        status: { type: 'string', const: defaultProgressReportStatus },
      },
      required: progressReportRequired,
    },
  );

/** `PUT /api/progress-reports/{id}`'s body: the editable fields plus the `version` read; a `status` is ignored. */
export const progressReportUpdateParser: QueryParser<ProgressReportBody & { version?: number | undefined }> =
  objectBodyParser(
    (body) => {
      const { values, issues } = readFields(body, {
        ...progressReportFieldReaders,
        version: (value) => versionAnswer(value),
      });
      return { issues, data: () => values as unknown as ProgressReportBody & { version?: number } };
    },
    {
      type: 'object',
      properties: { ...progressReportProperties, version: { type: 'integer', minimum: 1 } },
      required: progressReportRequired,
    },
  );

/** `PATCH /api/progress-reports/{id}/sign`'s body: the signer's name. */
export const progressReportSignParser: QueryParser<{ signerName: string }> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      signerName: (value) => requiredTextAnswer(value, 'Le nom du signataire est requis', TEXT_MAX_LENGTH),
    });
    return { issues, data: () => values as { signerName: string } };
  },
  {
    type: 'object',
    properties: { signerName: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH } },
    required: ['signerName'],
  },
);
