import { timeEntryCreateParser } from '@btp/shared/entities/time-entry-input';
import { createTimeEntry } from '../../job-costing/time-entry-service.js';
import { actorOf } from '../../job-costing/actor.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/time-entries: 201 with the entry; 400 past 24 h a day, 409 in a validated week. The body
 * is parsed by hand (`time-entry-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ body: timeEntryCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createTimeEntry(companyOf(principal), actorOf(principal), body),
}));
