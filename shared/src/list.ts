/**
 * List queries (API.md "Lists"): `?limit=` and `?cursor=`, most recent first; on the five main lists
 * and the documents also `?q=` (free text) and `?sort=` (one of the list's sorts, `-` for descending).
 */
import { integerParser, queryParser, textParser } from './query-parser.js';

/** The most items one list answer carries, also the answer size without `limit`. */
export const MAX_LIST_LIMIT = 1_000;

/**
 * The page the SPA's list screens ask for (`?limit=`), « Charger plus » reading the next: what a
 * screen of cards shows, so the first page of a company with 100,000 invoices answers as fast and as
 * small as one of a company with 50 (docs/performance.md, `bench:api`). API callers keep `limit` up
 * to `MAX_LIST_LIMIT`.
 */
export const SCREEN_LIST_LIMIT = 50;

/** The response header that carries the cursor of the next page. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** The longest `q` a list search takes, in characters. */
export const SEARCH_MAX_LENGTH = 200;

// Parsed by hand, not by zod (`query-parser.ts`): a list route then starts without zod's code
// (issue 27, `bench:lambda`); `list.test.ts` checks the answers are those of the zod fields.
const limitField = integerParser({
  min: 1,
  max: MAX_LIST_LIMIT,
  message: 'La limite doit être un nombre entier entre 1 et 1 000',
});
const cursorField = textParser({ max: 2_048, message: 'Curseur invalide' });
const searchField = textParser({
  max: SEARCH_MAX_LENGTH,
  message: `La recherche ne doit pas dépasser ${SEARCH_MAX_LENGTH} caractères`,
  trim: true,
});

/**
 * The query string of a list call. `limit` is a whole number from 1 to 1000 (text as query strings
 * carry it, or a number); `cursor` is the opaque value of the previous answer's `x-next-cursor`.
 * Both optional (an empty `?limit=` counts as absent); other parameters are ignored.
 */
export const listQuery = queryParser({ limit: limitField, cursor: cursorField });

/** A list query as the services read it: `q` and `sort` only on the lists that take them. */
export interface ListQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
  q?: string | undefined;
  sort?: string | undefined;
}

/**
 * What each searchable list can be sorted by. `date` is the creation date (the default order being
 * `-date`, most recent first), `amount` the total TTC, `client` the client's name, `status` the
 * workflow's order, `number` the document number (numbers compared as numbers).
 */
export const listSortKeys = {
  clients: ['date', 'name', 'city'],
  suppliers: ['date', 'name', 'city', 'rating'],
  projects: ['date', 'name', 'client', 'status'],
  quotes: ['date', 'number', 'amount', 'client', 'status'],
  invoices: ['date', 'number', 'amount', 'client', 'status'],
  documents: ['date'],
} as const;
export type ListEntity = keyof typeof listSortKeys;
export type ListSortKey = (typeof listSortKeys)[ListEntity][number];

/** The French labels of each sort, ascending then descending. */
const sortLabels: Record<ListSortKey, readonly [string, string]> = {
  date: ['Plus anciens', 'Plus récents'],
  name: ['Nom (A → Z)', 'Nom (Z → A)'],
  city: ['Ville (A → Z)', 'Ville (Z → A)'],
  rating: ['Note (croissante)', 'Note (décroissante)'],
  client: ['Client (A → Z)', 'Client (Z → A)'],
  status: ['Statut', 'Statut (ordre inverse)'],
  number: ['Numéro (croissant)', 'Numéro (décroissant)'],
  amount: ['Montant (croissant)', 'Montant (décroissant)'],
};

/** The order a list has without `sort`: most recent first. */
export const DEFAULT_LIST_SORT = '-date';

export interface ListSortOption {
  /** The `sort` value, e.g. `-amount`. */
  value: string;
  label: string;
}

/**
 * The sorts a list accepts with their French labels, the default first ("Plus récents"), then each
 * key ascending and descending (dates and amounts: the larger first).
 */
export function listSortOptions(entity: ListEntity): ListSortOption[] {
  const options: ListSortOption[] = [];
  for (const key of listSortKeys[entity]) {
    const [ascending, descending] = sortLabels[key];
    const pair = [
      { value: key, label: ascending },
      { value: `-${key}`, label: descending },
    ];
    options.push(...(key === 'date' || key === 'amount' || key === 'rating' ? pair.reverse() : pair));
  }
  return options;
}

/** `sort` split into its key and direction, or `undefined` when the list does not take it. */
export function parseListSort(
  entity: ListEntity,
  sort: string,
): { key: ListSortKey; descending: boolean } | undefined {
  const descending = sort.startsWith('-');
  const key = descending ? sort.slice(1) : sort;
  const keys: readonly string[] = listSortKeys[entity];
  return keys.includes(key) ? { key: key as ListSortKey, descending } : undefined;
}

/** The French message of an unknown `sort`. */
export function unknownSortMessage(entity: ListEntity): string {
  return `Tri inconnu : choisissez parmi ${listSortOptions(entity)
    .map((option) => option.value)
    .join(', ')}`;
}

/**
 * The query string of a searchable list (`GET /api/clients`, `suppliers`, `projects`, `quotes`,
 * `invoices`): `limit` and `cursor`, plus `q` (free text, trimmed, at most 200 characters, matched
 * ignoring case and accents) and `sort` (one of `listSortKeys[entity]`, `-` before it for
 * descending; another value is a 400).
 */
export function searchableListQuery(entity: ListEntity) {
  const unknownSort = unknownSortMessage(entity);
  return queryParser({
    limit: limitField,
    cursor: cursorField,
    q: searchField,
    sort: textParser({
      max: 50,
      message: unknownSort,
      check: (sort) => parseListSort(entity, sort) !== undefined,
    }),
  });
}
export type SearchableListQuery = ListQuery;
