/**
 * `GET /api/bank/lines`'s query, parsed by hand (`query-parser.ts`) so that the list route starts
 * without zod (issue 27, `bench:lambda`); `bank.ts` re-exports it. It answers as the zod schema it
 * replaces did (`entities/list-queries.test.ts` compares them).
 */
import { defaultedEnumParser, queryParser, textParser } from '../query-parser.js';

export const bankLineStatuses = ['unmatched', 'matched', 'ignored'] as const;
export type BankLineStatus = (typeof bankLineStatuses)[number];

/** Which lines (default those to match), and the page after a cursor. */
export const bankLinesQuery = queryParser({
  status: defaultedEnumParser(
    bankLineStatuses,
    'unmatched',
    'Statut invalide : unmatched, matched ou ignored',
  ),
  cursor: textParser({
    max: 2_000,
    message: 'Trop grand : chaîne de caractères doit avoir <=2000 caractères',
  }),
});
export type BankLinesQuery = ReturnType<typeof bankLinesQuery.parse>;
