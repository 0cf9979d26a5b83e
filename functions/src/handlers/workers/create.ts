import { workerCreateInput } from '@btp/shared/entities/worker';
import { createWorker } from '../../job-costing/worker-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** POST /api/workers (company_admin): 201 with the worker. */
export const handler = createHandler({ body: workerCreateInput }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createWorker(companyOf(principal), body),
}));
