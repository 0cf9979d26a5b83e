import { projectListItemSchema, type ProjectCreateData } from '@btp/shared/entities/project';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listProjectsQueryOptions, type ProjectsListItem } from './list-projects';

/** `POST /api/projects`: answers the project created with its `client{id,name}`. */
export async function createProject(input: ProjectCreateData): Promise<ProjectsListItem> {
  return projectListItemSchema.parse(await api.post('/api/projects', input));
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProject,
    onSuccess: () =>
      Promise.all(
        [listProjectsQueryOptions(), dashboardStatsQueryOptions()].map(({ queryKey }) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
