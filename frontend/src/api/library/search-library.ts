import {
  librarySearchItemSchema,
  type LibraryKind,
  type LibrarySearchItem,
} from '@btp/shared/entities/library';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import type { PagedList } from '../list-pages';
import { libraryKeys, libraryPath } from './library-keys';
import { useLibraryPages } from './library-pages';

/** The fewest characters a search as one types waits for. */
export const LIBRARY_SEARCH_MIN_LENGTH = 2;

export interface LibrarySearchParams {
  q: string;
  /** Articles only, or ouvrages only; both when absent. */
  kind?: LibraryKind | undefined;
  limit?: number;
}

/** `GET /api/library/search?q=`: articles and ouvrages mixed, best first. */
export async function searchLibrary(
  params: LibrarySearchParams,
  signal?: AbortSignal,
): Promise<LibrarySearchItem[]> {
  return librarySearchItemSchema
    .array()
    .parse(await api.get(libraryPath('/api/library/search', params), { signal }));
}

/**
 * The first results of a search as one types (the devis line's dropdown): nothing asked below
 * `LIBRARY_SEARCH_MIN_LENGTH` characters; the previous results stay shown while the next load.
 */
export function useLibrarySearch(params: LibrarySearchParams) {
  const q = params.q.trim();
  return useQuery({
    queryKey: libraryKeys.search({ q, kind: params.kind ?? '', limit: params.limit ?? 0 }),
    queryFn: ({ signal }) => searchLibrary({ ...params, q }, signal),
    enabled: q.length >= LIBRARY_SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

/** The side panel's results, page after page (« Charger plus »); nothing asked without words. */
export function useLibrarySearchPages(params: LibrarySearchParams): PagedList<LibrarySearchItem> {
  const q = params.q.trim();
  return useLibraryPages(
    libraryKeys.search({ q, kind: params.kind ?? '', limit: params.limit ?? 0, pages: true }),
    libraryPath('/api/library/search', { ...params, q }),
    (body) => librarySearchItemSchema.array().parse(body),
    q.length >= LIBRARY_SEARCH_MIN_LENGTH,
  );
}
