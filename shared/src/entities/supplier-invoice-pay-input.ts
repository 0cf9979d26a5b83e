/**
 * The body of `POST /api/supplier-invoices/{id}/pay` parsed by hand, without zod (issue 27,
 * `bench:lambda`: the route starts without zod's code). It answers as the zod schema
 * `supplierInvoicePayInput` (`entities/supplier-invoice.ts`, kept for the SPA's form) does, issue for
 * issue, the amount read into the same cents with the same limits (`MONEY_MAX_CENTS`):
 * `supplier-invoice-pay-input.test.ts` compares them on seeded random bodies.
 */
import { instantAnswer, moneyAnswer, optional, readFields, versionAnswer } from '../body-fields.js';
import { MONEY_MAX_CENTS } from '../money.js';
import { objectBodyParser, type QueryParser } from '../query-parser.js';

/**
 * One payment, every field optional: its amount TTC ("1234.50"; default: what remains to pay, or
 * what the supplier refunded on a credit note crediting no invoice), when (an instant in UTC;
 * default: now), and the supplier invoice's `version` read.
 */
export interface SupplierInvoicePayBody {
  paidAmount?: string | undefined;
  paidAt?: string | undefined;
  version?: number | undefined;
}

/** `POST /api/supplier-invoices/{id}/pay`'s body. */
export const supplierInvoicePayParser: QueryParser<SupplierInvoicePayBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      paidAmount: optional((value) => moneyAnswer(value, { nonNegative: true })),
      paidAt: optional(instantAnswer),
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as SupplierInvoicePayBody };
  },
  {
    type: 'object',
    properties: {
      paidAmount: { type: ['string', 'number'], minimum: 0, maximum: MONEY_MAX_CENTS / 100 },
      paidAt: { type: 'string', format: 'date-time' },
      version: { type: 'integer', minimum: 1 },
    },
  },
);
