import { allUsers } from '../../admin/admin-service.js';
import { createHandler } from '../../lib/http.js';

/** GET /api/admin/users (super_admin). */
export const handler = createHandler({}, async () => ({ body: await allUsers() }));
