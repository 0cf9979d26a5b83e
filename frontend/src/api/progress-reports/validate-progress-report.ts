import {
  progressReportListItemSchema,
  type ProgressReportListItem,
} from '@btp/shared/entities/progress-report';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listProgressReportsQueryOptions } from './list-progress-reports';

/** `PATCH /api/progress-reports/{id}/validate`, empty body: pending → validated. */
export async function validateProgressReport(id: string): Promise<ProgressReportListItem> {
  return progressReportListItemSchema.parse(
    await api.patch(`/api/progress-reports/${encodeURIComponent(id)}/validate`),
  );
}

export function useValidateProgressReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateProgressReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listProgressReportsQueryOptions().queryKey }),
  });
}
