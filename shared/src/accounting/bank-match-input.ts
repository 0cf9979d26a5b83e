/**
 * The body of `POST /api/bank/lines/{id}/match` parsed by hand, without zod (issue 27,
 * `bench:lambda`: the route starts without zod's code). It answers as the zod schema
 * `bankMatchInput` (`bank.ts`, kept for the SPA's types) does, issue for issue:
 * `bank-match-input.test.ts` compares them on seeded random bodies.
 *
 * As `z.union([{ignore: true}, {kind, id, amount?}])`: `{ignore: true}` wins; otherwise the
 * document's fields; when they fail, zod reports their issues only if each let it go on (a malformed
 * uuid), and else one « Entrée invalide » for the whole body (a wrong kind, a missing id, an amount
 * refused).
 */
import { isBlank } from '../blank.js';
import { formatDecimal, MONEY_MAX_CENTS, MONEY_SCALE, tryParseDecimal } from '../money.js';
import {
  type QueryIssue,
  handParser,
  type QueryParser,
  type QueryParseResult,
  UUID,
} from '../query-parser.js';

/** The kinds of document a line is matched to. */
export const bankMatchKinds = ['invoice', 'supplier_invoice'] as const;
/**
 * The body as the service reads it: the line ignored, or the document it pays (`amount`: part of
 * the line, "1234.50"). The zod schema's output is the same type (`bank-match-input.test.ts`).
 */
export type BankMatchData =
  | { ignore: true }
  | { kind: (typeof bankMatchKinds)[number]; id: string; amount?: string | undefined };

/** A missing or blank document id. */
export const BANK_MATCH_DOCUMENT_REQUIRED = 'Le document à rapprocher est requis';

/** zod's message for a union no option of which parsed (`zod-fr.ts`). */
const INVALID_INPUT = 'Entrée invalide';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function safeParse(input: unknown): QueryParseResult<BankMatchData> {
  const refused = (issues: QueryIssue[]): QueryParseResult<BankMatchData> => ({
    success: false,
    error: { issues },
  });
  const invalid = refused([{ path: [], message: INVALID_INPUT }]);
  if (!isObject(input)) return invalid;
  if (input.ignore === true) return { success: true, data: { ignore: true } };
  // The document's fields: a wrong kind, an id that is not text or an amount refused stop zod
  // (the whole body is « Entrée invalide »); a text that is not a uuid does not.
  const { kind, id, amount } = input;
  if (typeof kind !== 'string' || !(bankMatchKinds as readonly string[]).includes(kind)) return invalid;
  if (typeof id !== 'string') return invalid;
  let cents: number | undefined;
  if (!isBlank(amount)) {
    if (typeof amount !== 'string' && typeof amount !== 'number') return invalid;
    const parsed = tryParseDecimal(amount, MONEY_SCALE);
    if (!parsed.ok || parsed.units < 0 || parsed.units > MONEY_MAX_CENTS) return invalid;
    cents = parsed.units;
  }
  if (!UUID.test(id)) {
    return refused([
      { path: ['id'], message: isBlank(id) ? BANK_MATCH_DOCUMENT_REQUIRED : 'Identifiant invalide' },
    ]);
  }
  return {
    success: true,
    data: {
      kind: kind as (typeof bankMatchKinds)[number],
      id: id.toLowerCase(),
      ...(cents === undefined ? {} : { amount: formatDecimal(cents, MONEY_SCALE) }),
    },
  };
}

/** `POST /api/bank/lines/{id}/match`'s body: `{ignore: true}`, or `{kind, id, amount?}`. */
export const bankMatchParser: QueryParser<BankMatchData> = handParser(safeParse, {
  type: 'object',
  anyOf: [
    { type: 'object', properties: { ignore: { type: 'boolean', const: true } }, required: ['ignore'] },
    {
      type: 'object',
      properties: {
        kind: { type: 'string', enum: [...bankMatchKinds] },
        id: { type: 'string', format: 'uuid' },
        amount: { type: ['string', 'number'] },
      },
      required: ['kind', 'id'],
    },
  ],
});
