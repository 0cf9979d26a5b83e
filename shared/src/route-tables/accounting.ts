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
];
