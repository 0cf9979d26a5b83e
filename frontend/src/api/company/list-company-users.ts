import { companyUserSchema, type CompanyUser } from '@btp/shared/entities/company-user';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

export type { CompanyUser };

/**
 * `GET /api/company/users` (company_admin): the users of the caller's company, most recent first,
 * each with `pendingApproval` (a colleague who joined with "Entreprise existante" and waits).
 */
export async function listCompanyUsers(signal?: AbortSignal): Promise<CompanyUser[]> {
  return companyUserSchema.array().parse(await api.get('/api/company/users', { signal }));
}

export function listCompanyUsersQueryOptions() {
  return queryOptions({
    queryKey: ['company', 'users'],
    queryFn: ({ signal }) => listCompanyUsers(signal),
  });
}

export function useCompanyUsers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...listCompanyUsersQueryOptions(), enabled });
}
