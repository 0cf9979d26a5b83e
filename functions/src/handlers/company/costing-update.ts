import { costingSettingsInput } from '@btp/shared/entities/profitability';
import { updateCostingSettings } from '../../company/company-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/company/costing (company_admin): the job-costing alert threshold, % over budget. */
export const handler = createHandler({ body: costingSettingsInput }, async ({ body, principal }) => ({
  body: await updateCostingSettings(companyOf(principal), body),
}));
