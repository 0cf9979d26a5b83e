/**
 * The bodies of `POST /api/projects` and `PUT /api/projects/{id}` parsed by hand, without zod (issue
 * 27, `bench:lambda`: both routes start without zod's code). They answer as the zod schemas
 * `projectCreateInput` and `projectUpdateInput` (`entities/project.ts`, kept for the SPA's form) do,
 * issue for issue: `project-input.test.ts` compares them on seeded random bodies.
 */
import {
  boundedTextAnswer,
  dateAnswer,
  decimalUnitsAnswer,
  defaulted,
  enumAnswer,
  idAnswer,
  moneyAnswer,
  optional,
  readFields,
  requiredTextAnswer,
  versionAnswer,
} from '../body-fields.js';
import { defaultProjectStatus, projectStatuses, type ProjectStatus } from '../enums.js';
import { MONEY_MAX_CENTS } from '../money.js';
import { objectBodyParser, type QueryJsonSchema, type QueryParser } from '../query-parser.js';
import { LONG_TEXT_MAX_LENGTH, TEXT_MAX_LENGTH } from '../text-limits.js';

/** A project's editable fields, as the service receives them. */
export interface ProjectBody {
  name: string;
  description?: string | undefined;
  clientId: string;
  status: ProjectStatus;
  startDate?: string | undefined;
  endDate?: string | undefined;
  estimatedBudget?: string | undefined;
  actualBudget?: string | undefined;
  progress: number;
  location?: string | undefined;
  notes?: string | undefined;
}

const PROGRESS_MESSAGE = "L'avancement doit être un nombre entier entre 0 et 100";

/** `projectFields` (`entities/project.ts`), in its order. */
const projectFields = {
  name: (value: unknown) => requiredTextAnswer(value, 'Le nom du projet est requis', TEXT_MAX_LENGTH),
  description: optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH)),
  clientId: (value: unknown) => idAnswer(value, 'Le client est requis'),
  status: defaulted((value) => enumAnswer(value, projectStatuses), defaultProjectStatus),
  startDate: optional((value) => dateAnswer(value)),
  endDate: optional((value) => dateAnswer(value)),
  estimatedBudget: optional((value) => moneyAnswer(value, { nonNegative: true })),
  actualBudget: optional((value) => moneyAnswer(value, { nonNegative: true })),
  progress: defaulted(
    (value) =>
      decimalUnitsAnswer(value, {
        scale: 0,
        min: 0,
        max: 100,
        messages: {
          required: PROGRESS_MESSAGE,
          invalid: PROGRESS_MESSAGE,
          tooSmall: PROGRESS_MESSAGE,
          tooBig: PROGRESS_MESSAGE,
        },
      }),
    0,
  ),
  location: optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH)),
  notes: optional((value) => boundedTextAnswer(value, LONG_TEXT_MAX_LENGTH)),
};

const money: QueryJsonSchema = { type: ['string', 'number'], minimum: 0, maximum: MONEY_MAX_CENTS / 100 };
const projectProperties: Record<string, QueryJsonSchema> = {
  name: { type: 'string', minLength: 1, maxLength: TEXT_MAX_LENGTH },
  description: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
  clientId: { type: 'string', format: 'uuid' },
  status: { type: 'string', enum: [...projectStatuses] },
  startDate: { type: 'string', format: 'date' },
  endDate: { type: 'string', format: 'date' },
  estimatedBudget: money,
  actualBudget: money,
  progress: { type: ['string', 'number'], minimum: 0, maximum: 100 },
  location: { type: 'string', maxLength: TEXT_MAX_LENGTH },
  notes: { type: 'string', maxLength: LONG_TEXT_MAX_LENGTH },
};

/** `POST /api/projects`'s body. */
export const projectCreateParser: QueryParser<ProjectBody> = objectBodyParser(
  (body) => {
    const { values, issues } = readFields(body, projectFields);
    return { issues, data: () => values as unknown as ProjectBody };
  },
  { type: 'object', properties: projectProperties, required: ['name', 'clientId'] },
);

/** `PUT /api/projects/{id}`'s body: the same fields, and the `version` read. */
export const projectUpdateParser: QueryParser<ProjectBody & { version?: number | undefined }> =
  objectBodyParser(
    (body) => {
      const { values, issues } = readFields(body, {
        ...projectFields,
        version: (value) => versionAnswer(value),
      });
      return { issues, data: () => values as unknown as ProjectBody & { version?: number } };
    },
    {
      type: 'object',
      properties: { ...projectProperties, version: { type: 'integer', minimum: 1 } },
      required: ['name', 'clientId'],
    },
  );
