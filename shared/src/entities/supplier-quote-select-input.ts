/**
 * The body of `POST /api/supplier-quotes/{id}/select` parsed by hand, without zod (issue 27,
 * `bench:lambda`: the route starts without zod's code): the optional `version` read, answered as
 * `z.object(updateVersionFields)` (`record.ts`) answers it; `supplier-quote-select-input.test.ts`
 * compares them on seeded random bodies.
 */
import { readFields, versionAnswer } from '../body-fields.js';
import { objectBodyParser, type QueryParser } from '../query-parser.js';

/** The supplier quote's `version` read, when the caller sends it. */
export interface SupplierQuoteSelectBody {
  version?: number | undefined;
}

/** `POST /api/supplier-quotes/{id}/select`'s body. */
export const supplierQuoteSelectParser: QueryParser<SupplierQuoteSelectBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, { version: (value) => versionAnswer(value) });
    return { issues, data: () => values as SupplierQuoteSelectBody };
  },
  { type: 'object', properties: { version: { type: 'integer', minimum: 1 } } },
);
