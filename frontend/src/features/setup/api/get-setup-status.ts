import type { SetupStatusResponse } from '@btp/shared/system';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api';

/**
 * `GET /api/setup/status`, read with a plain guard rather than `setupStatusResponse` (zod): the check
 * runs on the first screen anyone loads, which stays without zod (issue 18).
 */
export async function getSetupStatus(signal?: AbortSignal): Promise<SetupStatusResponse> {
  const answer = await api.get('/api/setup/status', { signal });
  if (typeof answer !== 'object' || answer === null || !('installed' in answer)) {
    throw new Error('Réponse inattendue du serveur.');
  }
  if (typeof answer.installed !== 'boolean') throw new Error('Réponse inattendue du serveur.');
  return { installed: answer.installed };
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
