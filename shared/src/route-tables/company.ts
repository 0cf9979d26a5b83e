import type { RouteDefinition } from '../route-definition.js';

/**
 * The caller's own company: its legal profile (read by every user, edited by its administrator)
 * and its users (managed by its administrator).
 */
export const companyRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/company', handler: 'company/get', access: 'user', table: 'read' },
  // Reads the logo's document and moves the name's and e-mail's uniqueness markers.
  { method: 'PUT', path: '/api/company', handler: 'company/update', access: 'company_admin', table: 'write' },
  {
    method: 'GET',
    path: '/api/company/users',
    handler: 'company/users-list',
    access: 'company_admin',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/company/reminders',
    handler: 'company/reminders-update',
    access: 'company_admin',
    table: 'write',
  },
  // Deactivation and role changes end the user's sessions.
  {
    method: 'PUT',
    path: '/api/company/users/{id}',
    handler: 'company/users-update',
    access: 'company_admin',
    table: 'write',
  },
];
