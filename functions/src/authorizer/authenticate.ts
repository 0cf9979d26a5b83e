import type { UserRole } from '@btp/shared/enums';
import { readSessionToken } from '../accounts/cookies.js';
import { companyIsOpen, getCompany } from '../accounts/companies.js';
import { verifySessionToken } from '../accounts/session-token.js';
import { useSession } from '../accounts/sessions.js';
import { getUser } from '../accounts/users.js';
import { config } from '../lib/config.js';
import { sessionKey } from '../lib/secrets.js';

export interface Identity {
  userId: string;
  companyId: string | null;
  role: UserRole;
  sessionId: string;
}

/**
 * Who the session cookie belongs to, checked end to end: a token signed with our key (HS256
 * only), a live session (not revoked, not past 12 h, used within 2 h) of that very user, an active
 * user, and a company that is neither suspended nor cancelled. The role and company are read from
 * the user now, so a demotion takes effect on the next request; a token whose company is not the
 * user's is refused. `undefined` when anything fails.
 */
export async function authenticate(cookies: readonly string[] | undefined): Promise<Identity | undefined> {
  const token = readSessionToken(cookies, config().COOKIE_SECURE);
  if (!token) return undefined;
  const claims = await verifySessionToken(token, await sessionKey());
  if (!claims) return undefined;
  // One round trip instead of three: the token names the user and the company, so the session,
  // the user and the company are read at once, then checked against each other.
  const [session, user, company] = await Promise.all([
    useSession(claims.sessionId),
    getUser(claims.userId),
    claims.companyId ? getCompany(claims.companyId) : undefined,
  ]);
  if (!session || session.userId !== claims.userId) return undefined;
  if (!user || !user.isActive) return undefined;
  if ((user.companyId ?? null) !== claims.companyId) return undefined;
  if (user.companyId && !companyIsOpen(company)) return undefined;
  return { userId: user.id, companyId: user.companyId ?? null, role: user.role, sessionId: session.id };
}
