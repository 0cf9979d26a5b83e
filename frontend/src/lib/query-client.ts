import { QueryClient } from '@tanstack/react-query';

/**
 * Cached data never goes stale on its own and is never refetched behind the user's back (spec
 * section 7): lists are refreshed by the writes that change them, through invalidation.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
