import { weekLockListQuery } from '@btp/shared/entities/time-entry';
import { listLocks } from '../../job-costing/time-entry-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/time-entries/locks?from=&to=: the validated weeks of the period. */
export const handler = createHandler({ query: weekLockListQuery }, async ({ query, principal }) => ({
  body: await listLocks(companyOf(principal), query.from, query.to),
}));
