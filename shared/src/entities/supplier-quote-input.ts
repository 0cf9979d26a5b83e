/**
 * The bodies of `POST /api/supplier-quotes` and `PUT /api/supplier-quotes/{id}` parsed by hand,
 * without zod (issue 27, `bench:lambda`: the routes start without zod's code). They answer as the zod
 * schemas `supplierQuoteCreateInput` and `supplierQuoteUpdateInput` (`entities/supplier-quote.ts`,
 * kept for the SPA's form) do, issue for issue: `supplier-quote-input.test.ts` compares them on
 * seeded random bodies.
 */
import {
  recordBodyParsers,
  boundedTextAnswer,
  dateAnswer,
  defaulted,
  enumAnswer,
  idAnswer,
  instantAnswer,
  JSON_ITEMS_MAX,
  jsonItemsAnswer,
  moneyAnswer,
  optional,
  optionalIdAnswer,
  requiredTextAnswer,
  zodBooleanAnswer,
} from '../body-fields.js';
import { defaultQuoteStatus, quoteStatuses, type QuoteStatus } from '../enums.js';
import type { JsonValue } from '../fields.js';
import { MONEY_MAX_CENTS } from '../money.js';
import type { QueryJsonSchema } from '../query-parser.js';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../text-limits.js';

/** A supplier quote's editable fields, as the service receives them. */
export interface SupplierQuoteBody {
  supplierId: string;
  projectId?: string | undefined;
  status: QuoteStatus;
  title: string;
  description?: string | undefined;
  totalAmount: string;
  validUntil?: string | undefined;
  sentAt?: string | undefined;
  receivedAt?: string | undefined;
  items?: Record<string, JsonValue>[] | undefined;
  selected: boolean;
}

/** `supplierQuoteFields` (`entities/supplier-quote.ts`), in its order. */
const supplierQuoteFields = {
  supplierId: (value: unknown) => idAnswer(value, 'Le fournisseur est requis'),
  projectId: optionalIdAnswer,
  status: defaulted((value) => enumAnswer(value, quoteStatuses), defaultQuoteStatus),
  title: (value: unknown) => requiredTextAnswer(value, 'Le titre est requis', TEXT_MAX_LENGTH),
  description: optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH)),
  totalAmount: defaulted((value) => moneyAnswer(value, { nonNegative: true }), '0.00'),
  validUntil: optional((value) => dateAnswer(value)),
  sentAt: optional(instantAnswer),
  receivedAt: optional(instantAnswer),
  items: optional(jsonItemsAnswer),
  selected: defaulted(zodBooleanAnswer, false),
};

const supplierQuoteProperties: Record<string, QueryJsonSchema> = {
  supplierId: { type: 'string', format: 'uuid' },
  projectId: { type: 'string', format: 'uuid' },
  status: { type: 'string', enum: [...quoteStatuses] },
  title: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
  description: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
  totalAmount: { type: ['string', 'number'], minimum: 0, maximum: MONEY_MAX_CENTS / 100 },
  validUntil: { type: 'string', format: 'date' },
  sentAt: { type: 'string', format: 'date-time' },
  receivedAt: { type: 'string', format: 'date-time' },
  items: { type: 'array', maxItems: JSON_ITEMS_MAX, items: { type: 'object' } },
  selected: { type: 'boolean' },
};

const parsers = recordBodyParsers<SupplierQuoteBody>(supplierQuoteFields, {
  properties: supplierQuoteProperties,
  required: ['supplierId', 'title'],
});

/** `POST /api/supplier-quotes`'s body. */
export const supplierQuoteCreateParser = parsers.create;

/** `PUT /api/supplier-quotes/{id}`'s body: the same fields, and the `version` read. */
export const supplierQuoteUpdateParser = parsers.update;
