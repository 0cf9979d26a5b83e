/**
 * The index items of the price library (docs/library.md "Search", docs/data-model.md "Library"),
 * kept in the company's partition with each article and ouvrage, in the same transaction:
 *
 * - search: one item per distinct word of the record (at most `MAX_INDEXED_WORDS`),
 *   `LIBS#<word>#<rank><designation key>#<a|o><id>`, carrying the record's words (`w`), its family
 *   key (`f`), its kind (`k`) and id (`i`), so a search reads a range of keys and checks its other
 *   words without reading the records;
 * - list: one item per record, `LIBF#<a|o>#<family key>!<designation key>#<id>`, so a family and its
 *   sub-families are one range of keys in family then designation order.
 *
 * Words are the record's texts as searches compare them (`searchable`: accents, case and
 * ligatures left out) cut at every character that is not a letter or a digit.
 */
import { familyLevels } from '@btp/shared/entities/library-basics';
import type { Key } from './keys.js';
import { companyPk } from './keys.js';
import { searchable } from './list-search.js';

export type LibraryKindLetter = 'a' | 'o';

/** The most words of one record in the search index. */
export const MAX_INDEXED_WORDS = 20;

/** Characters of the designation kept in a key (its order in the results). */
const designationKeyLength = 40;

/** The words of a text: "Parpaing 20×20×50" → ["parpaing", "20", "50"]. */
export function wordsOf(text: string | undefined | null): string[] {
  if (!text) return [];
  return searchable(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word !== '');
}

/** A designation as the keys order it: its words, at most 40 characters. */
export function designationKey(designation: string): string {
  return wordsOf(designation).join(' ').slice(0, designationKeyLength);
}

/** A family path as the keys hold it: "Gros œuvre › Béton" → "gros oeuvre/beton/" ('' without family). */
export function familyKey(family: string | undefined | null): string {
  return familyLevels(family)
    .map((level) => `${wordsOf(level).join(' ')}/`)
    .join('');
}

/** What the index reads of a record. */
export interface IndexedRecord {
  id: string;
  designation: string;
  reference?: string | undefined;
  code?: string | undefined;
  family?: string | undefined;
}

/**
 * The record's words with their rank (0: reference or code, 1: designation, 2: family), each once
 * at its best rank, at most `MAX_INDEXED_WORDS`, in that order. A reference also gives its words
 * run together ("PAR-20-50" → "par2050").
 */
export function indexedWords(record: IndexedRecord): { word: string; rank: number }[] {
  const ranked = new Map<string, number>();
  const add = (words: string[], rank: number) => {
    for (const word of words) {
      if (ranked.size >= MAX_INDEXED_WORDS) return;
      if (!ranked.has(word)) ranked.set(word, rank);
    }
  };
  for (const code of [record.reference, record.code]) {
    const words = wordsOf(code);
    add(words.length > 1 ? [words.join(''), ...words] : words, 0);
  }
  add(wordsOf(record.designation), 1);
  add(wordsOf(familyLevels(record.family).join(' ')), 2);
  return [...ranked].map(([word, rank]) => ({ word, rank }));
}

/** A search index item: its key and what a search reads on it. */
export interface SearchIndexItem extends Key {
  /** The record's indexed words, space-separated. */
  w: string;
  /** The record's family key (`familyKey`). */
  f: string;
  k: LibraryKindLetter;
  i: string;
}

export const searchIndexPrefix = 'LIBS#';
export const listIndexPrefix = 'LIBF#';

/** The search index items of a record. */
export function searchIndexItems(
  companyId: string,
  kind: LibraryKindLetter,
  record: IndexedRecord,
): SearchIndexItem[] {
  const words = indexedWords(record);
  const all = words.map((entry) => entry.word).join(' ');
  const designation = designationKey(record.designation);
  const family = familyKey(record.family);
  return words.map(({ word, rank }) => ({
    pk: companyPk(companyId),
    sk: `${searchIndexPrefix}${word}#${rank}${designation}#${kind}${record.id}`,
    w: all,
    f: family,
    k: kind,
    i: record.id,
  }));
}

/** The word of a search index key: `LIBS#parpaing#1…` → "parpaing". */
export function wordOfSearchKey(sk: string): string {
  const end = sk.indexOf('#', searchIndexPrefix.length);
  return sk.slice(searchIndexPrefix.length, end < 0 ? undefined : end);
}

/** The list index item of a record. */
export function listIndexItem(
  companyId: string,
  kind: LibraryKindLetter,
  record: IndexedRecord,
): Key & { i: string } {
  return {
    pk: companyPk(companyId),
    sk: `${listIndexPrefix}${kind}#${familyKey(record.family)}!${designationKey(record.designation)}#${record.id}`,
    i: record.id,
  };
}

/** The start of the list keys of a kind, within a family and its sub-families when given. */
export function listIndexRange(kind: LibraryKindLetter, family?: string): string {
  return `${listIndexPrefix}${kind}#${familyKey(family)}`;
}
