import { companyProfileSchema, type CompanyProfileData } from '@btp/shared/entities/company';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../lib/api';
import { getCompanyQueryOptions, type CompanyProfile } from './get-company';

/**
 * `PUT /api/company` (company_admin): the whole profile (a field left out is cleared) with the
 * `version` read; a change saved meanwhile answers 409. Answers the profile as saved.
 */
export async function updateCompany(profile: CompanyProfileData): Promise<CompanyProfile> {
  return companyProfileSchema.parse(await api.put('/api/company', profile));
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  const { queryKey } = getCompanyQueryOptions();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
    // A conflict (a change saved meanwhile, a name another company holds): the profile is read
    // again, so a stale form is replaced by what is saved and a refused one keeps what was typed.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        return queryClient.invalidateQueries({ queryKey });
      }
      return undefined;
    },
  });
}
