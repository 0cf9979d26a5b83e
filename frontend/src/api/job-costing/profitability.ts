import {
  profitabilitySchema,
  projectMarginSchema,
  type CostEstimateInput,
} from '@btp/shared/entities/profitability';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';

/** `GET /api/projects/{id}/profitability`: the Rentabilité tab's figures (server-side, from aggregates). */
export function profitabilityQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: ['profitability', projectId],
    queryFn: async ({ signal }) =>
      profitabilitySchema.parse(await api.get(`/api/projects/${projectId}/profitability`, { signal })),
  });
}

export function useProfitability(projectId: string) {
  return useQuery(profitabilityQueryOptions(projectId));
}

/** `GET /api/finances/projects`: every chantier with its margin, worst first. */
export function useProjectMargins() {
  return useQuery({
    queryKey: ['profitability', 'projects'],
    queryFn: async ({ signal }) =>
      projectMarginSchema.array().parse(await api.get('/api/finances/projects', { signal })),
  });
}

/** `PUT /api/projects/{id}/cost-estimate`: the manager's estimate, or none. */
export function useSetCostEstimate(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CostEstimateInput) =>
      profitabilitySchema.parse(await api.put(`/api/projects/${projectId}/cost-estimate`, input)),
    onSuccess: async (answer) => {
      queryClient.setQueryData(profitabilityQueryOptions(projectId).queryKey, answer);
      await queryClient.invalidateQueries({ queryKey: ['profitability', 'projects'] });
      await queryClient.invalidateQueries({ queryKey: ['projects'] });
    },
  });
}

/** `GET /api/projects/{id}/cost-sheet?format=`: a fresh presigned link to the cost sheet. */
export async function costSheetLink(projectId: string, format: 'pdf' | 'csv'): Promise<string> {
  const answer = (await api.get(`/api/projects/${projectId}/cost-sheet?format=${format}`)) as {
    url?: unknown;
  };
  if (typeof answer.url !== 'string') throw new Error('Réponse inattendue du serveur');
  return answer.url;
}
