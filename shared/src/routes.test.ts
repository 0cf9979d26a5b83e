import { describe, expect, it } from 'vitest';
import { matchRoute, routeId, routeKeyOf, routes, routeTables, type RouteDefinition } from './routes.js';

const table: RouteDefinition[] = [
  { method: 'GET', path: '/api/clients', handler: 'clients/list', access: 'user', table: 'read' },
  { method: 'GET', path: '/api/clients/{id}', handler: 'clients/get', access: 'user', table: 'read' },
  { method: 'GET', path: '/api/clients/export', handler: 'clients/export', access: 'user', table: 'read' },
  { method: 'ANY', path: '/api/{proxy+}', handler: 'not-found', access: 'public', table: 'none' },
];

describe('matchRoute', () => {
  it('prefers literal segments, then parameters, then the greedy route', () => {
    expect(matchRoute(table, 'GET', '/api/clients')?.route.handler).toBe('clients/list');
    expect(matchRoute(table, 'GET', '/api/clients/export')?.route.handler).toBe('clients/export');
    const byId = matchRoute(table, 'GET', '/api/clients/abc%20d');
    expect(byId?.route.handler).toBe('clients/get');
    expect(byId?.pathParameters).toEqual({ id: 'abc d' });
    const other = matchRoute(table, 'DELETE', '/api/clients/abc');
    expect(other?.route.handler).toBe('not-found');
    expect(other?.pathParameters).toEqual({ proxy: 'clients/abc' });
  });

  it('matches nothing outside the table', () => {
    expect(matchRoute(table, 'GET', '/api')).toBeUndefined();
    expect(matchRoute(table.slice(0, 3), 'GET', '/api/clients/a/b')).toBeUndefined();
  });
});

describe('the route table', () => {
  it('has one entry per method and path, each with a distinct id', () => {
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    const ids = routes.map(routeId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(routeId({ method: 'GET', path: '/api/setup/status' })).toBe('GET_api_setup_status');
    expect(routeId({ method: 'ANY', path: '/api/{proxy+}' })).toBe('ANY_api_proxy');
  });

  it('is the route tables one after the other, each named by a camelCase key (its nested stack on AWS), none empty', () => {
    expect(routes).toEqual(Object.values(routeTables).flat());
    for (const [key, tableRoutes] of Object.entries(routeTables)) {
      expect(key).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(tableRoutes.length, key).toBeGreaterThan(0);
    }
    expect(routes.at(-1)?.path).toBe('$default');
  });

  it('serves the health check, the installation status and unknown paths publicly', () => {
    expect(matchRoute(routes, 'GET', '/api/health')?.route).toMatchObject({
      access: 'public',
      table: 'none',
    });
    expect(matchRoute(routes, 'GET', '/api/setup/status')?.route).toMatchObject({ access: 'public' });
    expect(matchRoute(routes, 'GET', '/api/anything-else')?.route.handler).toBe('not-found');
  });

  it("answers every path no route serves with the contract's 404, /api and /api/ included", () => {
    for (const path of ['/api', '/api/', '/api/anything/else', '/api/health/x']) {
      expect(matchRoute(routes, 'POST', path)?.route).toMatchObject({
        handler: 'not-found',
        access: 'public',
      });
    }
    // A path with another method is not the route's either.
    expect(matchRoute(routes, 'DELETE', '/api/health')?.route.handler).toBe('not-found');
  });
});

describe('file routes', () => {
  it('say how they take their file; a presigned one names an upload route of the table', () => {
    const keys = new Set(routes.map(routeKeyOf));
    const fileRoutes = routes.filter((route) => route.file);
    expect(fileRoutes.map(routeKeyOf)).toEqual(
      expect.arrayContaining([
        'POST /api/documents/upload',
        'POST /api/documents/{id}/complete',
        'POST /api/supplier-invoices/import',
        'POST /api/bank/statements',
      ]),
    );
    for (const route of fileRoutes) {
      const file = route.file!;
      if (file.via === 'presigned') {
        expect(keys, routeKeyOf(route)).toContain(file.upload);
        // The upload's id travels in the path's parameter, or in the body under `idField`.
        if (file.idField === undefined) expect(route.path, routeKeyOf(route)).toMatch(/\{[^}]+\}/);
        else expect(route.path, routeKeyOf(route)).not.toMatch(/\{[^}]+\}/);
      } else {
        expect(route.method, routeKeyOf(route)).not.toBe('GET');
      }
    }
  });
});

describe('the $default route (API Gateway: whatever no other route matches)', () => {
  const withDefault: RouteDefinition[] = [
    { method: 'GET', path: '/api/clients', handler: 'clients/list', access: 'user', table: 'read' },
    { method: 'ANY', path: '$default', handler: 'not-found', access: 'public', table: 'none' },
  ];

  it('matches any path and method, after every other route, without path parameters', () => {
    expect(matchRoute(withDefault, 'GET', '/api/clients')?.route.handler).toBe('clients/list');
    for (const path of ['/api', '/api/', '/', '/api/clients/x']) {
      expect(matchRoute(withDefault, 'PUT', path)).toEqual({
        route: withDefault[1],
        pathParameters: {},
      });
    }
  });

  it('has the route key API Gateway gives it', () => {
    expect(routeKeyOf({ method: 'GET', path: '/api/clients/{id}' })).toBe('GET /api/clients/{id}');
    expect(routeKeyOf({ method: 'ANY', path: '$default' })).toBe('$default');
    expect(routeId({ method: 'ANY', path: '$default' })).toBe('ANY_default');
  });
});
