import { publicUserSchema } from '@btp/shared/entities/auth';
import { entityRefSchema } from '@btp/shared/record';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';

/** A user of the admin list: the public user, with the name of its company (none for a super admin). */
export const adminUserSchema = publicUserSchema.extend({
  company: entityRefSchema.partial({ id: true }).nullish(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** `GET /api/admin/users`: every user of every company (super_admin only). */
export async function getAdminUsers(signal?: AbortSignal): Promise<AdminUser[]> {
  return adminUserSchema.array().parse(await api.get('/api/admin/users', { signal }));
}

export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: ['admin', 'users'],
    queryFn: ({ signal }) => getAdminUsers(signal),
  });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}
