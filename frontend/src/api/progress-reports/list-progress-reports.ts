import { progressReportListItemSchema } from '@btp/shared/entities/progress-report';
import type { z } from '@btp/shared/zod-fr';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { usePagedList } from '../list-pages';

export type ProgressReportsListItem = z.infer<typeof progressReportListItemSchema>;

/**
 * `GET /api/progress-reports`: the company's records, most recent first (at most 1,000). Every successful write
 * on them invalidates `listProgressReportsQueryOptions().queryKey` (spec section 7).
 */
export async function listProgressReports(signal?: AbortSignal): Promise<ProgressReportsListItem[]> {
  return progressReportListItemSchema.array().parse(await api.get('/api/progress-reports', { signal }));
}

export function listProgressReportsQueryOptions() {
  return queryOptions({
    queryKey: ['progress-reports'],
    queryFn: ({ signal }) => listProgressReports(signal),
  });
}

/**
 * `fresh`: read again each time the caller mounts (a situation de travaux picks a report the client
 * may have signed on another device a minute ago).
 */
export function useProgressReportsList(options: { fresh?: boolean } = {}) {
  return useQuery({
    ...listProgressReportsQueryOptions(),
    ...(options.fresh === true ? { refetchOnMount: 'always' as const } : {}),
  });
}

/** The Suivi Travaux screen's reports, a screen (`SCREEN_LIST_LIMIT`) a page ('Charger plus' reads the next, API.md "Lists"). */
export function useProgressReportsPages() {
  return usePagedList<ProgressReportsListItem>('progress-reports', '/api/progress-reports', (body) =>
    progressReportListItemSchema.array().parse(body),
  );
}
