import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { User } from '@btp/shared/entities/user';
import type { PublicUser } from '@btp/shared/entities/auth';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { globalMarkerKey, normaliseUnique, withoutKeys, type Key } from '../data/keys.js';
import { batchGetConsistent } from '../data/batch-get.js';
import { queryAllByGsi1 } from '../data/global-index.js';
import type { TransactItem } from '../data/transactions.js';
import { queryPages } from '../data/query-pages.js';

/** A user as stored: the record plus its password hash, which never leaves this module's callers. */
export type StoredUser = User & { passwordHash: string };

export const userKey = (id: string): Key => ({ pk: `USER#${id}`, sk: 'USER' });
export const usernameMarker = (username: string): Key => globalMarkerKey('USERNAME', username);
export const emailMarker = (email: string): Key => globalMarkerKey('EMAIL', email);

export const usernameTaken = "Ce nom d'utilisateur est déjà utilisé.";
export const emailTaken = 'Cette adresse e-mail est déjà utilisée.';

/**
 * The items that write a new user and reserve its username and e-mail, for a transaction.
 * `explain(index)` maps a failed item of this list to its 409 message.
 */
export function newUserItems(user: StoredUser): { items: TransactItem[]; explain(index: number): string } {
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        Item: { ...userKey(user.id), gsi1pk: 'USER', gsi1sk: `${user.createdAt}#${user.id}`, ...user },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...usernameMarker(user.username), ownerId: user.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: { ...emailMarker(user.email), ownerId: user.id },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
  return { items, explain: (index) => (index === 2 ? emailTaken : usernameTaken) };
}

/** The item that replaces a user, guarded by the version it was read at. */
export function userPutItem(user: StoredUser, readVersion: number): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...userKey(user.id), gsi1pk: 'USER', gsi1sk: `${user.createdAt}#${user.id}`, ...user },
      ConditionExpression: 'version = :version',
      ExpressionAttributeValues: { ':version': readVersion },
    },
  };
}

export async function getUser(id: string): Promise<StoredUser | undefined> {
  const { Item } = await withAwsErrors(() =>
    db().send(new GetCommand({ TableName: tableName(), Key: userKey(id), ConsistentRead: true })),
  );
  return Item ? withoutKeys<StoredUser>(Item) : undefined;
}

/** The user whose username or e-mail (case-insensitive) is `identifier`. */
export async function findUserByIdentifier(identifier: string): Promise<StoredUser | undefined> {
  const marker = identifier.includes('@') ? emailMarker(identifier) : usernameMarker(identifier);
  const { Item } = await withAwsErrors(() =>
    db().send(new GetCommand({ TableName: tableName(), Key: marker, ConsistentRead: true })),
  );
  if (!Item || typeof Item.ownerId !== 'string') return undefined;
  return getUser(Item.ownerId);
}

/** Every user, most recent first (gsi1, `USER`). */
export function listUsers(): Promise<StoredUser[]> {
  return queryAllByGsi1<StoredUser>('USER');
}

/**
 * The users of one company, most recent first: gsi1 (`USER`) filtered on `companyId` gives their
 * keys (the index is read whole, but only this company's keys come back), then the records are
 * read consistently from the table, as `queryAllByGsi1` does. A user never changes company, so the
 * index's possible lag only concerns a user registered a moment ago.
 */
export async function listCompanyUsers(companyId: string): Promise<StoredUser[]> {
  const keys: Key[] = [];
  for await (const page of queryPages({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    FilterExpression: 'companyId = :company',
    ExpressionAttributeValues: { ':pk': 'USER', ':company': companyId },
    ProjectionExpression: 'pk, sk',
    ScanIndexForward: false,
  })) {
    for (const item of page.items) keys.push({ pk: String(item.pk), sk: String(item.sk) });
  }
  const byPk = new Map<string, StoredUser>();
  for (const item of await batchGetConsistent(keys)) byPk.set(String(item.pk), withoutKeys<StoredUser>(item));
  return keys.flatMap((key) => {
    const user = byPk.get(key.pk);
    return user && user.companyId === companyId ? [user] : [];
  });
}

/** The user as the API shows it: never the password hash. */
export function publicUser(user: StoredUser, company?: { id: string; name: string }): PublicUser {
  return {
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    username: user.username,
    role: user.role,
    isActive: user.isActive,
    companyId: user.companyId ?? null,
    createdAt: user.createdAt,
    ...(user.lastLoginAt ? { lastLoginAt: user.lastLoginAt } : {}),
    ...(company ? { company } : {}),
  };
}

/** Identifiers compare case-insensitively: the same key as the markers use. */
export const sameIdentifier = (a: string, b: string) => normaliseUnique(a) === normaliseUnique(b);
