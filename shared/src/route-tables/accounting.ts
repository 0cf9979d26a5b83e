import type { RouteDefinition } from '../routes.js';

/** Accounting (docs/accounting.md): the chart of accounts, the FEC export, bank statements and their matching. */
export const accountingRoutes: RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/company/accounts',
    handler: 'accounting/chart-get',
    access: 'company_admin',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/company/accounts',
    handler: 'accounting/chart-update',
    access: 'company_admin',
    table: 'write',
  },
  // Starts the export's worker (its own function on AWS: `exportJob`), which writes the files.
  {
    method: 'POST',
    path: '/api/accounting/exports',
    handler: 'accounting/export-start',
    access: 'company_admin',
    table: 'write',
    exportJob: true,
  },
  // Presigns the finished export's files.
  {
    method: 'GET',
    path: '/api/accounting/exports/{id}',
    handler: 'accounting/export-get',
    access: 'company_admin',
    table: 'read',
    documents: 'read',
  },
];
