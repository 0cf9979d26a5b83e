import { companyUserUpdateParser } from '@btp/shared/entities/company-user-input';
import { changeCompanyMember } from '../../company/company-service.js';
import { createHandler } from '../../lib/http.js';
import { idParams } from '../../lib/params.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * PUT /api/company/users/{id} (company_admin): approve or deactivate a colleague, or change their
 * role; 404 for a user of another company.
 */
export const handler = createHandler(
  { body: companyUserUpdateParser, params: idParams },
  async ({ body, params, principal }) => ({
    body: await changeCompanyMember(companyOf(principal), principal?.userId ?? '', params.id, body),
  }),
);
