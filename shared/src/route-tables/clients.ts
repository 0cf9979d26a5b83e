import type { RouteDefinition } from '../route-definition.js';

/** Clients: list, create, read, update, delete. */
export const clientRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/clients', handler: 'clients/list', access: 'user', table: 'read' },
  { method: 'POST', path: '/api/clients', handler: 'clients/create', access: 'user', table: 'write' },
  { method: 'GET', path: '/api/clients/{id}', handler: 'clients/get', access: 'user', table: 'read' },
  { method: 'PUT', path: '/api/clients/{id}', handler: 'clients/update', access: 'user', table: 'write' },
  // Reads the records that may still use it before deleting (409 while any does).
  { method: 'DELETE', path: '/api/clients/{id}', handler: 'clients/delete', access: 'user', table: 'write' },
];
