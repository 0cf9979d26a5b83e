import { workerUpdateParser } from '@btp/shared/entities/worker-input';
import { updateWorker } from '../../job-costing/worker-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * PUT /api/workers/{id} (company_admin): the whole editable record, optionally with the `version`
 * read. The body is parsed by hand (`worker-input.ts`): the function starts without zod.
 */
export const handler = createHandler(
  { body: workerUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateWorker(companyOf(principal), params.id, body),
  }),
);
