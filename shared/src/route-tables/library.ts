import type { RouteDefinition } from '../route-definition.js';

/** The price library (docs/library.md): articles, ouvrages, search, families, price-list imports. */
export const libraryRoutes: RouteDefinition[] = [
  {
    method: 'GET',
    path: '/api/library/articles',
    handler: 'library/articles-list',
    access: 'user',
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/library/articles',
    handler: 'library/articles-create',
    access: 'user',
    table: 'write',
  },
  {
    method: 'GET',
    path: '/api/library/articles/{id}',
    handler: 'library/articles-get',
    access: 'user',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/library/articles/{id}',
    handler: 'library/articles-update',
    access: 'user',
    table: 'write',
  },
  // Reads the ouvrages that may still use it before deleting (409 while one does).
  {
    method: 'DELETE',
    path: '/api/library/articles/{id}',
    handler: 'library/articles-delete',
    access: 'user',
    table: 'write',
  },
  {
    method: 'GET',
    path: '/api/library/ouvrages',
    handler: 'library/ouvrages-list',
    access: 'user',
    table: 'read',
  },
  {
    method: 'POST',
    path: '/api/library/ouvrages',
    handler: 'library/ouvrages-create',
    access: 'user',
    table: 'write',
  },
  {
    method: 'GET',
    path: '/api/library/ouvrages/{id}',
    handler: 'library/ouvrages-get',
    access: 'user',
    table: 'read',
  },
  {
    method: 'PUT',
    path: '/api/library/ouvrages/{id}',
    handler: 'library/ouvrages-update',
    access: 'user',
    table: 'write',
  },
  {
    method: 'DELETE',
    path: '/api/library/ouvrages/{id}',
    handler: 'library/ouvrages-delete',
    access: 'user',
    table: 'write',
  },
  { method: 'GET', path: '/api/library/search', handler: 'library/search', access: 'user', table: 'read' },
  {
    method: 'GET',
    path: '/api/library/families',
    handler: 'library/families',
    access: 'user',
    table: 'read',
  },
  // Supplier price lists: the file goes to the documents bucket by presigned POST, the preview
  // reads it (at most 20 MB), the import is a job (the worker `jobs/library-import`, SQS).
  {
    method: 'POST',
    path: '/api/library/imports/uploads',
    handler: 'library/imports-upload',
    access: 'user',
    table: 'write',
    documents: 'write',
  },
  {
    method: 'GET',
    path: '/api/library/imports/uploads/{id}/preview',
    handler: 'library/imports-preview',
    access: 'user',
    table: 'read',
    documents: 'read',
    memoryMb: 1024,
  },
  {
    method: 'POST',
    path: '/api/library/imports',
    handler: 'library/imports-start',
    access: 'user',
    table: 'write',
    importQueue: true,
  },
  {
    method: 'GET',
    path: '/api/library/imports/{id}',
    handler: 'library/imports-get',
    access: 'user',
    table: 'read',
  },
  // « Actualiser les prix » of a draft devis from the library's current costs.
  {
    method: 'POST',
    path: '/api/quotes/{id}/refresh-prices',
    handler: 'quotes/refresh-prices',
    access: 'user',
    table: 'write',
  },
];
