import {
  progressReportSignResultSchema,
  type ProgressReportSignResult,
} from '@btp/shared/entities/progress-report';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { listProjectsQueryOptions } from '../projects/list-projects';
import { listProgressReportsQueryOptions } from './list-progress-reports';

interface SignProgressReportInput {
  id: string;
  /** Trimmed, not blank: the screen sends nothing when it is empty (spec section 2). */
  signerName: string;
}

/**
 * `PATCH /api/progress-reports/{id}/sign` with `{signerName}`: validated → signed. The report's
 * project takes the report's percentage as its progress in the same write; the answer's
 * `project.progress` says it.
 */
export async function signProgressReport({
  id,
  signerName,
}: SignProgressReportInput): Promise<ProgressReportSignResult> {
  return progressReportSignResultSchema.parse(
    await api.patch(`/api/progress-reports/${encodeURIComponent(id)}/sign`, { signerName }),
  );
}

/** Signing changes the report and its project's progress: the reports, the projects and the dashboard are read again. */
export function useSignProgressReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signProgressReport,
    onSuccess: () =>
      Promise.all(
        [listProgressReportsQueryOptions(), listProjectsQueryOptions(), dashboardStatsQueryOptions()].map(
          ({ queryKey }) => queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
