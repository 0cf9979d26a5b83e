import { keepPreviousData, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';

import { fetchListPage, pagedListOf, type ListPage, type PagedList } from '../list-pages';

/** `path` (already carrying its query string) with `cursor` added, when there is one. */
function withCursor(path: string, cursor: string | undefined): string {
  if (cursor === undefined) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${new URLSearchParams({ cursor }).toString()}`;
}

/**
 * A library list read page after page (`x-next-cursor`, API.md "Lists"), as the list screens'
 * `usePagedList` does, for the library's own query string (`family`, `kind`, `limit`). While another
 * search loads, the previous answer stays shown. `enabled: false` reads nothing.
 */
export function useLibraryPages<T>(
  queryKey: readonly unknown[],
  path: string,
  parse: (body: unknown) => T[],
  enabled = true,
): PagedList<T> {
  const query = useInfiniteQuery<
    ListPage<T>,
    Error,
    InfiniteData<ListPage<T>, string | undefined>,
    readonly unknown[],
    string | undefined
  >({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchListPage(withCursor(path, pageParam), parse, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
    enabled,
  });
  return pagedListOf(query);
}
