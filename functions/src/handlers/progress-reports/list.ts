import { listQuery } from '@btp/shared/list';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';
import { listProgressReports } from '../../work-tracking/progress-report-service.js';

/** GET /api/progress-reports: most recent first, with `project{id,name,client{id,name}}`. */
export const handler = createHandler({ query: listQuery }, async ({ query, principal }) => {
  const page = await listProgressReports(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
