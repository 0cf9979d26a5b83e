import { weekLockListParser } from '@btp/shared/entities/time-entry-input';
import { listLocks } from '../../job-costing/time-entry-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * GET /api/time-entries/locks?from=&to=: the validated weeks of the period. The query is parsed by
 * hand (`time-entry-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ query: weekLockListParser }, async ({ query, principal }) => ({
  body: await listLocks(companyOf(principal), query.from, query.to),
}));
