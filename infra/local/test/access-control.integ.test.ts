import { routes, type RouteDefinition } from '@btp/shared/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';
import { signedInColleague } from './support/records.js';

/**
 * Access control rests on the authorizer and one middleware (`createHandler`'s access guard, fed by
 * the route table): this walks every route of the table through the local gateway, so a route
 * added with the wrong `access`, or a handler that skips the guard, fails here.
 */
const stack = await startTestStack();
let companyAdmin: TestClient;
let plainUser: TestClient;

const anId = '01900000-0000-7000-8000-000000000000';
/** A concrete URL for a route's path: every `{param}` (greedy or not) gets a well-formed id. */
const urlOf = (route: RouteDefinition) => route.path.replace(/\{[^}]+\}/g, anId);
const methodOf = (route: RouteDefinition) => (route.method === 'ANY' ? 'GET' : route.method);
const callable = routes.filter((route) => route.path.startsWith('/'));
const call = (who: TestClient, route: RouteDefinition) =>
  who.request(methodOf(route), urlOf(route), methodOf(route) === 'GET' ? undefined : {});

beforeAll(async () => {
  const company = await signedInCompany(stack.url, 'Droits');
  companyAdmin = company.client;
  plainUser = (await signedInColleague(stack, { http: company.client, companyId: company.companyId })).http;
}, 90_000);

describe('the route table, walked route by route', () => {
  it('has routes of every access level to walk', () => {
    const levels = new Set(callable.map((route) => route.access));
    expect([...levels].sort()).toEqual(['company_admin', 'public', 'super_admin', 'user']);
  });

  it('answers 401 unauthenticated, in French, on every non-public route called without a session', async () => {
    const anonymous = new TestClient(stack.url);
    const refused: string[] = [];
    for (const route of callable.filter((candidate) => candidate.access !== 'public')) {
      const response = await call(anonymous, route);
      const body = response.body as { error?: string; message?: string };
      if (response.status !== 401 || body.error !== 'unauthenticated' || !body.message) {
        refused.push(`${route.method} ${route.path}: ${response.status} ${JSON.stringify(response.body)}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('answers 403 forbidden on every super_admin route to a company administrator and a plain user', async () => {
    const wrong: string[] = [];
    for (const route of callable.filter((candidate) => candidate.access === 'super_admin')) {
      for (const who of [companyAdmin, plainUser]) {
        const response = await call(who, route);
        if (response.status !== 403 || (response.body as { error?: string }).error !== 'forbidden') {
          wrong.push(`${route.method} ${route.path}: ${response.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 forbidden on every company_admin route to a plain user of the company', async () => {
    const wrong: string[] = [];
    for (const route of callable.filter((candidate) => candidate.access === 'company_admin')) {
      const response = await call(plainUser, route);
      if (response.status !== 403 || (response.body as { error?: string }).error !== 'forbidden') {
        wrong.push(`${route.method} ${route.path}: ${response.status}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lets the same plain user reach the user routes (the 403s above are about the role)', async () => {
    const response = await plainUser.get('/api/clients');
    expect(response.status).toBe(200);
    expect((await companyAdmin.get('/api/company/users')).status).toBe(200);
  });
});
