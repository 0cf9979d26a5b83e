import type { AdminCompanyUpdateData } from '@btp/shared/entities/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api';
import { adminStatsQueryOptions } from './get-admin-stats';
import { companyStatsQueryOptions } from './get-company-stats';

interface UpdateAdminCompanyInput {
  id: string;
  /** Only the fields that changed; `null` clears the end date or the notes. */
  changes: AdminCompanyUpdateData;
}

/** `PUT /api/admin/companies/{id}`: subscription, user limit, status and notes of a company. */
export async function updateAdminCompany({ id, changes }: UpdateAdminCompanyInput): Promise<void> {
  await api.put(`/api/admin/companies/${encodeURIComponent(id)}`, changes);
}

export function useUpdateAdminCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminCompany,
    // Plans and statuses feed the company list and the system figures (active and premium counts).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyStatsQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryOptions().queryKey }),
      ]),
  });
}
