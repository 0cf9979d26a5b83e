import { currentUser } from '../../accounts/current-user.js';
import { createHandler } from '../../lib/http.js';
import { HttpError, messages } from '../../lib/http-errors.js';

/** GET /api/auth/me: the signed-in user with their company. */
export const handler = createHandler({}, async ({ principal }) => {
  const user = principal && (await currentUser(principal.userId));
  if (!user) throw new HttpError(401, 'unauthenticated', messages.unauthenticated);
  return { body: user };
});
