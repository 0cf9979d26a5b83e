import { exportJobSchema, type ExportData, type ExportJob } from '@btp/shared/accounting/export';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';

export type { ExportJob };

/** How often a running export is asked for its progress. */
export const EXPORT_POLL_MS = 1_000;

/** `POST /api/accounting/exports` (company_admin): starts the export of a period; 202 with the job. */
export async function startAccountingExport(period: ExportData): Promise<ExportJob> {
  return exportJobSchema.parse(await api.post('/api/accounting/exports', period));
}

export function useStartAccountingExport() {
  return useMutation({ mutationFn: startAccountingExport });
}

/** `GET /api/accounting/exports/{id}`: progress, then the summary and the files' presigned URLs (5 minutes). */
export async function getAccountingExport(id: string, signal?: AbortSignal): Promise<ExportJob> {
  return exportJobSchema.parse(
    await api.get(`/api/accounting/exports/${encodeURIComponent(id)}`, { signal }),
  );
}

export function accountingExportQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['accounting', 'exports', id],
    queryFn: ({ signal }) => getAccountingExport(id, signal),
  });
}

/** The job, asked again every second while it runs. */
export function useAccountingExport(id: string | undefined) {
  return useQuery({
    ...accountingExportQueryOptions(id ?? ''),
    enabled: id !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'running' ? EXPORT_POLL_MS : false),
  });
}
