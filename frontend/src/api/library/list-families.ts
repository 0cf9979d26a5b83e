import type { LibraryFamilyNode } from '@btp/shared/entities/library';
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../lib/api';
import { libraryKeys } from './library-keys';

const familyNode: z.ZodType<LibraryFamilyNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    articles: z.number().int(),
    ouvrages: z.number().int(),
    children: z.array(familyNode),
  }),
);

/** `GET /api/library/families`: the family tree, each node with its articles and ouvrages counted. */
export async function listFamilies(signal?: AbortSignal): Promise<LibraryFamilyNode[]> {
  return familyNode.array().parse(await api.get('/api/library/families', { signal }));
}

export function listFamiliesQueryOptions() {
  return queryOptions({ queryKey: libraryKeys.families(), queryFn: ({ signal }) => listFamilies(signal) });
}

export function useFamilies() {
  return useQuery(listFamiliesQueryOptions());
}
