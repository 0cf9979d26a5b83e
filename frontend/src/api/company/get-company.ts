import { companyProfileSchema, type CompanyProfile } from '@btp/shared/entities/company';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

export type { CompanyProfile };

/**
 * `GET /api/company`: the signed-in user's company with its legal profile (defaults applied),
 * `siren` derived, `version`, and what issuing a quote or an invoice still needs (`missingFields`).
 * A super administrator has no company: 404.
 */
export async function getCompany(signal?: AbortSignal): Promise<CompanyProfile> {
  return companyProfileSchema.parse(await api.get('/api/company', { signal }));
}

/** `PUT /api/company` puts its answer here, so the settings screen and the banners see it at once. */
export function getCompanyQueryOptions() {
  return queryOptions({
    queryKey: ['company', 'profile'],
    queryFn: ({ signal }) => getCompany(signal),
  });
}

/** `enabled: false` while the caller has no company (a super administrator): nothing is asked. */
export function useCompany({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getCompanyQueryOptions(), enabled });
}
