import { adminUserUpdateParser } from '@btp/shared/entities/admin-input';
import { idParams } from '../../lib/params.js';
import { changeUser } from '../../admin/admin-service.js';
import { createHandler } from '../../lib/http.js';

/** PUT /api/admin/users/{id} (super_admin): role and/or active flag. */
export const handler = createHandler(
  { body: adminUserUpdateParser, params: idParams },
  async ({ body, params }) => ({
    body: await changeUser(params.id, body),
  }),
);
