import { listCompanyMembers } from '../../company/company-service.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/** GET /api/company/users (company_admin): the users of the caller's company, most recent first. */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await listCompanyMembers(companyOf(principal)),
}));
