/**
 * `GET /api/time-entries?projectId=&workerId=&from=&to=`, parsed by hand (`query-parser.ts`) so
 * that the list route starts without zod (issue 27, `bench:lambda`); `time-entry.ts` re-exports it.
 * It answers as the zod schema it replaces did (`list-queries.test.ts` compares them).
 */
import { MAX_LIST_LIMIT } from '../list.js';
import { dateParser, integerParser, optionalIdParser, queryParser, textParser } from '../query-parser.js';

/**
 * Entries by date (most recent first), of a chantier or of a worker (or both), between two dates
 * included (at most 366 days; without them: the last 31 days).
 */
export const timeEntryListQuery = queryParser(
  {
    projectId: optionalIdParser(),
    workerId: optionalIdParser(),
    from: dateParser(),
    to: dateParser(),
    limit: integerParser({
      min: 1,
      max: MAX_LIST_LIMIT,
      message: 'La limite doit être un nombre entier entre 1 et 1 000',
    }),
    cursor: textParser({
      max: 2_048,
      message: 'Le texte doit contenir au plus 2 048 caractères',
      trim: true,
    }),
  },
  (query) =>
    query.from && query.to && query.to < query.from
      ? { path: ['to'], message: 'La date de fin précède la date de début' }
      : undefined,
);
export type TimeEntryListQuery = ReturnType<typeof timeEntryListQuery.parse>;
