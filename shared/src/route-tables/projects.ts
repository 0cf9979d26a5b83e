import type { RouteDefinition } from '../route-definition.js';

/** Projects (chantiers): list, create, read, update, delete; answers carry `client{id,name}`. */
export const projectRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/projects', handler: 'projects/list', access: 'user', table: 'read' },
  { method: 'POST', path: '/api/projects', handler: 'projects/create', access: 'user', table: 'write' },
  { method: 'GET', path: '/api/projects/{id}', handler: 'projects/get', access: 'user', table: 'read' },
  { method: 'PUT', path: '/api/projects/{id}', handler: 'projects/update', access: 'user', table: 'write' },
  // Reads the records that may still use it before deleting (409 while any does).
  {
    method: 'DELETE',
    path: '/api/projects/{id}',
    handler: 'projects/delete',
    access: 'user',
    table: 'write',
  },
];
