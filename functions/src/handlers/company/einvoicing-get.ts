import { getEinvoicingSettings } from '../../einvoicing/exchange/platform-connection.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * GET /api/company/einvoicing (company_admin): the plateforme agréée's settings, never the secret;
 * `status` of the last call; on the local stack, prefilled for the local platform until saved.
 */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await getEinvoicingSettings(companyOf(principal)),
}));
