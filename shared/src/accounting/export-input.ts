/**
 * The body of `POST /api/accounting/exports` parsed by hand, without zod (issue 27, `bench:lambda`:
 * the route starts without zod's code). It answers as the zod schema `exportInput` (`export.ts`,
 * kept for the SPA's form) does, issue for issue: `export-input.test.ts` compares them on seeded
 * random bodies.
 */
import { dateAnswer, readFields } from '../body-fields.js';
import { objectBodyParser, type QueryIssue, type QueryParser } from '../query-parser.js';
import { exportMessages, MAX_EXPORT_MONTHS } from './export-messages.js';

/** The period exported, both days included (`YYYY-MM-DD`). */
export interface ExportBody {
  from: string;
  to: string;
}

/** The day `months` after `day` (`YYYY-MM-DD`; 31 January + 1 month is 3 March, past February's end). */
function sameDayLater(day: string, months: number): string {
  const date = new Date(
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + months, Number(day.slice(8, 10))),
  );
  return date.toISOString().slice(0, 10);
}

/**
 * Why a period cannot be exported (its end before its start, or 24 months or more), as an issue of
 * `to`; `undefined` when it can. The zod schema's refinement (`export.ts`) and the hand parser share it.
 */
export function exportPeriodIssue(from: string, to: string): QueryIssue | undefined {
  if (to < from) return { path: ['to'], message: exportMessages.order };
  if (to >= sameDayLater(from, MAX_EXPORT_MONTHS)) return { path: ['to'], message: exportMessages.tooLong };
  return undefined;
}

const exportFields = {
  from: (value: unknown) => dateAnswer(value, 'La date de début est requise'),
  to: (value: unknown) => dateAnswer(value, 'La date de fin est requise'),
};

/** `POST /api/accounting/exports`'s body: the period, at most 24 months. */
export const exportParser: QueryParser<ExportBody> = objectBodyParser(
  (body) => {
    const { values, issues, aborted } = readFields(body, exportFields);
    // zod's refinement runs once both dates parsed (a date refused stops it).
    const period = aborted ? undefined : exportPeriodIssue(values.from as string, values.to as string);
    return {
      issues: period === undefined ? issues : [...issues, period],
      data: () => values as unknown as ExportBody,
    };
  },
  {
    type: 'object',
    properties: { from: { type: 'string', format: 'date' }, to: { type: 'string', format: 'date' } },
    required: ['from', 'to'],
  },
);
