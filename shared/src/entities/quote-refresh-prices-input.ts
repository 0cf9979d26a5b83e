/**
 * The body of `POST /api/quotes/{id}/refresh-prices` parsed by hand, without zod (issue 27,
 * `bench:lambda`: the route starts without zod's code). It answers as the zod schema
 * `quoteRefreshPricesInput` (`entities/library.ts`) does, issue for issue:
 * `quote-refresh-prices-input.test.ts` compares them on seeded random bodies.
 */
import { booleanAnswer, readFields, versionAnswer } from '../body-fields.js';
import { objectBodyParser, type QueryParser } from '../query-parser.js';

/** zod's message for an `apply` that is not a boolean. */
export const REFRESH_APPLY_MESSAGE = 'apply : oui ou non';

/** A preview (`apply` false, the default) or the draft saved (`apply` true, with its `version` read). */
export interface QuoteRefreshPricesBody {
  apply: boolean;
  version?: number | undefined;
}

/** `POST /api/quotes/{id}/refresh-prices`'s body. */
export const quoteRefreshPricesParser: QueryParser<QuoteRefreshPricesBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, {
      // `z.boolean().default(false)`: only a missing value defaults; `null` is refused.
      apply: (value) =>
        value === undefined ? { value: false, messages: [] } : booleanAnswer(value, REFRESH_APPLY_MESSAGE),
      version: (value) => versionAnswer(value),
    });
    return { issues, data: () => values as unknown as QuoteRefreshPricesBody };
  },
  {
    type: 'object',
    properties: { apply: { type: 'boolean' }, version: { type: 'integer', minimum: 1 } },
  },
);
