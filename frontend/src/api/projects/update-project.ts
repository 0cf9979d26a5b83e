import { projectListItemSchema, type ProjectUpdateData } from '@btp/shared/entities/project';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listProjectsQueryOptions, type ProjectsListItem } from './list-projects';
import { invalidateProjectLists } from './project-references';

interface UpdateProjectInput {
  id: string;
  /** The whole editable record with the `version` read: a change made meanwhile answers `409`. */
  project: ProjectUpdateData;
}

/** `PUT /api/projects/{id}`: answers the project as saved. */
export async function updateProject({ id, project }: UpdateProjectInput): Promise<ProjectsListItem> {
  return projectListItemSchema.parse(await api.put(`/api/projects/${encodeURIComponent(id)}`, project));
}

export function useUpdateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProject,
    onSuccess: () => invalidateProjectLists(queryClient),
    onError: () => queryClient.invalidateQueries({ queryKey: listProjectsQueryOptions().queryKey }),
  });
}
