import type { AdminUserUpdateData } from '@btp/shared/entities/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import { adminStatsQueryOptions } from './get-admin-stats';
import { adminUsersQueryOptions } from './get-admin-users';
import { companyStatsQueryOptions } from './get-company-stats';

interface UpdateAdminUserInput {
  id: string;
  /** Only the fields that changed. */
  changes: AdminUserUpdateData;
}

/** `PUT /api/admin/users/{id}`: role and/or active flag; deactivating revokes the user's sessions. */
export async function updateAdminUser({ id, changes }: UpdateAdminUserInput): Promise<void> {
  await api.put(`/api/admin/users/${encodeURIComponent(id)}`, changes);
}

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    // Roles and active flags feed the user list, the system figures and the per-company counts.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: companyStatsQueryOptions().queryKey }),
      ]),
  });
}
