import type { RouteDefinition } from '../routes.js';

/** Dashboard figures. */
export const dashboardRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/dashboard/stats', handler: 'dashboard/stats', access: 'user', table: 'read' },
];
