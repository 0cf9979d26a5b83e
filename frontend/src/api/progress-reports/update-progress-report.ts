import {
  progressReportListItemSchema,
  type ProgressReportListItem,
  type ProgressReportUpdateData,
} from '@btp/shared/entities/progress-report';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listProgressReportsQueryOptions } from './list-progress-reports';

interface UpdateProgressReportInput {
  id: string;
  /** The whole editable record plus the `version` read; never a status (spec section 4). */
  data: ProgressReportUpdateData;
}

/** `PUT /api/progress-reports/{id}`: replaces the editable fields; the status is kept by the server. */
export async function updateProgressReport({
  id,
  data,
}: UpdateProgressReportInput): Promise<ProgressReportListItem> {
  return progressReportListItemSchema.parse(
    await api.put(`/api/progress-reports/${encodeURIComponent(id)}`, data),
  );
}

export function useUpdateProgressReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProgressReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listProgressReportsQueryOptions().queryKey }),
  });
}
