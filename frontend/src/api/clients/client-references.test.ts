import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { dashboardStatsQueryOptions } from '../dashboard/get-dashboard-stats';
import { financesSummaryQueryOptions } from '../finances/get-finances-summary';
import { listProjectsQueryOptions } from '../projects/list-projects';
import { listSuppliersQueryOptions } from '../suppliers/list-suppliers';
import { invalidateClientLists } from './client-references';

describe('after a client changed', () => {
  it("marks stale what shows its name: projects, the dashboard's recent projects and Finances' top clients", async () => {
    const queryClient = new QueryClient();
    const keys = {
      projects: listProjectsQueryOptions().queryKey,
      dashboard: dashboardStatsQueryOptions().queryKey,
      finances: financesSummaryQueryOptions().queryKey,
      suppliers: listSuppliersQueryOptions().queryKey,
    };
    for (const key of Object.values(keys)) queryClient.setQueryData(key, { read: 'before' } as never);

    await invalidateClientLists(queryClient);

    const stale = (key: readonly unknown[]) => queryClient.getQueryState(key)?.isInvalidated;
    expect(stale(keys.projects)).toBe(true);
    expect(stale(keys.dashboard)).toBe(true);
    expect(stale(keys.finances)).toBe(true);
    // A supplier's list shows no client name.
    expect(stale(keys.suppliers)).toBe(false);
  });
});
