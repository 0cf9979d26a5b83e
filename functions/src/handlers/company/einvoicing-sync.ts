import { syncCompany } from '../../einvoicing/exchange/network-sync.js';
import { createHandler } from '../../lib/http.js';
import { companyOf } from '../../lib/tenancy.js';

/**
 * POST /api/company/einvoicing/sync (any user): « Relever la plateforme » — what waits is
 * submitted and what arrived is read now, for the caller's company, within the route's time (the
 * rest is left for the sync job). 409 while the network is not enabled.
 */
export const handler = createHandler({}, async ({ principal }) => ({
  body: await syncCompany(companyOf(principal), { budget: 'route', budgetMs: 20_000 }),
}));
