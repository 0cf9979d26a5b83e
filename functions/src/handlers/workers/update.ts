import { workerUpdateInput } from '@btp/shared/entities/worker';
import { updateWorker } from '../../job-costing/worker-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/workers/{id} (company_admin): the whole editable record, optionally with the `version` read. */
export const handler = createHandler(
  { body: workerUpdateInput, params: idParams },
  async ({ body, params, principal }) => ({
    body: await updateWorker(companyOf(principal), params.id, body),
  }),
);
