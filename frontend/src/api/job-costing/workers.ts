import { workerSchema, type WorkerCreateData, type WorkerUpdateInput } from '@btp/shared/entities/worker';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';

/** `GET /api/workers`: the company's team (a team is tens of people: one page of 1,000). */
export function workersQueryOptions() {
  return queryOptions({
    queryKey: ['workers'],
    queryFn: async ({ signal }) =>
      workerSchema.array().parse(await api.get('/api/workers?limit=1000', { signal })),
  });
}

export function useWorkers() {
  return useQuery(workersQueryOptions());
}

function useWorkerMutation<V>(run: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workersQueryOptions().queryKey }),
  });
}

/** `POST /api/workers` (administrators). */
export function useCreateWorker() {
  return useWorkerMutation(async (data: WorkerCreateData) =>
    workerSchema.parse(await api.post('/api/workers', data)),
  );
}

/** `PUT /api/workers/{id}` with the `version` read. */
export function useUpdateWorker() {
  return useWorkerMutation(async ({ id, worker }: { id: string; worker: WorkerUpdateInput }) =>
    workerSchema.parse(await api.put(`/api/workers/${id}`, worker)),
  );
}

/** `DELETE /api/workers/{id}`: refused once hours were entered. */
export function useDeleteWorker() {
  return useWorkerMutation(async (id: string) => api.delete(`/api/workers/${id}`));
}
