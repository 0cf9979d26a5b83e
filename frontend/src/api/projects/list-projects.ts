import { projectListItemSchema } from '@btp/shared/entities/project';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

export type ProjectsListItem = z.infer<typeof projectListItemSchema>;

/**
 * `GET /api/projects`: the company's records, most recent first (at most 1,000). Every successful write
 * on them invalidates `listProjectsQueryOptions().queryKey` (spec section 7).
 */
export async function listProjects(signal?: AbortSignal): Promise<ProjectsListItem[]> {
  return projectListItemSchema.array().parse(await api.get('/api/projects', { signal }));
}

export function listProjectsQueryOptions() {
  return queryOptions({
    queryKey: ['projects'],
    queryFn: ({ signal }) => listProjects(signal),
  });
}

export function useProjectsList() {
  return useQuery(listProjectsQueryOptions());
}
