import { describe, expect, it } from 'vitest';
import { matchRoute, routeId, routes, type RouteDefinition } from './routes.js';

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

  it('serves the health check, the installation status and unknown paths publicly', () => {
    expect(matchRoute(routes, 'GET', '/api/health')?.route).toMatchObject({
      access: 'public',
      table: 'none',
    });
    expect(matchRoute(routes, 'GET', '/api/setup/status')?.route).toMatchObject({ access: 'public' });
    expect(matchRoute(routes, 'GET', '/api/anything-else')?.route.handler).toBe('not-found');
  });
});
