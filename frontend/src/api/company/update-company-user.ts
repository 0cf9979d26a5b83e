import {
  companyUserSchema,
  type CompanyUser,
  type CompanyUserUpdateData,
} from '@btp/shared/entities/company-user';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listCompanyUsersQueryOptions } from './list-company-users';

interface UpdateCompanyUserInput {
  id: string;
  /** Only what changes: `isActive` (approve, reactivate, deactivate) and/or `role`. */
  change: CompanyUserUpdateData;
}

/**
 * `PUT /api/company/users/{id}` (company_admin): answers the user as changed. The server refuses
 * (409) to leave the company without an active administrator or above its user limit.
 */
export async function updateCompanyUser({ id, change }: UpdateCompanyUserInput): Promise<CompanyUser> {
  return companyUserSchema.parse(await api.put(`/api/company/users/${encodeURIComponent(id)}`, change));
}

export function useUpdateCompanyUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompanyUser,
    // Refused or not, the list is read again: a refusal may come from a change made meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: listCompanyUsersQueryOptions().queryKey }),
  });
}
