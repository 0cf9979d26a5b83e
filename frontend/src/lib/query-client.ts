import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

import { ApiError } from './api';

interface QueryClientOptions {
  /**
   * Called when any query or mutation fails with a 401: the session is gone (expired, revoked, the
   * account deactivated) and the person must sign in again (spec section 8).
   */
  onUnauthorized?: (client: QueryClient) => void;
}

/**
 * Cached data never goes stale on its own and is never refetched behind the user's back (spec
 * section 7): lists are refreshed by the writes that change them, through invalidation.
 */
export function createQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  const handleError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) onUnauthorized?.(client);
  };
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: handleError }),
    mutationCache: new MutationCache({ onError: handleError }),
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
  return client;
}
