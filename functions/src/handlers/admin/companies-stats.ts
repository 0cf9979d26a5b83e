import { companiesWithStats } from '../../admin/admin-service.js';
import { createHandler } from '../../lib/http.js';

/** GET /api/admin/companies/stats (super_admin). */
export const handler = createHandler({}, async () => ({ body: await companiesWithStats() }));
