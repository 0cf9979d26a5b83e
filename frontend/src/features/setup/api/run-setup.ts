import type { SetupData } from '@btp/shared/entities/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import { sessionUserResponse, type SessionUser } from '../../../lib/session-user';
import { setupStatusQueryOptions } from './get-setup-status';

/**
 * `POST /api/setup`: creates the first super administrator with the setup token and signs them in.
 * Answers the new user.
 */
export async function runSetup(input: SetupData): Promise<SessionUser> {
  return sessionUserResponse.parse(await api.post('/api/setup', input)).user;
}

/**
 * `onInstalled` records the signed-in user before the installation status flips, so that the gate of
 * /setup then sends the new super administrator to the dashboard rather than to /login.
 */
export function useRunSetup(onInstalled: (user: SessionUser) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runSetup,
    onSuccess: (user) => {
      onInstalled(user);
      const { queryKey } = setupStatusQueryOptions();
      queryClient.setQueryData(queryKey, { installed: true });
      void queryClient.invalidateQueries({ queryKey });
    },
  });
}
