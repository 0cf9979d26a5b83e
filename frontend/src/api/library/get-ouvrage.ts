import { ouvrageSchema, type Ouvrage } from '@btp/shared/entities/library';
import { queryOptions } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { libraryKeys } from './library-keys';

/** `GET /api/library/ouvrages/{id}`: an ouvrage with its components costed from today's library. */
export async function getOuvrage(id: string, signal?: AbortSignal): Promise<Ouvrage> {
  return ouvrageSchema.parse(await api.get(`/api/library/ouvrages/${encodeURIComponent(id)}`, { signal }));
}

export function getOuvrageQueryOptions(id: string) {
  return queryOptions({ queryKey: libraryKeys.ouvrage(id), queryFn: ({ signal }) => getOuvrage(id, signal) });
}
