import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listDocumentsQueryOptions } from './list-documents';

/** `DELETE /api/documents/{id}`: the record, then its file. */
export async function deleteDocument(id: string): Promise<void> {
  await api.delete(`/api/documents/${encodeURIComponent(id)}`);
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    // The dashboard's 'Documents Récents' come with its stats.
    onSuccess: () =>
      Promise.all(
        [listDocumentsQueryOptions(), dashboardStatsQueryOptions()].map(({ queryKey }) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
