/**
 * The body of `POST /api/quotes/{id}/situations` parsed by hand, without zod (issue 27,
 * `bench:lambda`: the route starts without zod's code). It answers as the zod schema
 * `situationInput` (`entities/invoice.ts`, kept for the SPA's form) does, issue for issue, the one
 * choice among the three checked when zod runs its refinement: `situation-input.test.ts` compares
 * them on seeded random bodies.
 */
import { isBlank } from '../blank.js';
import {
  decimalAnswer,
  idAnswer,
  objectListAnswer,
  objectListJsonSchema,
  optional,
  optionalIdAnswer,
  readFields,
} from '../body-fields.js';
import { PERCENT_SCALE } from '../money.js';
import { objectBodyParser, type QueryIssue, type QueryParser } from '../query-parser.js';
import { MAX_INVOICE_LINES } from './invoice-limits.js';

/** A situation by line (cumulative percent per quote line), by one percent for all, or by a signed progress report. */
export interface SituationBody {
  lines?: { itemId: string; cumulativePercent: string }[] | undefined;
  cumulativePercent?: string | undefined;
  progressReportId?: string | undefined;
}

const PERCENT_MESSAGE =
  'Le pourcentage cumulé doit être un nombre entre 0 et 100, avec au plus deux décimales';
const ONE_OF_THREE =
  "Une situation se donne par ligne (pourcentages cumulés), par un pourcentage pour toutes les lignes ou par un état d'avancement signé (l'un des trois)";

/** `cumulativePercentField()`: output "42.50". */
const cumulativePercentAnswer = (value: unknown) =>
  decimalAnswer(value, {
    scale: PERCENT_SCALE,
    min: 0,
    max: 1000 * 10 ** PERCENT_SCALE,
    messages: {
      required: 'Le pourcentage cumulé est requis',
      invalid: PERCENT_MESSAGE,
      tooSmall: PERCENT_MESSAGE,
      tooBig: PERCENT_MESSAGE,
    },
  });

/** `POST /api/quotes/{id}/situations`'s body. */
export const situationParser: QueryParser<SituationBody> = objectBodyParser(
  (body) => {
    const issues: QueryIssue[] = [];
    let aborted = false;
    let lines: unknown;
    if (!isBlank(body.lines)) {
      const answer = objectListAnswer('lines', body.lines, {
        fields: {
          itemId: (value) => idAnswer(value, 'La ligne du devis est requise'),
          cumulativePercent: cumulativePercentAnswer,
        },
        max: { length: MAX_INVOICE_LINES, message: 'Une situation porte sur au plus 1 000 lignes' },
      });
      issues.push(...answer.issues);
      aborted = answer.aborted;
      lines = answer.value;
    }
    const read = readFields(body, {
      cumulativePercent: optional(cumulativePercentAnswer),
      progressReportId: optionalIdAnswer,
    });
    issues.push(...read.issues);
    aborted ||= read.aborted;
    const output = { ...(lines === undefined ? {} : { lines }), ...read.values } as SituationBody;
    if (!aborted) {
      const given = [output.lines, output.cumulativePercent, output.progressReportId].filter(
        (value) => value !== undefined,
      ).length;
      if (given !== 1) issues.push({ path: ['lines'], message: ONE_OF_THREE });
    }
    return { issues, data: () => output };
  },
  {
    type: 'object',
    properties: {
      lines: objectListJsonSchema(
        MAX_INVOICE_LINES,
        {
          itemId: { type: 'string', format: 'uuid' },
          cumulativePercent: { type: ['string', 'number'], minimum: 0, maximum: 100 },
        },
        ['itemId', 'cumulativePercent'],
      ),
      cumulativePercent: { type: ['string', 'number'], minimum: 0, maximum: 100 },
      progressReportId: { type: 'string', format: 'uuid' },
    },
  },
);
