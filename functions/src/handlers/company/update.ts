import { companyProfileParser } from '@btp/shared/entities/company-input';
import { updateCompanyProfile } from '../../company/company-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** PUT /api/company (company_admin): the whole legal profile, optionally with the `version` read. */
export const handler = createHandler({ body: companyProfileParser }, async ({ body, principal }) => ({
  body: await updateCompanyProfile(companyOf(principal), body),
}));
