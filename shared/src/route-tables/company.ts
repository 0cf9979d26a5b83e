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
  // The e-invoicing network (docs/einvoicing-network.md): the plateforme agréée's settings (the
  // secret written to Secrets Manager), « Tester la connexion », « Relever la plateforme » (the
  // sync of the caller's company: it imports supplier invoices, hence documents and pdfjs).
  {
    method: 'GET',
    path: '/api/company/einvoicing',
    handler: 'company/einvoicing-get',
    access: 'company_admin',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/company/einvoicing',
    handler: 'company/einvoicing-update',
    access: 'company_admin',
    table: 'write',
    einvoicing: 'write',
  },
  {
    method: 'POST',
    path: '/api/company/einvoicing/test',
    handler: 'company/einvoicing-test',
    access: 'company_admin',
    table: 'write',
    einvoicing: 'read',
  },
  {
    method: 'POST',
    path: '/api/company/einvoicing/sync',
    handler: 'company/einvoicing-sync',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
    einvoicing: 'read',
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
