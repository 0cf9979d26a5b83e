import { setupParser } from '@btp/shared/entities/auth-input';
import { installFirstSuperAdmin } from '../../accounts/account-service.js';
import { createHandler } from '../../lib/http.js';

/** POST /api/setup: the first super administrator, signed in. */
export const handler = createHandler({ body: setupParser }, async ({ body }) => {
  const { user, cookie } = await installFirstSuperAdmin(body);
  return { statusCode: 201, body: { user }, cookies: [cookie] };
});
