import { ouvrageSchema, type Ouvrage } from '@btp/shared/entities/library';

import type { PagedList } from '../list-pages';
import { LIBRARY_PAGE_SIZE, type LibraryListParams } from './list-articles';
import { libraryKeys, libraryPath } from './library-keys';
import { useLibraryPages } from './library-pages';

/**
 * `GET /api/library/ouvrages?q=&family=`: the company's ouvrages matching the words (designation,
 * code, family), each with its déboursé sec unitaire and components, page after page.
 */
export function useOuvragesPages(params: LibraryListParams, enabled = true): PagedList<Ouvrage> {
  const query = { q: params.q?.trim() ?? '', family: params.family ?? '' };
  return useLibraryPages(
    libraryKeys.ouvrages(query),
    libraryPath('/api/library/ouvrages', { ...query, limit: LIBRARY_PAGE_SIZE }),
    (body) => ouvrageSchema.array().parse(body),
    enabled,
  );
}
