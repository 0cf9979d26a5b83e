import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import { sessionCookieName } from '../accounts/cookies.js';
import { sessionIdleMs, signSessionToken } from '../accounts/session-token.js';
import { createSession, sessionKey } from '../accounts/sessions.js';
import { db, tableName } from '../lib/dynamo.js';
import { authenticate } from './authenticate.js';

/**
 * The authorizer's check on DynamoDB Local: it reads only what it checks of the session, the user
 * and the company (one projected BatchGetItem), and still refuses a session past its idle or
 * absolute expiry, an inactive user and a closed company.
 */
const key = 'integ-session-key-0123456789-abcdefghij';

beforeAll(() => {
  process.env.SESSION_KEY = key;
});

async function signedIn(options: { isActive?: boolean; status?: string } = {}) {
  const companyId = testCompanyId();
  const userId = testCompanyId();
  const now = new Date().toISOString();
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: `USER#${userId}`,
        sk: 'USER',
        id: userId,
        companyId,
        role: 'company_admin',
        isActive: options.isActive ?? true,
        username: `u-${userId}`,
        email: `${userId}@exemple.fr`,
        firstName: 'Anne',
        lastName: 'Martin',
        passwordHash: 'scrypt$…',
        createdAt: now,
        version: 1,
      },
    }),
  );
  await db().send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        pk: `COMPANY#${companyId}`,
        sk: 'COMPANY',
        id: companyId,
        name: 'Martin Bâtiment',
        status: options.status ?? 'active',
        siret: '73282932000074',
        iban: 'FR7630006000011234567890189',
        createdAt: now,
        version: 1,
      },
    }),
  );
  const session = await createSession({ userId, companyId, role: 'company_admin' });
  const token = await signSessionToken(
    { sessionId: session.id, userId, companyId, role: 'company_admin' },
    key,
    new Date(session.absoluteExpiry),
  );
  return { companyId, userId, session, cookies: [`${sessionCookieName(false)}=${token}`] };
}

async function setSession(id: string, values: Record<string, number>) {
  const names = Object.keys(values);
  await db().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: sessionKey(id),
      UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
      ExpressionAttributeValues: Object.fromEntries(names.map((name, index) => [`:v${index}`, values[name]])),
    }),
  );
}

describe('authenticate (the Lambda authorizer) on DynamoDB Local', () => {
  it('hands over the user, the company, the role and the session', async () => {
    const { companyId, userId, session, cookies } = await signedIn();
    expect(await authenticate(cookies)).toEqual({
      userId,
      companyId,
      role: 'company_admin',
      sessionId: session.id,
    });
  });

  it('refuses a session unused for 2 hours, or past its 12 hours', async () => {
    const idle = await signedIn();
    await setSession(idle.session.id, { lastSeenAt: Date.now() - sessionIdleMs - 1_000 });
    expect(await authenticate(idle.cookies)).toBeUndefined();

    const old = await signedIn();
    await setSession(old.session.id, { absoluteExpiry: Date.now() - 1_000 });
    expect(await authenticate(old.cookies)).toBeUndefined();
  });

  it('refuses an inactive user and a suspended company', async () => {
    expect(await authenticate((await signedIn({ isActive: false })).cookies)).toBeUndefined();
    expect(await authenticate((await signedIn({ status: 'suspended' })).cookies)).toBeUndefined();
  });
});
