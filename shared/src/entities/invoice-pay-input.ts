/**
 * The body of `POST /api/invoices/{id}/pay` parsed by hand, without zod (issue 27, `bench:lambda`:
 * the route starts without zod's code). It answers as the zod schema `invoicePayInput`
 * (`entities/invoice.ts`, kept for the SPA's form) does, issue for issue, the amount read into the
 * same cents with the same limits (`MONEY_MAX_CENTS`): `invoice-pay-input.test.ts` compares them on
 * seeded random bodies.
 */
import {
  boundedTextAnswer,
  enumAnswer,
  instantAnswer,
  moneyAnswer,
  optional,
  readFields,
  versionAnswer,
} from '../body-fields.js';
import { paymentMethods, type PaymentMethod } from '../enums.js';
import { MONEY_MAX_CENTS } from '../money.js';
import { objectBodyParser, type QueryParser } from '../query-parser.js';

/** The longest reference of a payment (n° de chèque, libellé du virement); `invoice.ts` re-exports it. */
export const PAYMENT_REFERENCE_MAX_LENGTH = 200;

/**
 * One payment, every field optional: its amount TTC ("1234.50"; default: what remains to pay), when
 * (an instant in UTC; default: now), how, its reference, and the invoice's `version` read.
 */
export interface InvoicePayBody {
  paidAmount?: string | undefined;
  paidAt?: string | undefined;
  method?: PaymentMethod | undefined;
  reference?: string | undefined;
  version?: number | undefined;
}

/** `POST /api/invoices/{id}/pay`'s body. */
export const invoicePayParser: QueryParser<InvoicePayBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      paidAmount: optional((value) => moneyAnswer(value, { nonNegative: true })),
      paidAt: optional(instantAnswer),
      method: optional((value) => enumAnswer(value, paymentMethods)),
      reference: optional((value) => boundedTextAnswer(value, PAYMENT_REFERENCE_MAX_LENGTH)),
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as InvoicePayBody };
  },
  {
    type: 'object',
    properties: {
      paidAmount: { type: ['string', 'number'], minimum: 0, maximum: MONEY_MAX_CENTS / 100 },
      paidAt: { type: 'string', format: 'date-time' },
      method: { type: 'string', enum: [...paymentMethods] },
      reference: { type: 'string', maxLength: PAYMENT_REFERENCE_MAX_LENGTH },
      version: { type: 'integer', minimum: 1 },
    },
  },
);
