import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../../lib/api';
import type { SessionUser } from '../../../lib/session-user';
import { parseSessionUser } from '../../../lib/session-user-guard';

/** The signed-in user, or `null` when nobody is signed in (the API answers 401). */
export async function getMe(signal?: AbortSignal): Promise<SessionUser | null> {
  try {
    return parseSessionUser(await api.get('/api/auth/me', { signal }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function meQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'me'],
    queryFn: ({ signal }) => getMe(signal),
    // Started before the guards mount (main.tsx); a failure waits for 'Réessayer'.
    retryOnMount: false,
  });
}

export function useMe() {
  return useQuery(meQueryOptions());
}

/**
 * After a sign-in (login, registration of a new company, installation): forgets whatever another
 * person may have left in the cache, records the new user, and confirms the session with `/me`.
 */
export function storeSignedInUser(queryClient: QueryClient, user: SessionUser): void {
  const meKey = meQueryOptions().queryKey;
  queryClient.removeQueries({
    predicate: (query) => query.queryKey[0] !== 'setup' && query.queryKey[0] !== meKey[0],
  });
  queryClient.setQueryData(meKey, user);
  void queryClient.invalidateQueries({ queryKey: meKey });
}

/** After a 401 on any call: nobody is signed in any more; the guards send the person to /login. */
export function forgetSignedInUser(queryClient: QueryClient): void {
  const meKey = meQueryOptions().queryKey;
  if (queryClient.getQueryData(meKey)) queryClient.setQueryData(meKey, null);
}
