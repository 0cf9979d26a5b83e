import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { UserRole } from '@btp/shared/enums';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { newId } from '../data/ids.js';
import { sessionIdleMs, sessionLifetimeMs } from './session-token.js';
import { queryPages } from '../data/query-pages.js';

/** A signed-in session (`SESSION#<id>` / `SESSION`), found by user through gsi1. */
export interface Session {
  id: string;
  userId: string;
  companyId: string | null;
  role: UserRole;
  createdAt: string;
  /** Epoch ms after which the session ends whatever happens (12 h). */
  absoluteExpiry: number;
  /** Epoch ms of the last request seen (inactivity expiry is 2 h after it). */
  lastSeenAt: number;
}

export const sessionKey = (id: string) => ({ pk: `SESSION#${id}`, sk: 'SESSION' });
const userSessionsPk = (userId: string) => `USER_SESSIONS#${userId}`;

/** Refresh `lastSeenAt` at most this often, to keep reads cheap. */
const touchIntervalMs = 5 * 60 * 1000;

export async function createSession(input: Pick<Session, 'userId' | 'companyId' | 'role'>): Promise<Session> {
  const now = Date.now();
  const session: Session = {
    id: newId(),
    ...input,
    createdAt: new Date(now).toISOString(),
    absoluteExpiry: now + sessionLifetimeMs,
    lastSeenAt: now,
  };
  await withAwsErrors(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...sessionKey(session.id),
          gsi1pk: userSessionsPk(session.userId),
          gsi1sk: session.id,
          ...session,
          // DynamoDB removes the record on its own after the absolute expiry (TTL, epoch seconds).
          expiresAt: Math.ceil(session.absoluteExpiry / 1000),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  return session;
}

/** Whether a session has ended by its absolute or inactivity expiry at `now`. */
export function isExpired(
  session: Pick<Session, 'absoluteExpiry' | 'lastSeenAt'>,
  now = Date.now(),
): boolean {
  return now >= session.absoluteExpiry || now >= session.lastSeenAt + sessionIdleMs;
}

/** The live session with this id, refreshed as used; `undefined` when revoked or expired. */
export async function useSession(id: string, now = Date.now()): Promise<Session | undefined> {
  const { Item } = await withAwsErrors(() =>
    db().send(new GetCommand({ TableName: tableName(), Key: sessionKey(id), ConsistentRead: true })),
  );
  return Item ? liveSession(Item as unknown as Session, now) : undefined;
}

/**
 * A session record just read, checked at `now`: `undefined` when expired; otherwise its last use
 * is recorded (at most every 5 minutes, so most requests only read).
 */
export async function liveSession<S extends Pick<Session, 'id' | 'absoluteExpiry' | 'lastSeenAt'>>(
  session: S,
  now = Date.now(),
): Promise<S | undefined> {
  if (isExpired(session, now)) return undefined;
  if (now - session.lastSeenAt >= touchIntervalMs) {
    await withAwsErrors(() =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: sessionKey(session.id),
          UpdateExpression: 'SET lastSeenAt = :now',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':now': now },
        }),
      ),
    ).catch(() => undefined);
    session.lastSeenAt = now;
  }
  return session;
}

export async function deleteSession(id: string): Promise<void> {
  await withAwsErrors(() => db().send(new DeleteCommand({ TableName: tableName(), Key: sessionKey(id) })));
}

/**
 * Ends every session of a user (deactivation, demotion). The authorizer also checks the user on
 * every request, so a session the index has not seen yet is refused all the same.
 */
export async function deleteUserSessions(userId: string): Promise<number> {
  let deleted = 0;
  for await (const page of queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': userSessionsPk(userId) },
    ProjectionExpression: 'id',
  })) {
    for (const item of page.items) {
      await deleteSession(String(item.id));
      deleted += 1;
    }
  }
  return deleted;
}
