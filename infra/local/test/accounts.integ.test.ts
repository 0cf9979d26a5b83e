import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { startTestStack, testSetupToken as setupToken } from './support.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;

const password = 'Secret#2026';
const person = (name: string) => ({
  firstName: 'Prénom',
  lastName: name,
  email: `${name.toLowerCase()}@exemple.fr`,
  username: name.toLowerCase(),
  password,
  confirmPassword: password,
});

interface UserBody {
  user: {
    id: string;
    role: string;
    isActive: boolean;
    companyId: string | null;
    company?: { id: string; name: string };
  };
  pendingApproval?: boolean;
}

let admin: TestClient;
const client = () => new TestClient(stack.url);

beforeAll(async () => {
  stack = await startTestStack();
  admin = client();
}, 90_000);

afterAll(async () => {
  await stack?.dispose();
});

describe('first-run setup', () => {
  it('refuses a wrong token, then lets exactly one of two concurrent setups win', async () => {
    const wrong = await client().post('/api/setup', { ...person('Intrus'), setupToken: 'mauvais-jeton' });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ error: 'setup_token' });

    const rival = client();
    const [first, second] = await Promise.all([
      admin.post('/api/setup', { ...person('Admin'), setupToken }),
      rival.post('/api/setup', { ...person('Rival'), setupToken }),
    ]);
    expect([first.status, second.status].sort()).toEqual([201, 409]);
    const winner = first.status === 201 ? admin : rival;
    if (winner !== admin) {
      // Keep `admin` as the signed-in super administrator for the following tests.
      const login = await admin.post('/api/auth/login', { identifier: 'rival', password });
      expect(login.status).toBe(200);
    }
    expect((await client().get('/api/setup/status')).body).toEqual({ installed: true });
    const again = await client().post('/api/setup', { ...person('Encore'), setupToken });
    expect(again.status).toBe(409);
  });

  it('sets a session cookie that is HttpOnly, SameSite=Lax, Path=/ and valid 12 hours', async () => {
    const fresh = client();
    const login = await fresh.post('/api/auth/login', {
      identifier: (await whoAmI(admin)).username,
      password,
    });
    expect(login.status).toBe(200);
    const cookie = fresh.lastSetCookies.find((line) => line.startsWith('btp_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=43200/);
    expect(JSON.stringify(login.body)).not.toMatch(/password|hash/i);
  });
});

async function whoAmI(who: TestClient) {
  const me = await who.get('/api/auth/me');
  expect(me.status).toBe(200);
  return me.body as { id: string; username: string; role: string; company?: { id: string; name: string } };
}

describe('sessions', () => {
  it('answers 401 JSON without a session, and for a tampered, expired or alg:none token', async () => {
    const anonymous = await client().get('/api/auth/me');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: 'unauthenticated' });

    const token = admin.cookieHeader.replace(/^btp_session=/, '');
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const tampered = client();
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const forged = Buffer.from(
      JSON.stringify({ ...claims, role: 'super_admin', sub: 'someone-else' }),
    ).toString('base64url');
    tampered.setCookie('btp_session', `${header}.${forged}.${signature}`);
    expect((await tampered.get('/api/auth/me')).status).toBe(401);

    const none = client();
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    none.setCookie('btp_session', `${noneHeader}.${payload}.`);
    expect((await none.get('/api/auth/me')).status).toBe(401);

    const { sessionKey } = JSON.parse(readFileSync(join(stack.dataDir, 'secrets.json'), 'utf8')) as {
      sessionKey: string;
    };
    const expiredToken = await new SignJWT({ cid: claims.cid, role: claims.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(String(claims.jti))
      .setSubject(String(claims.sub))
      .setIssuer('btp-gestion')
      .setAudience('btp-gestion')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 13 * 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(sessionKey));
    const expired = client();
    expired.setCookie('btp_session', expiredToken);
    expect((await expired.get('/api/auth/me')).status).toBe(401);
  });

  it('logout revokes the session everywhere and clears the cookie', async () => {
    const first = client();
    await first.post('/api/auth/login', { identifier: (await whoAmI(admin)).username, password });
    const copy = client();
    copy.setCookie('btp_session', first.cookieHeader.replace(/^btp_session=/, ''));
    expect((await copy.get('/api/auth/me')).status).toBe(200);
    const out = await first.post('/api/auth/logout');
    expect(out.status).toBe(204);
    expect(first.lastSetCookies[0]).toMatch(/^btp_session=; .*Max-Age=0/);
    expect((await copy.get('/api/auth/me')).status).toBe(401);
  });

  it('refuses sign-in writes without the CSRF header', async () => {
    const response = await client().request(
      'POST',
      '/api/auth/login',
      { identifier: 'x', password },
      { csrf: false },
    );
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ error: 'csrf' });
  });
});

describe('sign-in', () => {
  it('accepts the username or the e-mail in any case, with one message for every failure', async () => {
    const me = await whoAmI(admin);
    expect(
      (await client().post('/api/auth/login', { identifier: me.username.toUpperCase(), password })).status,
    ).toBe(200);
    expect(
      (
        await client().post('/api/auth/login', {
          identifier: `${me.username.toUpperCase()}@EXEMPLE.FR`,
          password,
        })
      ).status,
    ).toBe(200);
    const wrongPassword = await client().post('/api/auth/login', {
      identifier: me.username,
      password: 'mauvais-mdp',
    });
    const unknownUser = await client().post('/api/auth/login', { identifier: 'personne', password });
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual(unknownUser.body);
    expect(wrongPassword.body).toMatchObject({ error: 'invalid_credentials' });
  });

  it('answers 429 after 10 failures in 15 minutes on one identifier, even with the right password', async () => {
    await client().post('/api/auth/register', { ...person('Bloque'), companyName: 'Bloque SARL' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await client().post('/api/auth/login', { identifier: 'bloque', password: 'faux-mdp' })).status,
      ).toBe(401);
    }
    const locked = await client().post('/api/auth/login', { identifier: 'BLOQUE', password });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: 'too_many_attempts' });
    // Another identifier is not affected.
    expect(
      (await client().post('/api/auth/login', { identifier: (await whoAmI(admin)).username, password }))
        .status,
    ).toBe(200);
  });

  it('counts parallel attempts before hashing: of 20 wrong ones at once, at most 10 are checked, the rest 429', async () => {
    await client().post('/api/auth/register', { ...person('Rafale'), companyName: 'Rafale SARL' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        client().post('/api/auth/login', { identifier: 'rafale', password: 'faux-mdp' }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    // The right password, by username or e-mail, waits for the window too.
    const locked = await client().post('/api/auth/login', { identifier: 'rafale@exemple.fr', password });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      error: 'too_many_attempts',
      message: expect.stringMatching(/^Trop de tentatives de connexion : réessayez dans 1\d minutes\.$/),
    });
  });

  it("shares one budget between an account's username and its e-mail", async () => {
    await client().post('/api/auth/register', { ...person('Double'), companyName: 'Double SARL' });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await client().post('/api/auth/login', { identifier: 'double', password: 'faux-mdp' })).status,
      ).toBe(401);
    }
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect(
        (await client().post('/api/auth/login', { identifier: 'DOUBLE@exemple.fr', password: 'faux-mdp' }))
          .status,
      ).toBe(401);
    }
    expect(
      (await client().post('/api/auth/login', { identifier: 'double', password: 'faux-mdp' })).status,
    ).toBe(429);
    expect(
      (await client().post('/api/auth/login', { identifier: 'double@exemple.fr', password })).status,
    ).toBe(429);
  });

  it('gives the budget back after a right password', async () => {
    await client().post('/api/auth/register', { ...person('Retour'), companyName: 'Retour SARL' });
    for (let attempt = 0; attempt < 9; attempt += 1) {
      await client().post('/api/auth/login', { identifier: 'retour', password: 'faux-mdp' });
    }
    expect((await client().post('/api/auth/login', { identifier: 'retour', password })).status).toBe(200);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect(
        (await client().post('/api/auth/login', { identifier: 'retour@exemple.fr', password: 'faux-mdp' }))
          .status,
      ).toBe(401);
    }
    expect((await client().post('/api/auth/login', { identifier: 'retour', password })).status).toBe(429);
  });

  it('gives the French validation messages of the spec', async () => {
    const login = await client().post('/api/auth/login', { identifier: '', password: '123' });
    expect(login.status).toBe(400);
    expect((login.body as { details: unknown[] }).details).toEqual(
      expect.arrayContaining([
        { path: 'identifier', message: "L'identifiant est requis" },
        { path: 'password', message: 'Le mot de passe doit contenir au moins 6 caractères' },
      ]),
    );
    const register = await client().post('/api/auth/register', {
      ...person('Incoherent'),
      confirmPassword: 'autre-chose',
      companyName: 'Incohérent SA',
    });
    expect(register.status).toBe(400);
    expect((register.body as { details: unknown[] }).details).toContainEqual({
      path: 'confirmPassword',
      message: 'Les mots de passe ne correspondent pas',
    });
  });
});

describe('registration', () => {
  let companyId: string;
  let owner: TestClient;

  it('a new company: the user is its company_admin, signed in', async () => {
    owner = client();
    const response = await owner.post('/api/auth/register', {
      ...person('Patron'),
      companyName: 'Bâtiment Patron',
    });
    expect(response.status).toBe(201);
    const body = response.body as UserBody;
    expect(body.pendingApproval).toBe(false);
    expect(body.user).toMatchObject({
      role: 'company_admin',
      isActive: true,
      company: { name: 'Bâtiment Patron' },
    });
    companyId = body.user.companyId ?? '';
    expect((await whoAmI(owner)).company).toEqual({ id: companyId, name: 'Bâtiment Patron' });
    const duplicate = await client().post('/api/auth/register', {
      ...person('Autre'),
      companyName: 'batiment PATRON',
    });
    expect(duplicate.status).toBe(409);
  });

  it('a company_admin gets 403 on every admin route', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/companies/stats'],
      ['PUT', `/api/admin/users/${(await whoAmI(owner)).id}`],
      ['DELETE', `/api/admin/users/${(await whoAmI(owner)).id}`],
      ['PUT', `/api/admin/companies/${companyId}`],
    ] as const) {
      const response = await owner.request(method, path, method === 'PUT' ? { isActive: true } : undefined);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toMatchObject({ error: 'forbidden' });
    }
  });

  it('joining an existing company grants nothing until a super administrator approves', async () => {
    const joiner = client();
    const response = await joiner.post('/api/auth/register', { ...person('Ouvrier'), companyId });
    expect(response.status).toBe(201);
    const body = response.body as UserBody;
    expect(body).toMatchObject({ pendingApproval: true, user: { isActive: false, role: 'user' } });
    expect(joiner.lastSetCookies).toEqual([]);
    expect((await joiner.get('/api/auth/me')).status).toBe(401);
    const refused = await joiner.post('/api/auth/login', { identifier: 'ouvrier', password });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'account_inactive' });

    const approved = await admin.put(`/api/admin/users/${body.user.id}`, { isActive: true });
    expect(approved.status).toBe(200);
    expect((await joiner.post('/api/auth/login', { identifier: 'ouvrier', password })).status).toBe(200);
    expect((await whoAmI(joiner)).company?.id).toBe(companyId);
  });

  it('an unknown company id answers the same shape and creates nothing', async () => {
    const response = await client().post('/api/auth/register', {
      ...person('Sonde'),
      companyId: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ pendingApproval: true, user: { isActive: false, role: 'user' } });
    const users = (await admin.get('/api/admin/users')).body as { username: string }[];
    expect(users.some((user) => user.username === 'sonde')).toBe(false);
  });

  it('enforces maxUsers and keeps currentUsers true', async () => {
    const before = (
      (await admin.get('/api/admin/companies/stats')).body as { id: string; userCount: number }[]
    ).find((company) => company.id === companyId);
    expect(before?.userCount).toBe(2);
    expect((await admin.put(`/api/admin/companies/${companyId}`, { maxUsers: 3 })).status).toBe(200);
    expect((await client().post('/api/auth/register', { ...person('Troisieme'), companyId })).status).toBe(
      201,
    );
    const full = await client().post('/api/auth/register', { ...person('Quatrieme'), companyId });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({
      message: "Cette entreprise a atteint son nombre maximal d'utilisateurs.",
    });
  });

  it('concurrent registrations with one username create one account', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        client().post('/api/auth/register', {
          ...person('Doublon'),
          email: `doublon${index}@exemple.fr`,
          companyName: `Doublon ${index}`,
        }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409, 409, 409, 409]);
    const users = (await admin.get('/api/admin/users')).body as { username: string }[];
    expect(users.filter((user) => user.username === 'doublon')).toHaveLength(1);
    const companies = (await admin.get('/api/admin/companies/stats')).body as { name: string }[];
    expect(companies.filter((company) => company.name.startsWith('Doublon '))).toHaveLength(1);
  });
});

describe('administration', () => {
  it('deactivation and demotion end existing sessions; the last super administrator stays', async () => {
    const worker = client();
    const registered = await worker.post('/api/auth/register', {
      ...person('Employe'),
      companyName: 'Employé & Cie',
    });
    const workerId = (registered.body as UserBody).user.id;
    expect((await worker.get('/api/auth/me')).status).toBe(200);
    const deactivated = await admin.delete(`/api/admin/users/${workerId}`);
    expect(deactivated.status).toBe(200);
    expect(deactivated.body).toMatchObject({ isActive: false });
    expect((await worker.get('/api/auth/me')).status).toBe(401);

    await admin.put(`/api/admin/users/${workerId}`, { isActive: true });
    await worker.post('/api/auth/login', { identifier: 'employe', password });
    expect((await worker.get('/api/auth/me')).status).toBe(200);
    expect((await admin.put(`/api/admin/users/${workerId}`, { role: 'user' })).status).toBe(200);
    expect((await worker.get('/api/auth/me')).status).toBe(401);

    const self = await whoAmI(admin);
    const demoteSelf = await admin.put(`/api/admin/users/${self.id}`, { role: 'company_admin' });
    expect(demoteSelf.status).toBe(409);
    const deactivateSelf = await admin.delete(`/api/admin/users/${self.id}`);
    expect(deactivateSelf.status).toBe(409);
    expect((await whoAmI(admin)).role).toBe('super_admin');
  });

  it('suspending a company closes its members out; activating it records who validated it', async () => {
    const member = client();
    const registered = await member.post('/api/auth/register', {
      ...person('Suspendu'),
      companyName: 'Suspendu SA',
    });
    const company = (registered.body as UserBody).user.companyId;
    expect((await admin.put(`/api/admin/companies/${company}`, { status: 'suspended' })).status).toBe(200);
    expect((await member.get('/api/auth/me')).status).toBe(401);
    const login = await client().post('/api/auth/login', { identifier: 'suspendu', password });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ error: 'account_inactive' });

    const activated = await admin.put(`/api/admin/companies/${company}`, {
      status: 'active',
      subscriptionPlan: 'premium',
    });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({ status: 'active', validatedBy: (await whoAmI(admin)).id });
    expect((activated.body as { validatedAt?: string }).validatedAt).toBeDefined();
    expect((await client().post('/api/auth/login', { identifier: 'suspendu', password })).status).toBe(200);

    const stats = (await admin.get('/api/admin/stats')).body as {
      totalUsers: number;
      activeCompanies: number;
      planDistribution: { premium: number };
    };
    expect(stats.activeCompanies).toBe(1);
    expect(stats.planDistribution.premium).toBe(1);
    expect(stats.totalUsers).toBeGreaterThan(5);
  });

  it('validates admin updates and answers 404 for an unknown user or company', async () => {
    expect((await admin.put('/api/admin/companies/inconnue', { maxUsers: 3 })).status).toBe(404);
    expect((await admin.put('/api/admin/users/inconnu', { isActive: true })).status).toBe(404);
    const bad = await admin.put(`/api/admin/companies/${(await whoAmI(admin)).id}`, { maxUsers: 0 });
    expect(bad.status).toBe(400);
  });
});
