import { createHash } from 'node:crypto';
import { MAX_LIST_LIMIT, parseListSort, type ListEntity, type ListQuery } from '@btp/shared/list';
import { foldedText } from '@btp/shared/text-fold';
import { badRequest } from '../lib/http-errors.js';
import type { Page } from './entity-repository.js';

/**
 * Search and sort of the main lists (`?q=`, `?sort=`, API.md "Lists"), done in memory: without them
 * a list is one DynamoDB Query, most recent first, resumed at a key; with them the service reads
 * every record of the company's type (a few thousand at most, only the attributes the list shows),
 * keeps those that match `q`, sorts them with French collation and answers `limit` of them at an
 * offset. The cursor carries that offset and a hash of the company and the query, so a cursor is
 * only taken back by the same search of the same company (another company's cursor is a 400).
 */

/**
 * French order: accents after the bare letter ("Eric" < "Éric" < "Fabien"), numbers by value. Made
 * on the first sort by a text: creating it loads ICU's French collation (6–8 ms), which every
 * function importing this module paid when it started though only a list sorted by a text column
 * uses it (issue 27, `bench:lambda`).
 */
let collator: Intl.Collator | undefined;

/** A text as searches compare it: accents, case and ligatures left out, spaces squeezed. */
export function searchable(text: string): string {
  return foldedText(text).replace(/\s+/g, ' ').trim();
}

/** What a sort compares: a text (French collation) or a number; missing values come last. */
export type SortValue = string | number | undefined | null;

/** How one list searches and sorts its records. */
export interface ListSearchSpec<T> {
  entity: ListEntity;
  /** The texts `q` is looked for in (name, number, title, client name, city…). */
  texts(record: T): readonly (string | undefined | null)[];
  /** What each sort key of the list compares. */
  sortValues: Record<string, (record: T) => SortValue>;
}

const isMissing = (value: SortValue): value is undefined | null | '' =>
  value === undefined || value === null || value === '' || Number.isNaN(value);

/** Two present values: numbers by value, texts in French order. */
function compareValues(a: NonNullable<SortValue>, b: NonNullable<SortValue>): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  collator ??= new Intl.Collator('fr', { numeric: true });
  return collator.compare(String(a), String(b));
}

/**
 * The records that match `q` (every word of it found in one of the record's texts, ignoring case
 * and accents), in `sort` order (ties, and no `sort`, most recent first: ids are time-ordered).
 * Missing values sort last in both directions.
 */
export function searchAndSort<T extends { id: string }>(
  records: readonly T[],
  spec: ListSearchSpec<T>,
  query: Pick<ListQuery, 'q' | 'sort'>,
): T[] {
  const words = searchable(query.q ?? '')
    .split(' ')
    .filter((word) => word !== '');
  const matching =
    words.length === 0
      ? [...records]
      : records.filter((record) => {
          const haystack = spec
            .texts(record)
            .filter((text): text is string => typeof text === 'string' && text !== '')
            .map(searchable)
            .join('\n');
          return words.every((word) => haystack.includes(word));
        });
  const sort = query.sort ? parseListSort(spec.entity, query.sort) : undefined;
  const value = sort ? spec.sortValues[sort.key] : undefined;
  const newestFirst = (a: T, b: T) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
  if (!sort || !value) return matching.sort(newestFirst);
  const keyed = matching.map((record) => ({ record, key: value(record) }));
  keyed.sort((a, b) => {
    const aMissing = isMissing(a.key);
    const bMissing = isMissing(b.key);
    if (aMissing || bMissing) {
      return aMissing === bMissing ? newestFirst(a.record, b.record) : aMissing ? 1 : -1;
    }
    const order = compareValues(a.key as NonNullable<SortValue>, b.key as NonNullable<SortValue>);
    if (order !== 0) return sort.descending ? -order : order;
    return newestFirst(a.record, b.record);
  });
  return keyed.map((entry) => entry.record);
}

/** Whether a list query asks for a search or a sort (else the plain, keyed list answers). */
export function isSearchOrSort(query: ListQuery): boolean {
  return (query.q ?? '') !== '' || (query.sort ?? '') !== '';
}

function queryHash(companyId: string, entity: ListEntity, query: ListQuery): string {
  return createHash('sha256')
    .update(JSON.stringify([companyId, entity, searchable(query.q ?? ''), query.sort ?? '']))
    .digest('base64url')
    .slice(0, 16);
}

const invalidCursor = () =>
  badRequest('Curseur de pagination invalide.', [{ path: 'query.cursor', message: 'Curseur invalide' }]);

/**
 * An opaque cursor: the offset of the next item and the hash of the company and the search it
 * belongs to.
 */
export function encodeOffsetCursor(
  companyId: string,
  entity: ListEntity,
  query: ListQuery,
  offset: number,
): string {
  return Buffer.from(JSON.stringify({ o: offset, h: queryHash(companyId, entity, query) }), 'utf8').toString(
    'base64url',
  );
}

/** The offset a cursor stands for; 400 when it is not one of this company's and search's cursors. */
export function decodeOffsetCursor(companyId: string, entity: ListEntity, query: ListQuery): number {
  if (!query.cursor) return 0;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(query.cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const candidate = decoded as { o?: unknown; h?: unknown } | null;
  if (
    !candidate ||
    typeof candidate !== 'object' ||
    !Number.isSafeInteger(candidate.o) ||
    (candidate.o as number) < 0 ||
    candidate.h !== queryHash(companyId, entity, query)
  ) {
    throw invalidCursor();
  }
  return candidate.o as number;
}

/** One page of the records that match the search, in its order, and the cursor of the next one. */
export function searchedPage<T extends { id: string }>(
  companyId: string,
  records: readonly T[],
  spec: ListSearchSpec<T>,
  query: ListQuery,
): Page<T> {
  const offset = decodeOffsetCursor(companyId, spec.entity, query);
  const limit = Math.min(Math.max(query.limit ?? MAX_LIST_LIMIT, 1), MAX_LIST_LIMIT);
  const sorted = searchAndSort(records, spec, query);
  const items = sorted.slice(offset, offset + limit);
  const next = offset + limit;
  return {
    items,
    nextCursor: next < sorted.length ? encodeOffsetCursor(companyId, spec.entity, query, next) : undefined,
  };
}

/**
 * A searchable list: the plain keyed page (`page`, today's behaviour, unchanged) without `q` and
 * `sort`; with either, every record (`all`, as the list shows them, relations included) searched,
 * sorted and paged by offset.
 */
export async function searchableList<T extends { id: string }>(
  companyId: string,
  query: ListQuery,
  spec: ListSearchSpec<T>,
  read: { page(): Promise<Page<T>>; all(): Promise<T[]> },
): Promise<Page<T>> {
  if (!isSearchOrSort(query)) return read.page();
  return searchedPage(companyId, await read.all(), spec, query);
}

/**
 * A searchable list whose records are large (invoices carry their lines): with `q` or `sort`, only
 * what the search reads of every record (`searched`: the texts and sort values, relations
 * included) is read, searched, sorted and paged; then the page's records are read whole by id
 * (`byIds`, at most `limit` of them) and answered in that order. Without them, the keyed page.
 */
export async function searchableListByIds<T extends { id: string }, S extends { id: string }>(
  companyId: string,
  query: ListQuery,
  spec: ListSearchSpec<S>,
  read: { page(): Promise<Page<T>>; searched(): Promise<S[]>; byIds(ids: string[]): Promise<T[]> },
): Promise<Page<T>> {
  if (!isSearchOrSort(query)) return read.page();
  const page = searchedPage(companyId, await read.searched(), spec, query);
  const whole = new Map((await read.byIds(page.items.map((item) => item.id))).map((item) => [item.id, item]));
  return { items: page.items.flatMap((item) => whole.get(item.id) ?? []), nextCursor: page.nextCursor };
}
