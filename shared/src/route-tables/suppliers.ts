import type { RouteDefinition } from '../route-definition.js';

/** Suppliers and subcontractors: list, create, read, update, delete. */
export const supplierRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/suppliers', handler: 'suppliers/list', access: 'user', table: 'read' },
  { method: 'POST', path: '/api/suppliers', handler: 'suppliers/create', access: 'user', table: 'write' },
  { method: 'GET', path: '/api/suppliers/{id}', handler: 'suppliers/get', access: 'user', table: 'read' },
  { method: 'PUT', path: '/api/suppliers/{id}', handler: 'suppliers/update', access: 'user', table: 'write' },
  // Reads the records that may still use it before deleting (409 while any does).
  {
    method: 'DELETE',
    path: '/api/suppliers/{id}',
    handler: 'suppliers/delete',
    access: 'user',
    table: 'write',
  },
];
