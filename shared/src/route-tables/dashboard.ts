import type { RouteDefinition } from '../route-definition.js';

/** Dashboard and Finances figures (read from the company aggregates). */
export const dashboardRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/dashboard/stats', handler: 'dashboard/stats', access: 'user', table: 'read' },
  {
    method: 'GET',
    path: '/api/finances/summary',
    handler: 'finances/summary',
    access: 'user',
    table: 'read',
  },
];
