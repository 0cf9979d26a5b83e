/**
 * `?q=` and `?sort=` of the searchable lists (API.md "Lists"): what a list screen asks the server
 * for, the path that carries it and the query key it is cached under.
 */
export interface ListParams {
  /** Free text, matched by the server ignoring case and accents. */
  q?: string | undefined;
  /** One of the list's sorts (`name`, `-amount`…); the server's default order when absent. */
  sort?: string | undefined;
}

/** The params that are set, trimmed; `undefined` when none is (the plain list). */
function setParams(params: ListParams | undefined): { q?: string; sort?: string } | undefined {
  const q = params?.q?.trim() ?? '';
  const sort = params?.sort?.trim() ?? '';
  if (q === '' && sort === '') return undefined;
  return { ...(q === '' ? {} : { q }), ...(sort === '' ? {} : { sort }) };
}

/** `/api/clients`, or `/api/clients?q=…&sort=…` with a search or a sort. */
export function listPath(path: string, params?: ListParams): string {
  const set = setParams(params);
  return set === undefined ? path : `${path}?${new URLSearchParams(set).toString()}`;
}

/**
 * The query key of a list: `[base]` for the plain list (the key every write invalidates, which as a
 * prefix also covers the searched lists), `[base, {q, sort}]` with a search or a sort.
 */
export function listKey(base: string, params?: ListParams): readonly [string] | readonly [string, object] {
  const set = setParams(params);
  return set === undefined ? [base] : [base, set];
}
