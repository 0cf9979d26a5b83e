import { workerCreateParser } from '@btp/shared/entities/worker-input';
import { createWorker } from '../../job-costing/worker-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/workers (company_admin): 201 with the worker. The body is parsed by hand
 * (`worker-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ body: workerCreateParser }, async ({ body, principal }) => ({
  statusCode: 201,
  body: await createWorker(companyOf(principal), body),
}));
