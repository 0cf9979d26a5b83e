import { idParams } from '../../lib/params.js';
import { changeUser } from '../../admin/admin-service.js';
import { createHandler } from '../../lib/http.js';

/** DELETE /api/admin/users/{id} (super_admin): deactivates the user and ends their sessions. */
export const handler = createHandler({ params: idParams }, async ({ params }) => ({
  body: await changeUser(params.id, { isActive: false }),
}));
