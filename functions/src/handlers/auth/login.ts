import { loginParser } from '@btp/shared/login-input';
import { login } from '../../accounts/account-service.js';
import { createHandler } from '../../lib/http.js';

/** POST /api/auth/login by username or e-mail. */
export const handler = createHandler({ body: loginParser }, async ({ body }) => {
  const { user, cookie } = await login(body.identifier, body.password);
  return { body: { user }, cookies: [cookie] };
});
