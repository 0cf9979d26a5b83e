import { listQuery } from '@btp/shared/list';
import { listWorkers } from '../../job-costing/worker-service.js';
import { createHandler } from '../../lib/http.js';
import { listResponse } from '../../lib/list-response.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/workers: the company's workers, most recent first (`limit`, `cursor`, `x-next-cursor`). */
export const handler = createHandler({ query: listQuery }, async ({ query, principal }) => {
  const page = await listWorkers(companyOf(principal), query);
  return listResponse(page.items, page.nextCursor);
});
