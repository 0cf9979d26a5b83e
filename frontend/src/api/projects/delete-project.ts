import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listProjectsQueryOptions } from './list-projects';

/** `DELETE /api/projects/{id}`: `409` with the records still using the project. */
export async function deleteProject(id: string): Promise<void> {
  await api.delete(`/api/projects/${encodeURIComponent(id)}`);
}

export function useDeleteProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProject,
    onSettled: () =>
      Promise.all(
        [listProjectsQueryOptions(), dashboardStatsQueryOptions()].map(({ queryKey }) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
