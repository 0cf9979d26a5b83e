import { timeEntryLockInput } from '@btp/shared/entities/time-entry';
import { lockWeek } from '../../job-costing/time-entry-service.js';
import { actorOf } from '../../job-costing/actor.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/time-entries/lock (company_admin): validates the week of `weekStart` (a Monday), or reopens it. */
export const handler = createHandler({ body: timeEntryLockInput }, async ({ body, principal }) => ({
  body: await lockWeek(companyOf(principal), actorOf(principal), body),
}));
