import { adminStatsSchema, type AdminStats } from '@btp/shared/entities/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';

/** `GET /api/admin/stats`: users and companies across the system (super_admin only). */
export async function getAdminStats(signal?: AbortSignal): Promise<AdminStats> {
  return adminStatsSchema.parse(await api.get('/api/admin/stats', { signal }));
}

export function adminStatsQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'stats'],
    queryFn: ({ signal }) => getAdminStats(signal),
  });
}

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
