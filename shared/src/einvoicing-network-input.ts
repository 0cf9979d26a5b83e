/**
 * The bodies of the e-invoicing network's two small writes parsed by hand, without zod (issue 27,
 * `bench:lambda`: `PUT /api/company/einvoicing` and `POST /api/supplier-invoices/{id}/status` start
 * without zod's code). Each answers as the zod schema it replaces (`einvoicingSettingsInput`,
 * `supplierInvoiceStatusInput` in `einvoicing-network.ts`, kept for the SPA's forms) does, issue for
 * issue, the status's reason checked when zod runs its refinement:
 * `einvoicing-network-input.test.ts` compares them on seeded random bodies.
 */
import {
  boundedTextAnswer,
  optional,
  readFields,
  textAnswer,
  zodTooLong,
  type FieldAnswer,
} from './body-fields.js';
import {
  buyerAnswerStatuses,
  reasonAllowedFor,
  statusesRequiringReason,
  type BuyerAnswerStatus,
  type LifecycleReason,
} from './einvoicing-lifecycle.js';
import { answerReasons, einvoicingMessages, isPlatformUrl } from './einvoicing-network-rules.js';
import { notText, objectBodyParser, type QueryParser } from './query-parser.js';

/** The longest platform address, client id, client secret, reason code and comment. */
const PLATFORM_URL_MAX_LENGTH = 500;
const CLIENT_ID_MAX_LENGTH = 200;
const CLIENT_SECRET_MAX_LENGTH = 500;
const REASON_CODE_MAX_LENGTH = 40;
const COMMENT_MAX_LENGTH = 1000;

/** `PUT /api/company/einvoicing`'s body: the platform's address (no trailing `/`), the client, on or off. */
export interface EinvoicingSettingsBody {
  platformUrl: string;
  clientId: string;
  clientSecret?: string | undefined;
  enabled: boolean;
}

/** `platformUrlField`: trimmed, required, at most 500 characters, an address the product may call. */
function platformUrlAnswer(value: unknown): FieldAnswer {
  const answer = textAnswer(value, {
    typeMessage: einvoicingMessages.platformUrlRequired,
    trim: true,
    min: { length: 1, message: einvoicingMessages.platformUrlRequired },
    max: { length: PLATFORM_URL_MAX_LENGTH, message: einvoicingMessages.platformUrl },
    checks: [{ ok: isPlatformUrl, message: einvoicingMessages.platformUrl }],
  });
  if (answer.messages.length > 0) return answer;
  return { value: (answer.value as string).replace(/\/+$/, ''), messages: [] };
}

/** `PUT /api/company/einvoicing`'s body. */
export const einvoicingSettingsParser: QueryParser<EinvoicingSettingsBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      platformUrl: platformUrlAnswer,
      clientId: (value) =>
        textAnswer(value, {
          typeMessage: einvoicingMessages.clientId,
          trim: true,
          min: { length: 1, message: einvoicingMessages.clientId },
          max: { length: CLIENT_ID_MAX_LENGTH, message: einvoicingMessages.clientId },
        }),
      clientSecret: optional((value) =>
        textAnswer(value, {
          typeMessage: einvoicingMessages.clientSecret,
          trim: false,
          min: { length: 1, message: einvoicingMessages.clientSecret },
          max: { length: CLIENT_SECRET_MAX_LENGTH, message: einvoicingMessages.clientSecret },
        }),
      ),
      enabled: (value) =>
        typeof value === 'boolean'
          ? { value, messages: [] }
          : { value, messages: [einvoicingMessages.enabled], aborts: true },
    });
    return { issues, data: () => values as unknown as EinvoicingSettingsBody };
  },
  {
    type: 'object',
    properties: {
      platformUrl: { type: 'string', format: 'uri', maxLength: PLATFORM_URL_MAX_LENGTH },
      clientId: { type: 'string', minLength: 1, maxLength: CLIENT_ID_MAX_LENGTH },
      clientSecret: { type: 'string', maxLength: CLIENT_SECRET_MAX_LENGTH },
      enabled: { type: 'boolean' },
    },
    required: ['platformUrl', 'clientId', 'enabled'],
  },
);

/** `POST /api/supplier-invoices/{id}/status`'s body: the buyer's answer, its reason and a comment. */
export interface SupplierInvoiceStatusBody {
  status: BuyerAnswerStatus;
  reasonCode?: string | undefined;
  comment?: string | undefined;
}

/** `POST /api/supplier-invoices/{id}/status`'s body. */
export const supplierInvoiceStatusParser: QueryParser<SupplierInvoiceStatusBody> = objectBodyParser(
  (body) => {
    const { values, issues, aborted } = readFields(body, {
      status: (value) =>
        typeof value === 'string' && (buyerAnswerStatuses as readonly string[]).includes(value)
          ? { value, messages: [] }
          : { value, messages: [einvoicingMessages.status], aborts: true },
      reasonCode: optional((value) =>
        textAnswer(value, {
          typeMessage: notText(value).messages[0],
          trim: false,
          max: { length: REASON_CODE_MAX_LENGTH, message: zodTooLong(REASON_CODE_MAX_LENGTH) },
        }),
      ),
      comment: optional((value) => boundedTextAnswer(value, COMMENT_MAX_LENGTH)),
    });
    if (!aborted) {
      const status = values.status as BuyerAnswerStatus;
      const reasonCode = values.reasonCode as string | undefined;
      if (reasonCode === undefined) {
        if (statusesRequiringReason.includes(status)) {
          issues.push({ path: ['reasonCode'], message: einvoicingMessages.reasonRequired });
        }
      } else if (
        !answerReasons(status).includes(reasonCode as LifecycleReason) ||
        !reasonAllowedFor(status, reasonCode)
      ) {
        issues.push({ path: ['reasonCode'], message: einvoicingMessages.reasonRefused });
      }
    }
    return { issues, data: () => values as unknown as SupplierInvoiceStatusBody };
  },
  {
    type: 'object',
    properties: {
      status: { type: 'string', enum: [...buyerAnswerStatuses] },
      reasonCode: { type: 'string', maxLength: REASON_CODE_MAX_LENGTH },
      comment: { type: 'string', maxLength: COMMENT_MAX_LENGTH },
    },
    required: ['status'],
  },
);
