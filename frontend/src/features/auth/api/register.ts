import { registerResponse, type RegisterData } from '@btp/shared/entities/auth';
import type { z } from '@btp/shared/zod-fr';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import { sessionUserSchema } from '../../../lib/session-user';
import { storeSignedInUser } from './get-me';

const registration = registerResponse.extend({ user: sessionUserSchema });
export type Registration = z.infer<typeof registration>;

/**
 * `POST /api/auth/register` with `companyName` (creates the company, signs in as its administrator)
 * or `companyId` (joins it: the account waits for approval, nobody is signed in).
 */
export async function register(input: RegisterData): Promise<Registration> {
  return registration.parse(await api.post('/api/auth/register', input));
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: ({ user, pendingApproval }) => {
      if (!pendingApproval) storeSignedInUser(queryClient, user);
    },
  });
}
