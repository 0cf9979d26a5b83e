import { getCompanyProfile } from '../../company/company-service.js';
import { createHandler } from '../../lib/http.js';

/**
 * GET /api/company (any signed-in user): the caller's company with its legal profile, `siren`,
 * `version` and `missingFields`; 404 for a super administrator without a company.
 */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await getCompanyProfile(principal?.companyId ?? null),
}));
