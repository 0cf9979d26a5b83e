import { setupStatusResponse, type SetupStatusResponse } from '@btp/shared/system';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';

export async function getSetupStatus(signal?: AbortSignal): Promise<SetupStatusResponse> {
  return setupStatusResponse.parse(await api.get('/api/setup/status', { signal }));
}

export function setupStatusQueryOptions() {
  return queryOptions({
    queryKey: ['setup', 'status'],
    queryFn: ({ signal }) => getSetupStatus(signal),
    // The check starts before the gate mounts (main.tsx); a failure waits for 'Réessayer'
    // instead of being sent again when the gate appears.
    retryOnMount: false,
  });
}

export function useSetupStatus() {
  return useQuery(setupStatusQueryOptions());
}
