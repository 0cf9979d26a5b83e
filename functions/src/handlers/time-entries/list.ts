import { timeEntryListQuery } from '@btp/shared/entities/time-entry-query';
import { listTimeEntries } from '../../job-costing/time-entry-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/time-entries?projectId=&workerId=&from=&to=: by date, most recent first (`limit`, `cursor`). */
export const handler = createHandler({ query: timeEntryListQuery }, async ({ query, principal }) => {
  const page = await listTimeEntries(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
