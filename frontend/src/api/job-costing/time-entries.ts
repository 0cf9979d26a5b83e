import {
  timeEntrySchema,
  weekLockSchema,
  type TimeEntry,
  type TimeEntryCreateInput,
} from '@btp/shared/entities/time-entry';
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { fetchListPage } from '../list-pages';

/** What a screen asks for: a period, of a chantier or a worker (or the whole company). */
export interface TimeEntryFilter {
  from: string;
  to: string;
  projectId?: string | undefined;
  workerId?: string | undefined;
}

function pathOf(filter: TimeEntryFilter): string {
  const params = new URLSearchParams({ from: filter.from, to: filter.to, limit: '1000' });
  if (filter.projectId) params.set('projectId', filter.projectId);
  if (filter.workerId) params.set('workerId', filter.workerId);
  return `/api/time-entries?${params.toString()}`;
}

/** `GET /api/time-entries`, every page of the period (a fortnight of a team is a few hundred entries). */
export async function listTimeEntries(filter: TimeEntryFilter, signal?: AbortSignal): Promise<TimeEntry[]> {
  const entries: TimeEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchListPage(
      `${pathOf(filter)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      (body) => timeEntrySchema.array().parse(body),
      signal,
    );
    entries.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return entries;
}

export function timeEntriesQueryOptions(filter: TimeEntryFilter) {
  return queryOptions({
    queryKey: ['time-entries', filter],
    queryFn: ({ signal }) => listTimeEntries(filter, signal),
  });
}

export function useTimeEntries(filter: TimeEntryFilter | undefined) {
  return useQuery({
    ...timeEntriesQueryOptions(filter ?? { from: '', to: '' }),
    enabled: filter !== undefined,
  });
}

/** `GET /api/time-entries/locks`: the validated weeks of the period. */
export function useWeekLocks(from: string, to: string) {
  return useQuery({
    queryKey: ['time-entries', 'locks', from, to],
    queryFn: async ({ signal }) =>
      weekLockSchema
        .array()
        .parse(await api.get(`/api/time-entries/locks?from=${from}&to=${to}`, { signal })),
  });
}

/** After hours change: the lists, the locks and every chantier's figures. */
export function invalidateHours(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['time-entries'] }),
    queryClient.invalidateQueries({ queryKey: ['profitability'] }),
  ]);
}

/** One change of a day's sheet: a new entry, new hours for one, or one removed. */
export type HoursChange =
  | { kind: 'create'; entry: TimeEntryCreateInput }
  | { kind: 'update'; id: string; entry: TimeEntryCreateInput & { version: number } }
  | { kind: 'delete'; id: string };

/** Sends one change (`POST`, `PUT` or `DELETE /api/time-entries…`). */
export async function sendHoursChange(change: HoursChange): Promise<void> {
  if (change.kind === 'create') await api.post('/api/time-entries', change.entry);
  else if (change.kind === 'update') await api.put(`/api/time-entries/${change.id}`, change.entry);
  else await api.delete(`/api/time-entries/${change.id}`);
}

/** `POST /api/time-entries/lock` (administrators): validates a week, or reopens it. */
export function useLockWeek() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { weekStart: string; locked: boolean }) =>
      weekLockSchema.parse(await api.post('/api/time-entries/lock', input)),
    onSuccess: () => invalidateHours(queryClient),
  });
}
