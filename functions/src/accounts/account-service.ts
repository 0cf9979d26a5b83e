import { createHash, timingSafeEqual } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PublicUser, RegisterData, SetupData } from '@btp/shared/entities/auth';
import type { Company } from '@btp/shared/entities/company';
import { slugify } from '@btp/shared/entities/company-profile';
import { withAwsErrors } from '../lib/aws-errors.js';
import { config } from '../lib/config.js';
import { db, tableName } from '../lib/dynamo.js';
import { HttpError, conflict } from '../lib/http-errors.js';
import { setupToken, sessionKey } from '../lib/secrets.js';
import { newId, nowIso } from '../data/ids.js';
import { transactWrite } from '../data/transactions.js';
import { companyIsOpen, companyKey, getCompany, newCompanyItems } from './companies.js';
import { clearedSessionCookie, readSessionToken, sessionCookie } from './cookies.js';
import { clearAttempts, takeAttempt } from './login-throttle.js';
import { hashPassword, verifyNothing, verifyPassword } from './passwords.js';
import { createSession, deleteSession } from './sessions.js';
import { sessionLifetimeMs, signSessionToken, verifySessionToken } from './session-token.js';
import { installItem } from './super-admins.js';
import {
  emailMarker,
  emailTaken,
  findUserByIdentifier,
  newUserItems,
  publicUser,
  userKey,
  usernameMarker,
  usernameTaken,
  type StoredUser,
} from './users.js';
import { isInstalled } from '../setup/installation.js';

export const messages = {
  setupToken: "Le jeton d'installation est incorrect.",
  alreadyInstalled: 'BTP Gestion est déjà installé : connectez-vous.',
  invalidCredentials: 'Identifiant ou mot de passe incorrect.',
  accountInactive: "Votre compte n'est pas actif : un administrateur doit le valider ou le réactiver.",
  companyClosed: "L'accès de votre entreprise est suspendu. Contactez votre administrateur.",
  companyFull: "Cette entreprise a atteint son nombre maximal d'utilisateurs.",
  tooManyAttempts: (minutes: number) =>
    `Trop de tentatives de connexion : réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
};

/** A new session for this user and the cookie that carries it. */
async function openSession(user: StoredUser): Promise<string> {
  const session = await createSession({
    userId: user.id,
    companyId: user.companyId ?? null,
    role: user.role,
  });
  const token = await signSessionToken(
    { sessionId: session.id, userId: user.id, companyId: user.companyId ?? null, role: user.role },
    await sessionKey(),
    new Date(session.absoluteExpiry),
  );
  return sessionCookie(token, Math.floor(sessionLifetimeMs / 1000), config().COOKIE_SECURE);
}

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function newUser(fields: {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  passwordHash: string;
  role: StoredUser['role'];
  companyId: string | null;
  isActive: boolean;
  lastLoginAt?: string;
}): StoredUser {
  const now = nowIso();
  return {
    id: newId(),
    createdAt: now,
    updatedAt: now,
    version: 1,
    permissions: {},
    ...fields,
  } as StoredUser;
}

export interface SignedIn {
  user: PublicUser;
  cookie: string;
}

/**
 * `POST /api/setup`: while no super administrator exists, the setup token creates the first one
 * and signs them in. Two concurrent setups: the installation marker lets one win.
 */
export async function installFirstSuperAdmin(data: SetupData): Promise<SignedIn> {
  if (!sameSecret(data.setupToken, await setupToken())) {
    throw new HttpError(403, 'setup_token', messages.setupToken);
  }
  if (await isInstalled()) throw conflict(messages.alreadyInstalled);
  const now = nowIso();
  const user = newUser({
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    username: data.username,
    passwordHash: await hashPassword(data.password),
    role: 'super_admin',
    companyId: null,
    isActive: true,
    lastLoginAt: now,
  });
  const userItems = newUserItems(user);
  await transactWrite([installItem(user.id, now), ...userItems.items], (index) =>
    conflict(index === 0 ? messages.alreadyInstalled : userItems.explain(index - 1)),
  );
  return { user: publicUser(user), cookie: await openSession(user) };
}

export interface Registered {
  user: PublicUser;
  pendingApproval: boolean;
  cookie?: string;
}

async function assertIdentifiersFree(username: string, email: string): Promise<void> {
  for (const [key, message] of [
    [usernameMarker(username), usernameTaken],
    [emailMarker(email), emailTaken],
  ] as const) {
    const { Item } = await withAwsErrors(() =>
      db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })),
    );
    if (Item) throw conflict(message);
  }
}

/**
 * `POST /api/auth/register`. A new company: the company with its defaults and its first user as
 * `company_admin`, signed in. An existing company: an inactive user awaiting approval, no session,
 * the company's `maxUsers` enforced. An unknown (or closed) company id answers exactly as a known
 * one would and writes nothing, so ids cannot be probed.
 */
export async function register(data: RegisterData): Promise<Registered> {
  const passwordHash = await hashPassword(data.password);
  const person = {
    firstName: data.firstName,
    lastName: data.lastName,
    email: data.email,
    username: data.username,
    passwordHash,
  };

  if (data.companyName) {
    const now = nowIso();
    const company: Company = {
      id: newId(),
      createdAt: now,
      updatedAt: now,
      version: 1,
      name: data.companyName,
      slug: slugify(data.companyName),
      status: 'pending',
      email: data.email,
      country: 'France',
      subscriptionPlan: 'free',
      subscriptionAutoRenew: true,
      maxUsers: 5,
      currentUsers: 1,
      settings: {},
    } as Company;
    const user = newUser({
      ...person,
      role: 'company_admin',
      companyId: company.id,
      isActive: true,
      lastLoginAt: now,
    });
    const companyItems = newCompanyItems(company);
    const userItems = newUserItems(user);
    await transactWrite([...companyItems.items, ...userItems.items], (index) =>
      conflict(
        index < companyItems.items.length
          ? companyItems.explain(index)
          : userItems.explain(index - companyItems.items.length),
      ),
    );
    return {
      user: publicUser(user, { id: company.id, name: company.name }),
      pendingApproval: false,
      cookie: await openSession(user),
    };
  }

  const companyId = data.companyId ?? '';
  const user = newUser({ ...person, role: 'user', companyId, isActive: false });
  const company = companyId ? await getCompany(companyId) : undefined;
  if (!company || !companyIsOpen(company)) {
    await assertIdentifiersFree(data.username, data.email);
    return { user: publicUser(user), pendingApproval: true };
  }
  const userItems = newUserItems(user);
  await transactWrite(
    [
      {
        Update: {
          TableName: tableName(),
          Key: companyKey(company.id),
          UpdateExpression: 'SET currentUsers = currentUsers + :one',
          ConditionExpression: 'attribute_exists(pk) AND currentUsers < maxUsers',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      ...userItems.items,
    ],
    (index) => conflict(index === 0 ? messages.companyFull : userItems.explain(index - 1)),
  );
  return { user: publicUser(user), pendingApproval: true };
}

/**
 * `POST /api/auth/login` by username or e-mail. One message for an unknown user and a wrong
 * password, which take the same time. Each attempt is counted before the password is hashed, on
 * the account when the identifier names one (its username and e-mail share the budget), else on
 * the identifier: the 11th attempt within 15 minutes answers 429 without hashing, even with the
 * right password, until the window ends. A right password gives the budget back.
 */
export async function login(identifier: string, password: string): Promise<SignedIn> {
  const user = await findUserByIdentifier(identifier);
  const subject = user ? { userId: user.id } : { identifier };
  const wait = await takeAttempt(subject);
  if (wait > 0) {
    throw new HttpError(429, 'too_many_attempts', messages.tooManyAttempts(Math.ceil(wait / 60_000)));
  }
  const valid = user ? await verifyPassword(password, user.passwordHash) : await verifyNothing(password);
  if (!user || !valid) throw new HttpError(401, 'invalid_credentials', messages.invalidCredentials);
  await clearAttempts(subject);
  if (!user.isActive) throw new HttpError(403, 'account_inactive', messages.accountInactive);
  const company = user.companyId ? await getCompany(user.companyId) : undefined;
  if (user.companyId && !companyIsOpen(company)) {
    throw new HttpError(403, 'account_inactive', messages.companyClosed);
  }
  const lastLoginAt = nowIso();
  await withAwsErrors(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: userKey(user.id),
        UpdateExpression: 'SET lastLoginAt = :at',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': lastLoginAt },
      }),
    ),
  );
  const signedIn = { ...user, lastLoginAt };
  return {
    user: publicUser(signedIn, company ? { id: company.id, name: company.name } : undefined),
    cookie: await openSession(signedIn),
  };
}

/** `POST /api/auth/logout`: revokes the session the cookie names (if any) and clears the cookie. */
export async function logout(cookies: readonly string[]): Promise<string> {
  const secure = config().COOKIE_SECURE;
  const token = readSessionToken(cookies, secure);
  if (token) {
    const claims = await verifySessionToken(token, await sessionKey());
    if (claims) await deleteSession(claims.sessionId);
  }
  return clearedSessionCookie(secure);
}
