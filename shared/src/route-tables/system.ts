import type { RouteDefinition } from '../route-definition.js';

/** Health, installation status and first-run setup. */
export const systemRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/health', handler: 'health/get', access: 'public', table: 'none' },
  { method: 'GET', path: '/api/setup/status', handler: 'setup/status', access: 'public', table: 'read' },
  // Password hashing (scrypt, 128 MiB, CPU-bound) gets more memory, hence more CPU, on Lambda.
  {
    method: 'POST',
    path: '/api/setup',
    handler: 'setup/create',
    access: 'public',
    table: 'write',
    memoryMb: 1024,
  },
];

/**
 * Any other request (`/api`, `/api/`, an unknown path, a known path with another method): the
 * contract's 404 JSON answer instead of API Gateway's own `{"message":"Not Found"}`. A greedy
 * `/api/{proxy+}` left `/api` and `/api/` to API Gateway.
 */
export const fallbackRoutes: RouteDefinition[] = [
  { method: 'ANY', path: '$default', handler: 'not-found', access: 'public', table: 'none' },
];
