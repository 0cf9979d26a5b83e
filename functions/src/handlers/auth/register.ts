import { registerParser } from '@btp/shared/entities/auth-input';
import { register } from '../../accounts/account-service.js';
import { createHandler } from '../../lib/http.js';

/** POST /api/auth/register: a new company (signed in) or a request to join one (pending). */
export const handler = createHandler({ body: registerParser }, async ({ body }) => {
  const { user, pendingApproval, cookie } = await register(body);
  return { statusCode: 201, body: { user, pendingApproval }, cookies: cookie ? [cookie] : [] };
});
