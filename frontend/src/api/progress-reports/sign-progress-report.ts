import {
  progressReportListItemSchema,
  type ProgressReportListItem,
} from '@btp/shared/entities/progress-report';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { listProgressReportsQueryOptions } from './list-progress-reports';

interface SignProgressReportInput {
  id: string;
  /** Trimmed, not blank: the screen sends nothing when it is empty (spec section 2). */
  signerName: string;
}

/** `PATCH /api/progress-reports/{id}/sign` with `{signerName}`: validated → signed. */
export async function signProgressReport({
  id,
  signerName,
}: SignProgressReportInput): Promise<ProgressReportListItem> {
  return progressReportListItemSchema.parse(
    await api.patch(`/api/progress-reports/${encodeURIComponent(id)}/sign`, { signerName }),
  );
}

export function useSignProgressReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signProgressReport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listProgressReportsQueryOptions().queryKey }),
  });
}
