import { systemStats } from '../../admin/admin-service.js';
import { createHandler } from '../../lib/http.js';

/** GET /api/admin/stats (super_admin). */
export const handler = createHandler({}, async () => ({ body: await systemStats() }));
