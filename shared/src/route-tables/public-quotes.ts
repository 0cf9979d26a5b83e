import type { RouteDefinition } from '../route-definition.js';

/**
 * The client's online "Bon pour accord" (docs/online-acceptance.md): public, the link's token is
 * the only key. The acceptance draws the signed PDF (pdfkit: the renderer's memory) and stores it
 * with the signature in the documents bucket; the read presigns the PDF.
 */
export const publicQuoteRoutes: RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/public/quotes/{token}',
    handler: 'public-quotes/get',
    access: 'public',
    table: 'write',
    documents: 'read',
  },
  {
    method: 'POST',
    path: '/api/public/quotes/{token}/accept',
    handler: 'public-quotes/accept',
    access: 'public',
    table: 'write',
    documents: 'write',
    memoryMb: 1024,
  },
];
