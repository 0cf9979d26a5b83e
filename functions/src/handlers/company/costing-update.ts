import { costingSettingsParser } from '@btp/shared/entities/profitability-input';
import { updateCostingSettings } from '../../company/company-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * PUT /api/company/costing (company_admin): the job-costing alert threshold, % over budget. The body
 * is parsed by hand (`profitability-input.ts`): the function starts without zod.
 */
export const handler = createHandler({ body: costingSettingsParser }, async ({ body, principal }) => ({
  body: await updateCostingSettings(companyOf(principal), body),
}));
