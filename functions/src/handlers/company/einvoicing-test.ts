import { testEinvoicingConnection } from '../../einvoicing/exchange/platform-connection.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/company/einvoicing/test (company_admin): « Tester la connexion » — a token and the
 * platform's healthcheck with the saved settings; the outcome recorded in `status` and answered.
 */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await testEinvoicingConnection(companyOf(principal)),
}));
