import { timeEntryLockParser } from '@btp/shared/entities/time-entry-input';
import { lockWeek } from '../../job-costing/time-entry-service.js';
import { actorOf } from '../../job-costing/actor.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/time-entries/lock (company_admin): validates the week of `weekStart` (a Monday), or
 * reopens it. The body is parsed by hand (`time-entry-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ body: timeEntryLockParser }, async ({ body, principal }) => ({
  body: await lockWeek(companyOf(principal), actorOf(principal), body),
}));
