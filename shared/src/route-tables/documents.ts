import type { RouteDefinition } from '../route-definition.js';

/** Documents: uploads (multipart and presigned POST), downloads, deletion. */
export const documentRoutes: RouteDefinition[] = [
  { method: 'GET', path: '/api/documents', handler: 'documents/list', access: 'user', table: 'read' },
  // The whole multipart body (up to 4 MiB of file, base64-encoded) is held in memory.
  {
    method: 'POST',
    path: '/api/documents/upload',
    handler: 'documents/upload',
    access: 'user',
    table: 'write',
    documents: 'write',
    memoryMb: 512,
    file: { via: 'multipart', field: 'file', fields: { type: 'other' }, content: 'store' },
  },
  {
    method: 'POST',
    path: '/api/documents/upload-url',
    handler: 'documents/upload-url',
    access: 'user',
    table: 'write',
    documents: 'write',
  },
  {
    method: 'POST',
    path: '/api/documents/{id}/complete',
    handler: 'documents/complete',
    access: 'user',
    table: 'write',
    documents: 'write',
    file: {
      via: 'presigned',
      upload: 'POST /api/documents/upload-url',
      fields: { type: 'other' },
      content: 'store',
    },
  },
  {
    method: 'GET',
    path: '/api/documents/{id}/download',
    handler: 'documents/download',
    access: 'user',
    table: 'read',
    documents: 'read',
  },
  {
    method: 'DELETE',
    path: '/api/documents/{id}',
    handler: 'documents/delete',
    access: 'user',
    table: 'write',
    documents: 'write',
  },
];
