import type { RouteDefinition } from '../route-definition.js';

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
  // A presigned POST of the statement (10 MB: more than a Lambda request carries).
  {
    method: 'POST',
    path: '/api/bank/statements/upload',
    handler: 'bank/statement-upload',
    access: 'user',
    table: 'write',
    documents: 'write',
  },
  // Reads the uploaded file (up to 10 MB of XML parsed in memory), deletes it once imported or refused.
  {
    method: 'POST',
    path: '/api/bank/statements',
    handler: 'bank/statement-import',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
    file: {
      via: 'presigned',
      upload: 'POST /api/bank/statements/upload',
      idField: 'uploadId',
      content: 'parse',
    },
  },
  { method: 'GET', path: '/api/bank/lines', handler: 'bank/lines-list', access: 'user', table: 'read' },
  // Records the payment as « Marquer payée » does, the line matched in the same transaction.
  {
    method: 'POST',
    path: '/api/bank/lines/{id}/match',
    handler: 'bank/line-match',
    access: 'user',
    table: 'write',
  },
];
