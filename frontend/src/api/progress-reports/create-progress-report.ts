import {
  progressReportListItemSchema,
  type ProgressReportCreateData,
  type ProgressReportListItem,
} from '@btp/shared/entities/progress-report';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listProgressReportsQueryOptions } from './list-progress-reports';

/** `POST /api/progress-reports`: a new report, always sent with `status: 'pending'` (spec section 7). */
export async function createProgressReport(
  data: Omit<ProgressReportCreateData, 'status'>,
): Promise<ProgressReportListItem> {
  return progressReportListItemSchema.parse(
    await api.post('/api/progress-reports', { ...data, status: 'pending' }),
  );
}

export function useCreateProgressReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProgressReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listProgressReportsQueryOptions().queryKey }),
  });
}
