import { companyStatsSchema } from '@btp/shared/entities/admin';
import { companySchema } from '@btp/shared/entities/company';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';

/**
 * One company of `GET /api/admin/companies/stats`: the spec's statistics, plus the subscription
 * fields the edit dialog starts from when the server gives them.
 */
export const adminCompanySchema = companyStatsSchema.extend(
  companySchema
    .pick({
      slug: true,
      createdAt: true,
      maxUsers: true,
      subscriptionEndDate: true,
      subscriptionAutoRenew: true,
      notes: true,
    })
    .partial().shape,
);
export type AdminCompany = z.infer<typeof adminCompanySchema>;

/** `GET /api/admin/companies/stats`: every company with its user counts (super_admin only). */
export async function getCompanyStats(signal?: AbortSignal): Promise<AdminCompany[]> {
  return adminCompanySchema.array().parse(await api.get('/api/admin/companies/stats', { signal }));
}

export function companyStatsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'companies', 'stats'],
    queryFn: ({ signal }) => getCompanyStats(signal),
  });
}

export function useCompanyStats() {
  return useQuery(companyStatsQueryOptions());
}
