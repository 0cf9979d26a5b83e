/**
 * The cache keys of the price library: everything under `['library']`, so that one invalidation
 * after a write (an article, an ouvrage, an import) reads every list, search and family again.
 */
export const LIBRARY_KEY = 'library';

export const libraryKeys = {
  all: [LIBRARY_KEY] as const,
  articles: (params: object) => [LIBRARY_KEY, 'articles', params] as const,
  ouvrages: (params: object) => [LIBRARY_KEY, 'ouvrages', params] as const,
  ouvrage: (id: string) => [LIBRARY_KEY, 'ouvrage', id] as const,
  search: (params: object) => [LIBRARY_KEY, 'search', params] as const,
  families: () => [LIBRARY_KEY, 'families'] as const,
};

/** A library list's query string: `q`, `family`, `kind`, `limit` (the server's `libraryQuery`). */
export function libraryPath(
  path: string,
  params: { q?: string | undefined; family?: string | undefined; kind?: string | undefined; limit?: number },
): string {
  const search = new URLSearchParams();
  const q = params.q?.trim() ?? '';
  if (q !== '') search.set('q', q);
  if (params.family) search.set('family', params.family);
  if (params.kind) search.set('kind', params.kind);
  if (params.limit !== undefined) search.set('limit', String(params.limit));
  const text = search.toString();
  return text === '' ? path : `${path}?${text}`;
}
