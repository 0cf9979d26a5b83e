import type { RouteDefinition } from '../route-definition.js';

/** Work progress reports and their validate / sign transitions. */
export const workTrackingRoutes: RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/progress-reports',
    handler: 'progress-reports/list',
    access: 'user',
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/progress-reports',
    handler: 'progress-reports/create',
    access: 'user',
    table: 'write',
  },
  {
    method: 'GET',
    path: '/api/progress-reports/{id}',
    handler: 'progress-reports/get',
    access: 'user',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/progress-reports/{id}',
    handler: 'progress-reports/update',
    access: 'user',
    table: 'write',
  },
  {
    method: 'PATCH',
    path: '/api/progress-reports/{id}/validate',
    handler: 'progress-reports/validate',
    access: 'user',
    table: 'write',
  },
  {
    method: 'PATCH',
    path: '/api/progress-reports/{id}/sign',
    handler: 'progress-reports/sign',
    access: 'user',
    table: 'write',
  },
];
