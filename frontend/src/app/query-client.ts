import { forgetSignedInUser } from '../features/auth/api/get-me';
import { createQueryClient } from '../lib/query-client';

/**
 * The SPA's query client: a 401 on any call means the session is over, and the guards then show the
 * login screen (spec section 8, DESIGN.md section 3).
 */
export function createAppQueryClient() {
  return createQueryClient({ onUnauthorized: forgetSignedInUser });
}
