import type { RouteDefinition } from '../route-definition.js';

/** Registration, sign-in, sessions and the super administrator's API. */
export const accountRoutes: RouteDefinition[] = [
  // Password hashing (scrypt, 128 MiB, CPU-bound) gets more memory, hence more CPU, on Lambda.
  {
    method: 'POST',
    path: '/api/auth/register',
    handler: 'auth/register',
    access: 'public',
    table: 'write',
    memoryMb: 1024,
  },
  {
    method: 'POST',
    path: '/api/auth/login',
    handler: 'auth/login',
    access: 'public',
    table: 'write',
    memoryMb: 1024,
  },
  { method: 'POST', path: '/api/auth/logout', handler: 'auth/logout', access: 'public', table: 'write' },
  { method: 'GET', path: '/api/auth/me', handler: 'auth/me', access: 'user', table: 'read' },
  { method: 'GET', path: '/api/admin/stats', handler: 'admin/stats', access: 'super_admin', table: 'read' },
  {
    method: 'GET',
    path: '/api/admin/users',
    handler: 'admin/users-list',
    access: 'super_admin',
    table: 'read',
  },
  {
    method: 'GET',
    path: '/api/admin/companies/stats',
    handler: 'admin/companies-stats',
    access: 'super_admin',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/admin/users/{id}',
    handler: 'admin/users-update',
    access: 'super_admin',
    table: 'write',
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/{id}',
    handler: 'admin/users-delete',
    access: 'super_admin',
    table: 'write',
  },
  {
    method: 'PUT',
    path: '/api/admin/companies/{id}',
    handler: 'admin/companies-update',
    access: 'super_admin',
    table: 'write',
  },
];
