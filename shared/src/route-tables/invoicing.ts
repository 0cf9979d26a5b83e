import type { RouteDefinition } from '../route-definition.js';

/** Customer invoices and credit notes: drafts, sending (gapless numbers), payment, crediting. */
export const invoicingRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/invoices', handler: 'invoices/list', access: 'user', table: 'read' },
  { method: 'POST', path: '/api/invoices', handler: 'invoices/create', access: 'user', table: 'write' },
  { method: 'GET', path: '/api/invoices/{id}', handler: 'invoices/get', access: 'user', table: 'read' },
  { method: 'PUT', path: '/api/invoices/{id}', handler: 'invoices/update', access: 'user', table: 'write' },
  {
    method: 'DELETE',
    path: '/api/invoices/{id}',
    handler: 'invoices/delete',
    access: 'user',
    table: 'write',
  },
  // Issuing draws the PDF and archives it in the documents bucket (pdfkit: more memory, so more
  // CPU); the PDF route draws a draft's preview, or presigns the archive.
  {
    method: 'POST',
    path: '/api/invoices/{id}/send',
    handler: 'invoices/send',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
    mail: true,
    // Submits the issued invoice to the company's plateforme agréée (issue 30).
    einvoicing: 'read',
  },
  // The issued document's e-mail again (its archived Factur-X PDF): docs/sending.md. Draws the
  // archive when an old invoice has none yet, hence the renderer's memory.
  {
    method: 'POST',
    path: '/api/invoices/{id}/email',
    handler: 'invoices/email',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
    mail: true,
  },
  {
    method: 'GET',
    path: '/api/invoices/{id}/pdf',
    handler: 'invoices/pdf',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
  },
  // A payment of a B2B invoice on the network sends its 212 « Encaissée » (issue 30).
  {
    method: 'POST',
    path: '/api/invoices/{id}/pay',
    handler: 'invoices/pay',
    access: 'user',
    table: 'write',
    einvoicing: 'read',
  },
  {
    method: 'GET',
    path: '/api/invoices/{id}/lifecycle',
    handler: 'invoices/lifecycle',
    access: 'user',
    table: 'read',
  },
  // "Relancer": reads the archived PDF (made now for an invoice issued before archives) and e-mails it.
  {
    method: 'POST',
    path: '/api/invoices/{id}/remind',
    handler: 'invoices/remind',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
    mail: true,
  },
  {
    method: 'POST',
    path: '/api/invoices/{id}/credit-note',
    handler: 'invoices/credit-note',
    access: 'user',
    table: 'write',
  },
  {
    method: 'POST',
    path: '/api/invoices/{id}/retention/release',
    handler: 'invoices/retention-release',
    access: 'user',
    table: 'write',
    einvoicing: 'read',
  },
];
