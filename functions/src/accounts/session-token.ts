import { SignJWT, jwtVerify } from 'jose';
import type { UserRole } from '@btp/shared/enums';

/** Absolute lifetime of a session (DESIGN section 3). */
export const sessionLifetimeMs = 12 * 60 * 60 * 1000;
/** A session unused for this long ends. */
export const sessionIdleMs = 2 * 60 * 60 * 1000;

export interface SessionClaims {
  sessionId: string;
  userId: string;
  companyId: string | null;
  role: UserRole;
}

const issuer = 'btp-gestion';
const audience = 'btp-gestion';

function keyBytes(key: string): Uint8Array {
  return new TextEncoder().encode(key);
}

/** A compact JWT (HS256) carrying the session id and the claims the authorizer passes on. */
export async function signSessionToken(claims: SessionClaims, key: string, expiresAt: Date): Promise<string> {
  return new SignJWT({ cid: claims.companyId, role: claims.role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setJti(claims.sessionId)
    .setSubject(claims.userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(keyBytes(key));
}

/**
 * The claims of a valid token, or `undefined` for anything else: a bad signature, another
 * algorithm (`none` included), an expired token, a token of another issuer.
 */
export async function verifySessionToken(token: string, key: string): Promise<SessionClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyBytes(key), {
      algorithms: ['HS256'],
      issuer,
      audience,
    });
    if (typeof payload.jti !== 'string' || typeof payload.sub !== 'string') return undefined;
    const role = payload.role;
    if (role !== 'super_admin' && role !== 'company_admin' && role !== 'user') return undefined;
    const companyId = typeof payload.cid === 'string' ? payload.cid : null;
    return { sessionId: payload.jti, userId: payload.sub, companyId, role };
  } catch {
    return undefined;
  }
}
