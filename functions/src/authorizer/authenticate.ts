import type { UserRole } from '@btp/shared/enums';
import { readSessionToken } from '../accounts/cookies.js';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { Company } from '@btp/shared/entities/company';
import { companyIsOpen, companyKey } from '../accounts/companies.js';
import { verifySessionToken, type SessionClaims } from '../accounts/session-token.js';
import { liveSession, sessionKey as sessionRecordKey, type Session } from '../accounts/sessions.js';
import { userKey, type StoredUser } from '../accounts/users.js';
import { withoutKeys } from '../data/keys.js';
import { withAwsErrors } from '../lib/aws-errors.js';
import { config } from '../lib/config.js';
import { db, tableName } from '../lib/dynamo.js';
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
  const { session, user, company } = await readIdentityRecords(claims);
  if (!session || session.id !== claims.sessionId || session.userId !== claims.userId) return undefined;
  if (!user || !user.isActive) return undefined;
  if ((user.companyId ?? null) !== claims.companyId) return undefined;
  if (user.companyId && !companyIsOpen(company)) return undefined;
  return { userId: user.id, companyId: user.companyId ?? null, role: user.role, sessionId: session.id };
}

/**
 * What the checks read of the three records, and their keys to tell them apart: the session's
 * owner and expiries, the user's state, role and company, the company's status. Nothing else is
 * transferred or unmarshalled on every request: not the user's password hash, not the company's
 * legal profile.
 */
const identityAttributes = [
  'pk',
  'sk',
  'id',
  'userId',
  'absoluteExpiry',
  'lastSeenAt',
  'isActive',
  'role',
  'companyId',
  'status',
] as const;
const identityProjection = {
  ProjectionExpression: identityAttributes.map((_, index) => `#a${index}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(identityAttributes.map((name, index) => [`#a${index}`, name])),
};

/**
 * The session, the user and the company the token names, in one strongly consistent BatchGetItem
 * (one round trip on every request instead of three in a row) of the attributes the checks read;
 * the caller checks they agree.
 */
async function readIdentityRecords(claims: SessionClaims): Promise<{
  session?: Pick<Session, 'id' | 'userId' | 'absoluteExpiry' | 'lastSeenAt'>;
  user?: Pick<StoredUser, 'id' | 'isActive' | 'role' | 'companyId'>;
  company?: Pick<Company, 'status'>;
}> {
  const keys = [sessionRecordKey(claims.sessionId), userKey(claims.userId)];
  if (claims.companyId) keys.push(companyKey(claims.companyId));
  const found = new Map<string, Record<string, unknown>>();
  let pending: Record<string, unknown>[] | undefined = keys;
  for (let attempt = 0; pending && pending.length > 0; attempt += 1) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 10 * 2 ** attempt));
    const result = await withAwsErrors(() =>
      db().send(
        new BatchGetCommand({
          RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true, ...identityProjection } },
        }),
      ),
    );
    for (const item of result.Responses?.[tableName()] ?? []) found.set(`${item.pk}|${item.sk}`, item);
    pending = result.UnprocessedKeys?.[tableName()]?.Keys;
    // DynamoDB says it is overloaded: fail closed, the middleware answers 503.
    if (pending?.length && attempt >= 4) throw new Error('BatchGetItem left the identity keys unprocessed');
  }
  const item = (key: { pk: string; sk: string }) => found.get(`${key.pk}|${key.sk}`);
  const sessionItem = item(sessionRecordKey(claims.sessionId));
  const userItem = item(userKey(claims.userId));
  const companyItem = claims.companyId ? item(companyKey(claims.companyId)) : undefined;
  return {
    session: sessionItem ? await liveSession(withoutKeys<Session>(sessionItem)) : undefined,
    user: userItem ? withoutKeys<StoredUser>(userItem) : undefined,
    company: companyItem ? withoutKeys<Company>(companyItem) : undefined,
  };
}
