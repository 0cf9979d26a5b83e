import { articleSchema, type Article } from '@btp/shared/entities/library';

import type { PagedList } from '../list-pages';
import { libraryKeys, libraryPath } from './library-keys';
import { useLibraryPages } from './library-pages';

/** What the Bibliothèque asks of a list: the words searched and the family chosen. */
export interface LibraryListParams {
  q?: string | undefined;
  /** "Gros œuvre › Béton": that family and its sub-families. */
  family?: string | undefined;
}

/** Articles a page: enough for a screen, « Charger plus » reads the next (never 50,000 at once). */
export const LIBRARY_PAGE_SIZE = 50;

/**
 * `GET /api/library/articles?q=&family=`: the company's articles matching the words (designation,
 * reference, family; accents and case ignored), page after page.
 */
export function useArticlesPages(params: LibraryListParams, enabled = true): PagedList<Article> {
  const query = { q: params.q?.trim() ?? '', family: params.family ?? '' };
  return useLibraryPages(
    libraryKeys.articles(query),
    libraryPath('/api/library/articles', { ...query, limit: LIBRARY_PAGE_SIZE }),
    (body) => articleSchema.array().parse(body),
    enabled,
  );
}
