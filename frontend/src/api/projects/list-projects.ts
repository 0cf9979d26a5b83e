import { projectListItemSchema } from '@btp/shared/entities/project';
import type { z } from '@btp/shared/zod-fr';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listKey, listPath, type ListParams } from '../list-params';
import { usePagedList } from '../list-pages';

export type ProjectsListItem = z.infer<typeof projectListItemSchema>;

/**
 * `GET /api/projects`: the company's records, most recent first (at most 1,000); with `params`, those
 * matching `q` in `sort` order (the server searches and sorts). Every successful write
 * on them invalidates `listProjectsQueryOptions().queryKey` (spec section 7).
 */
export async function listProjects(signal?: AbortSignal, params?: ListParams): Promise<ProjectsListItem[]> {
  return projectListItemSchema.array().parse(await api.get(listPath('/api/projects', params), { signal }));
}

export function listProjectsQueryOptions(params?: ListParams) {
  return queryOptions({
    queryKey: listKey('projects', params),
    queryFn: ({ signal }) => listProjects(signal, params),
  });
}

/** The list; with a search or a sort, the previous answer stays shown while the next one loads. */
export function useProjectsList(params?: ListParams) {
  return useQuery({ ...listProjectsQueryOptions(params), placeholderData: keepPreviousData });
}

/**
 * The list screen's records, a screen (`SCREEN_LIST_LIMIT`) a page ('Charger plus' reads the next, API.md "Lists"), matching
 * `params` (the server searches and sorts).
 */
export function useProjectsPages(params?: ListParams) {
  return usePagedList<ProjectsListItem>(
    'projects',
    '/api/projects',
    (body) => projectListItemSchema.array().parse(body),
    params,
  );
}
