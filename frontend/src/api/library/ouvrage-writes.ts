import {
  ouvrageSchema,
  type Ouvrage,
  type OuvrageCreateData,
  type OuvrageUpdateData,
} from '@btp/shared/entities/library';

import { api } from '../../lib/api';
import { useLibraryMutation } from './article-writes';

/** `POST /api/library/ouvrages` (400 naming the component: a cycle, a 4th level, an unknown article). */
export async function createOuvrage(input: OuvrageCreateData): Promise<Ouvrage> {
  return ouvrageSchema.parse(await api.post('/api/library/ouvrages', input));
}

/** `PUT /api/library/ouvrages/{id}` with the `version` read. */
export async function updateOuvrage({ id, data }: { id: string; data: OuvrageUpdateData }): Promise<Ouvrage> {
  return ouvrageSchema.parse(await api.put(`/api/library/ouvrages/${encodeURIComponent(id)}`, data));
}

/** `DELETE /api/library/ouvrages/{id}` (409 naming an ouvrage that uses it). */
export async function deleteOuvrage(id: string): Promise<void> {
  await api.delete(`/api/library/ouvrages/${encodeURIComponent(id)}`);
}

export const useCreateOuvrage = () => useLibraryMutation(createOuvrage);
export const useUpdateOuvrage = () => useLibraryMutation(updateOuvrage);
export const useDeleteOuvrage = () => useLibraryMutation(deleteOuvrage);
