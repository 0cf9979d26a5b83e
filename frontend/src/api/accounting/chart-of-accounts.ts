import {
  chartOfAccountsSchema,
  type ChartOfAccounts,
  type ChartOfAccountsData,
} from '@btp/shared/accounting/chart';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, ApiError } from '../../lib/api';

export type { ChartOfAccounts };

/** `GET /api/company/accounts` (company_admin): the chart of accounts the entries use, defaults until saved. */
export async function getChartOfAccounts(signal?: AbortSignal): Promise<ChartOfAccounts> {
  return chartOfAccountsSchema.parse(await api.get('/api/company/accounts', { signal }));
}

export function getChartOfAccountsQueryOptions() {
  return queryOptions({
    queryKey: ['company', 'accounts'],
    queryFn: ({ signal }) => getChartOfAccounts(signal),
  });
}

export function useChartOfAccounts() {
  return useQuery(getChartOfAccountsQueryOptions());
}

/** `PUT /api/company/accounts`: the whole chart with the `version` read (409 when changed meanwhile). */
export async function updateChartOfAccounts(chart: ChartOfAccountsData): Promise<ChartOfAccounts> {
  return chartOfAccountsSchema.parse(await api.put('/api/company/accounts', chart));
}

export function useUpdateChartOfAccounts() {
  const queryClient = useQueryClient();
  const { queryKey } = getChartOfAccountsQueryOptions();
  return useMutation({
    mutationFn: updateChartOfAccounts,
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        return queryClient.invalidateQueries({ queryKey });
      return undefined;
    },
  });
}
