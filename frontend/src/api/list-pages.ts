import { NEXT_CURSOR_HEADER, SCREEN_LIST_LIMIT } from '@btp/shared/list';
import {
  keepPreviousData,
  useInfiniteQuery,
  type InfiniteData,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';

import { ApiError, NetworkError } from '../lib/api';
import { listPath, type ListParams } from './list-params';

/**
 * The list screens read their records a screen at a time (API.md "Lists"): `?limit=` of
 * `SCREEN_LIST_LIMIT` (50) and, when more remain, the header `x-next-cursor` whose value the next
 * call sends back as `?cursor=` ('Charger plus'). The first page of a company of 100,000 invoices
 * then costs what it costs at 50 (docs/performance.md). Pickers and a client's page read the plain
 * list (up to 1,000, the API's own page) with `listPath`.
 */

/** One answer of a list: its records and the cursor of the next page, when more remain. */
export interface ListPage<T> {
  items: T[];
  nextCursor: string | undefined;
}

/** `/api/clients?q=…&limit=50`, with `cursor` added when there is one. */
export function pagePath(path: string, params: ListParams | undefined, cursor: string | undefined): string {
  const first = listPath(path, params);
  const paging = new URLSearchParams({
    limit: String(SCREEN_LIST_LIMIT),
    ...(cursor === undefined ? {} : { cursor }),
  });
  return `${first}${first.includes('?') ? '&' : '?'}${paging.toString()}`;
}

/**
 * `GET` of one page: the parsed records and `x-next-cursor`. Same errors as `api.get`: an
 * `ApiError` with the server's French message, a `NetworkError` when no answer came.
 */
export async function fetchListPage<T>(
  path: string,
  parse: (body: unknown) => T[],
  signal?: AbortSignal,
): Promise<ListPage<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'GET',
      headers: new Headers({ Accept: 'application/json' }),
      credentials: 'include',
      signal: signal ?? null,
    });
  } catch (error) {
    // A cancelled query must stay recognisable as an abort for TanStack Query.
    if (signal?.aborted) throw error;
    throw new NetworkError(error);
  }
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, text, response.statusText, response.headers);
  const cursor = response.headers.get(NEXT_CURSOR_HEADER);
  return {
    items: parse(text === '' ? [] : (JSON.parse(text) as unknown)),
    nextCursor: cursor === null || cursor === '' ? undefined : cursor,
  };
}

/** What a paged list hook answers: the records read so far, and how to read the next page. */
export interface PagedList<T> {
  /** The records of every page read, in the list's order; `undefined` until the first arrives. */
  data: T[] | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  errorUpdatedAt: number;
  isFetching: boolean;
  /** The records shown are the previous search's, while this one's load. */
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
  /** More records remain on the server ('Charger plus'). */
  hasMore: boolean;
  /** The next page is on its way. */
  loadingMore: boolean;
  /** Reads the next page (nothing when none remains or one is on its way). */
  loadMore: () => void;
}

/**
 * A list screen's records, page after page: cached under `[base, 'pages', {q, sort}]`, so the
 * invalidation of `[base]` that every write does reads them again. While another search loads, the
 * previous answer stays shown.
 */
export function usePagedList<T>(
  base: string,
  path: string,
  parse: (body: unknown) => T[],
  params?: ListParams,
): PagedList<T> {
  const q = params?.q?.trim() ?? '';
  const sort = params?.sort?.trim() ?? '';
  const query = useInfiniteQuery<
    ListPage<T>,
    Error,
    InfiniteData<ListPage<T>, string | undefined>,
    readonly unknown[],
    string | undefined
  >({
    queryKey: [base, 'pages', { q, sort }],
    queryFn: ({ pageParam, signal }) => fetchListPage(pagePath(path, { q, sort }, pageParam), parse, signal),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
  return pagedListOf(query);
}

/** What a paged list hook answers for an infinite query of `ListPage`s (the list screens', the library's). */
export function pagedListOf<T>(
  query: UseInfiniteQueryResult<InfiniteData<ListPage<T>, string | undefined>, Error>,
): PagedList<T> {
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = query;
  return {
    data: query.data?.pages.flatMap((page) => page.items),
    isPending: query.isPending,
    isError: query.isError,
    error: query.error,
    errorUpdatedAt: query.errorUpdatedAt,
    isFetching: query.isFetching,
    isPlaceholderData: query.isPlaceholderData,
    refetch: query.refetch,
    hasMore: hasNextPage,
    loadingMore: isFetchingNextPage,
    loadMore: () => {
      if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
    },
  };
}
