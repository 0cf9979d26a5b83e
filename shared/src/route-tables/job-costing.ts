import type { RouteDefinition } from '../route-definition.js';

/**
 * Job costing (docs/profitability.md): Équipe (workers, written by the company administrator),
 * Pointage (time entries; weeks validated by the administrator), each chantier's profitability,
 * its cost sheet and the Finances list of chantiers with their margin.
 */
export const jobCostingRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/workers', handler: 'workers/list', access: 'user', table: 'read' },
  {
    method: 'POST',
    path: '/api/workers',
    handler: 'workers/create',
    access: 'company_admin',
    table: 'write',
  },
  { method: 'GET', path: '/api/workers/{id}', handler: 'workers/get', access: 'user', table: 'read' },
  {
    method: 'PUT',
    path: '/api/workers/{id}',
    handler: 'workers/update',
    access: 'company_admin',
    table: 'write',
  },
  // Refused once hours were entered for the worker (deactivate instead).
  {
    method: 'DELETE',
    path: '/api/workers/{id}',
    handler: 'workers/delete',
    access: 'company_admin',
    table: 'write',
  },
  { method: 'GET', path: '/api/time-entries', handler: 'time-entries/list', access: 'user', table: 'read' },
  // The worker-day total (24 h), the week's lock and the chantier's aggregate move in the entry's transaction.
  {
    method: 'POST',
    path: '/api/time-entries',
    handler: 'time-entries/create',
    access: 'user',
    table: 'write',
  },
  {
    method: 'PUT',
    path: '/api/time-entries/{id}',
    handler: 'time-entries/update',
    access: 'user',
    table: 'write',
  },
  {
    method: 'DELETE',
    path: '/api/time-entries/{id}',
    handler: 'time-entries/delete',
    access: 'user',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/time-entries/lock',
    handler: 'time-entries/lock',
    access: 'company_admin',
    table: 'write',
  },
  {
    method: 'GET',
    path: '/api/time-entries/locks',
    handler: 'time-entries/locks',
    access: 'user',
    table: 'read',
  },
  // Read from the chantier's aggregate item, whatever the number of records.
  {
    method: 'GET',
    path: '/api/projects/{id}/profitability',
    handler: 'projects/profitability',
    access: 'user',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/projects/{id}/cost-estimate',
    handler: 'projects/cost-estimate',
    access: 'user',
    table: 'write',
  },
  // Draws the cost sheet (pdfkit, fonts) and stores it under previews/ for a presigned GET.
  {
    method: 'GET',
    path: '/api/projects/{id}/cost-sheet',
    handler: 'projects/cost-sheet',
    access: 'user',
    table: 'read',
    documents: 'write',
    memoryMb: 1024,
  },
  {
    method: 'GET',
    path: '/api/finances/projects',
    handler: 'finances/projects',
    access: 'user',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/company/costing',
    handler: 'company/costing-update',
    access: 'company_admin',
    table: 'write',
  },
];
