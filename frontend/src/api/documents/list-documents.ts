import { documentSchema } from '@btp/shared/entities/document';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { usePagedList } from '../list-pages';
import type { ListParams } from '../list-params';

export type DocumentsListItem = z.infer<typeof documentSchema>;

/**
 * `GET /api/documents`: the company's records, most recent first (at most 1,000). Every successful write
 * on them invalidates `listDocumentsQueryOptions().queryKey` (spec section 7).
 */
export async function listDocuments(signal?: AbortSignal): Promise<DocumentsListItem[]> {
  return documentSchema.array().parse(await api.get('/api/documents', { signal }));
}

export function listDocumentsQueryOptions() {
  return queryOptions({
    queryKey: ['documents'],
    queryFn: ({ signal }) => listDocuments(signal),
  });
}

export function useDocumentsList() {
  return useQuery(listDocumentsQueryOptions());
}

/**
 * The list screen's records, a screen (`SCREEN_LIST_LIMIT`) a page ('Charger plus' reads the next, API.md "Lists"); with
 * `params.q`, those the server finds (name, file name, description, tags, project's name).
 */
export function useDocumentsPages(params?: ListParams) {
  return usePagedList<DocumentsListItem>(
    'documents',
    '/api/documents',
    (body) => documentSchema.array().parse(body),
    params,
  );
}
