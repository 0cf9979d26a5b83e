import { logout } from '../../accounts/account-service.js';
import { createHandler } from '../../lib/http.js';

/** POST /api/auth/logout: the session is revoked and the cookie cleared (204 even without one). */
export const handler = createHandler({}, async ({ cookies }) => {
  return { statusCode: 204, cookies: [await logout(cookies)] };
});
