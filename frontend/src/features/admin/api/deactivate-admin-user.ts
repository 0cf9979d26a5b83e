import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import { adminStatsQueryOptions } from './get-admin-stats';
import { adminUsersQueryOptions } from './get-admin-users';
import { companyStatsQueryOptions } from './get-company-stats';

/** `DELETE /api/admin/users/{id}`: deactivates the user (kept, `isActive: false`, sessions revoked). */
export async function deactivateAdminUser(id: string): Promise<void> {
  await api.delete(`/api/admin/users/${encodeURIComponent(id)}`);
}

export function useDeactivateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateAdminUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminUsersQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: companyStatsQueryOptions().queryKey }),
      ]),
  });
}
