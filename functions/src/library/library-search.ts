/**
 * Search and lists of the price library over its index items (docs/library.md "Search"): a page
 * is one or a few `Query` calls on a key range and never reads the company's records one by one.
 * Answers only ids in order; the services read the page's records.
 */
import { createHash } from 'node:crypto';
import type { LibraryKind } from '@btp/shared/entities/library';
import {
  familyKey,
  listIndexRange,
  searchIndexPrefix,
  wordOfSearchKey,
  wordsOf,
  type LibraryKindLetter,
  type SearchIndexItem,
} from '../data/library-index.js';
import { indexRange } from '../data/library-queries.js';
import { companyPk, type Key } from '../data/keys.js';
import { badRequest } from '../lib/http-errors.js';

export interface LibraryHit {
  kind: LibraryKind;
  id: string;
}

export interface HitPage {
  hits: LibraryHit[];
  nextCursor?: string;
}

/** Index items a search page reads at most before answering what it found (with a cursor). */
export const MAX_SCANNED_INDEX_ITEMS = 1_000;

const letterOf = (kind: LibraryKind): LibraryKindLetter => (kind === 'article' ? 'a' : 'o');
const kindOf = (letter: string): LibraryKind => (letter === 'o' ? 'ouvrage' : 'article');

const invalidCursor = () =>
  badRequest('Curseur de pagination invalide.', [{ path: 'query.cursor', message: 'Curseur invalide' }]);

function cursorHash(parts: unknown[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('base64url').slice(0, 16);
}

/** A cursor: the last key read and the hash of the company and the query it belongs to. */
function encode(sk: string, hash: string): string {
  return Buffer.from(JSON.stringify({ k: sk, h: hash }), 'utf8').toString('base64url');
}

function decode(
  cursor: string | undefined,
  companyId: string,
  prefix: string,
  hash: string,
): Key | undefined {
  if (!cursor) return undefined;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const candidate = decoded as { k?: unknown; h?: unknown } | null;
  if (
    !candidate ||
    typeof candidate.k !== 'string' ||
    candidate.h !== hash ||
    !candidate.k.startsWith(prefix)
  ) {
    throw invalidCursor();
  }
  return { pk: companyPk(companyId), sk: candidate.k };
}

/**
 * The records whose words start with every word of `q` (docs/library.md "Search"), best first,
 * `limit` at a time. Reads the range of index keys of the query's longest word in key order (whole
 * word first, then longer words alphabetically; within a word by rank then designation) and keeps
 * each record once, at its first key in that order.
 */
export async function searchHits(
  companyId: string,
  query: { q: string; kind?: LibraryKind; family?: string; limit: number; cursor?: string },
): Promise<HitPage> {
  const words = [...new Set(wordsOf(query.q))];
  if (words.length === 0) return { hits: [] };
  const driving = words.reduce((longest, word) => (word.length > longest.length ? word : longest));
  const others = words.filter((word) => word !== driving);
  const family = familyKey(query.family);
  const kind = query.kind ? letterOf(query.kind) : undefined;
  const prefix = `${searchIndexPrefix}${driving}`;
  const hash = cursorHash([companyId, 'search', words, query.kind ?? '', family]);
  let startAfter = decode(query.cursor, companyId, prefix, hash);
  const hits: LibraryHit[] = [];
  let scanned = 0;
  let lastConsumed: string | undefined;
  const batch = Math.min(250, Math.max(query.limit * 3, 50));
  for (;;) {
    const page = await indexRange<Omit<SearchIndexItem, keyof Key>>(companyId, prefix, batch, startAfter);
    for (const item of page.items) {
      scanned += 1;
      lastConsumed = item.sk;
      if (kind && item.k !== kind) continue;
      if (family && !item.f.startsWith(family)) continue;
      const recordWords = item.w.split(' ');
      if (!others.every((word) => recordWords.some((candidate) => candidate.startsWith(word)))) continue;
      // The record's first key in this range: its smallest word starting with the driving word.
      const first = recordWords
        .filter((candidate) => candidate.startsWith(driving))
        .reduce((min, candidate) => (candidate < min ? candidate : min));
      if (wordOfSearchKey(item.sk) !== first) continue;
      hits.push({ kind: kindOf(item.k), id: item.i });
      if (hits.length >= query.limit || scanned >= MAX_SCANNED_INDEX_ITEMS) {
        // More may follow this key (the range's end is only known by reading on).
        const more = page.lastKey !== undefined || item !== page.items.at(-1);
        return { hits, nextCursor: more ? encode(item.sk, hash) : undefined };
      }
    }
    if (!page.lastKey) return { hits };
    startAfter = page.lastKey;
    if (scanned >= MAX_SCANNED_INDEX_ITEMS && lastConsumed) {
      return { hits, nextCursor: encode(lastConsumed, hash) };
    }
  }
}

/**
 * A kind's records in family then designation order (`family`: that family and its
 * sub-families), `limit` at a time.
 */
export async function listHits(
  companyId: string,
  query: { kind: LibraryKind; family?: string; limit: number; cursor?: string },
): Promise<HitPage> {
  const prefix = listIndexRange(letterOf(query.kind), query.family);
  const hash = cursorHash([companyId, 'list', query.kind, prefix]);
  const startAfter = decode(query.cursor, companyId, prefix, hash);
  const page = await indexRange<{ i: string }>(companyId, prefix, query.limit + 1, startAfter);
  const items = page.items.slice(0, query.limit);
  const last = items.at(-1);
  const more = page.items.length > query.limit;
  return {
    hits: items.map((item) => ({ kind: query.kind, id: item.i })),
    nextCursor: more && last ? encode(last.sk, hash) : undefined,
  };
}
