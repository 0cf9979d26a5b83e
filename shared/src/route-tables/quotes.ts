import type { RouteDefinition } from '../route-definition.js';

/** Customer quotes, their lines, sending, the client's acceptance and invoicing. */
export const quoteRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/quotes', handler: 'quotes/list', access: 'user', table: 'read' },
  { method: 'POST', path: '/api/quotes', handler: 'quotes/create', access: 'user', table: 'write' },
  { method: 'GET', path: '/api/quotes/{id}', handler: 'quotes/get', access: 'user', table: 'read' },
  { method: 'PUT', path: '/api/quotes/{id}', handler: 'quotes/update', access: 'user', table: 'write' },
  { method: 'DELETE', path: '/api/quotes/{id}', handler: 'quotes/delete', access: 'user', table: 'write' },
  { method: 'PUT', path: '/api/quotes/{id}/items', handler: 'quotes/items', access: 'user', table: 'write' },
  // Sending draws the quote's PDF and archives it in the documents bucket (pdfkit: more memory, so
  // more CPU); the PDF route draws a draft's preview, or presigns the archive.
  {
    method: 'POST',
    path: '/api/quotes/{id}/send',
    handler: 'quotes/send',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
    mail: true,
  },
  // The sent quote's e-mail again (its archived PDF and a new acceptance link): docs/sending.md.
  // Draws the archive when an old quote has none yet, hence the renderer's memory.
  {
    method: 'POST',
    path: '/api/quotes/{id}/email',
    handler: 'quotes/email',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
    mail: true,
  },
  {
    method: 'GET',
    path: '/api/quotes/{id}/pdf',
    handler: 'quotes/pdf',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
  },
  {
    method: 'POST',
    path: '/api/quotes/{id}/accept',
    handler: 'quotes/accept',
    access: 'user',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/quotes/{id}/invoices',
    handler: 'quotes/invoices',
    access: 'user',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/quotes/{id}/situations',
    handler: 'quotes/situations',
    access: 'user',
    table: 'write',
  },
  {
    method: 'GET',
    path: '/api/quotes/{id}/billing',
    handler: 'quotes/billing',
    access: 'user',
    table: 'read',
  },
];
