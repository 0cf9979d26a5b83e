import type { LoginData } from '@btp/shared/entities/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import type { SessionUser } from '../../../lib/session-user';
import { parseSessionUserResponse } from '../../../lib/session-user-guard';
import { storeSignedInUser } from './get-me';

/** `POST /api/auth/login`: signs in with a username or an e-mail; the session cookie comes back. */
export async function login(input: LoginData): Promise<SessionUser> {
  return parseSessionUserResponse(await api.post('/api/auth/login', input)).user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => storeSignedInUser(queryClient, user),
  });
}
