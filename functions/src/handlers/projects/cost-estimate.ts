import { costEstimateParser } from '@btp/shared/entities/profitability-input';
import { setCostEstimate } from '../../job-costing/profitability-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * PUT /api/projects/{id}/cost-estimate: the manager's estimate of the cost at completion, or none
 * (`null`). The body is parsed by hand (`profitability-input.ts`): the function starts without zod.
 */
export const handler = createHandler(
  { body: costEstimateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await setCostEstimate(companyOf(principal), params.id, body),
  }),
);
