import type { RouteDefinition } from '../route-definition.js';

/** Supplier price requests (select) and supplier invoices. */
export const purchaseRoutes: RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/supplier-quotes',
    handler: 'supplier-quotes/list',
    access: 'user',
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/supplier-quotes',
    handler: 'supplier-quotes/create',
    access: 'user',
    table: 'write',
  },
  {
    method: 'GET',
    path: '/api/supplier-quotes/{id}',
    handler: 'supplier-quotes/get',
    access: 'user',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/supplier-quotes/{id}',
    handler: 'supplier-quotes/update',
    access: 'user',
    table: 'write',
  },
  {
    method: 'DELETE',
    path: '/api/supplier-quotes/{id}',
    handler: 'supplier-quotes/delete',
    access: 'user',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/supplier-quotes/{id}/select',
    handler: 'supplier-quotes/select',
    access: 'user',
    table: 'write',
  },
  {
    method: 'GET',
    path: '/api/supplier-invoices',
    handler: 'supplier-invoices/list',
    access: 'user',
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/supplier-invoices',
    handler: 'supplier-invoices/create',
    access: 'user',
    table: 'write',
  },
  // A received e-invoice (Factur-X PDF, CII or UBL XML): the multipart body (up to 4 MiB of file,
  // base64-encoded) is held in memory, and pdfjs reads the PDF in-process.
  {
    method: 'POST',
    path: '/api/supplier-invoices/import',
    handler: 'supplier-invoices/import',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
    file: { via: 'multipart', field: 'file', content: 'parse' },
  },
  // What the company owes each supplier, from the aggregates (AGG#SUPPLIER#…).
  {
    method: 'GET',
    path: '/api/supplier-invoices/balances',
    handler: 'supplier-invoices/balances',
    access: 'user',
    table: 'read',
  },
  {
    method: 'GET',
    path: '/api/supplier-invoices/{id}',
    handler: 'supplier-invoices/get',
    access: 'user',
    table: 'read',
  },
  // A supplier invoice received through the plateforme agréée: its statuses, the buyer's answers
  // (each a CDAR flow to the seller, issue 30).
  {
    method: 'GET',
    path: '/api/supplier-invoices/{id}/lifecycle',
    handler: 'supplier-invoices/lifecycle',
    access: 'user',
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/supplier-invoices/{id}/status',
    handler: 'supplier-invoices/status',
    access: 'user',
    table: 'write',
    einvoicing: 'read',
  },
  {
    method: 'PUT',
    path: '/api/supplier-invoices/{id}',
    handler: 'supplier-invoices/update',
    access: 'user',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/supplier-invoices/{id}/pay',
    handler: 'supplier-invoices/pay',
    access: 'user',
    table: 'write',
  },
  {
    method: 'DELETE',
    path: '/api/supplier-invoices/{id}',
    handler: 'supplier-invoices/delete',
    access: 'user',
    table: 'write',
  },
];
