/**
 * The workers' bodies parsed by hand, without zod (issue 27, `bench:lambda`: `POST /api/workers` and
 * `PUT /api/workers/{id}` start without zod's code). Each answers as the zod schema it replaces
 * (`worker.ts`, kept for the SPA's team form) does, issue for issue: `worker-input.test.ts` compares
 * them on seeded random bodies.
 */
import {
  recordBodyParsers,
  boundedTextAnswer,
  decimalAnswer,
  defaulted,
  moneyRule,
  optional,
  optionalIdAnswer,
  requiredTextAnswer,
  zodBooleanAnswer,
} from '../body-fields.js';
import { MONEY_MAX_CENTS } from '../money.js';
import type { QueryJsonSchema } from '../query-parser.js';
import { TEXT_MAX_LENGTH } from '../text-limits.js';

/** The longest name of a worker; `worker.ts` reads it too. */
export const WORKER_NAME_MAX_LENGTH = 200;

/** A worker's editable fields, as the create's and the update's bodies give them. */
export interface WorkerBody {
  name: string;
  trade?: string | undefined;
  /** Loaded hourly cost HT, "42.50". */
  hourlyCost: string;
  isActive: boolean;
  teamLead: boolean;
  userId?: string | undefined;
}

const hourlyCostRule = moneyRule({ nonNegative: true, required: 'Le coût horaire chargé est requis' });

const workerFieldReaders = {
  name: (value: unknown) => requiredTextAnswer(value, 'Le nom est requis', WORKER_NAME_MAX_LENGTH),
  trade: optional((value) => boundedTextAnswer(value, TEXT_MAX_LENGTH)),
  hourlyCost: (value: unknown) => decimalAnswer(value, hourlyCostRule),
  isActive: defaulted(zodBooleanAnswer, true),
  teamLead: defaulted(zodBooleanAnswer, false),
  userId: optionalIdAnswer,
};

const workerProperties: Record<string, QueryJsonSchema> = {
  name: { type: 'string', minLength: 1, maxLength: WORKER_NAME_MAX_LENGTH },
  trade: { type: 'string', maxLength: TEXT_MAX_LENGTH },
  hourlyCost: { type: ['string', 'number'], minimum: 0, maximum: MONEY_MAX_CENTS / 100 },
  isActive: { type: 'boolean' },
  teamLead: { type: 'boolean' },
  userId: { type: 'string', format: 'uuid' },
};

const parsers = recordBodyParsers<WorkerBody>(workerFieldReaders, {
  properties: workerProperties,
  required: ['name', 'hourlyCost'],
});

/** `POST /api/workers`'s body. */
export const workerCreateParser = parsers.create;

/** `PUT /api/workers/{id}`'s body: the whole editable record, plus the `version` read. */
export const workerUpdateParser = parsers.update;
