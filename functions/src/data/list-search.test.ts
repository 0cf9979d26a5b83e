import { searchableListQuery } from '@btp/shared/list';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/http-errors.js';
import {
  decodeOffsetCursor,
  encodeOffsetCursor,
  searchable,
  searchAndSort,
  searchedPage,
  searchableList,
  type ListSearchSpec,
} from './list-search.js';

interface Row {
  id: string;
  name: string;
  city?: string;
  amount?: number;
}

const spec: ListSearchSpec<Row> = {
  entity: 'clients',
  texts: (row) => [row.name, row.city],
  sortValues: { name: (row) => row.name, city: (row) => row.city, date: (row) => row.id },
};

// Ids are time-ordered: a larger id is a more recent record.
const rows: Row[] = [
  { id: '01', name: 'Fabien Maçonnerie', city: 'Lyon' },
  { id: '02', name: 'Éric Électricité', city: 'Saint-Étienne' },
  { id: '03', name: 'Eric Plomberie', city: 'Paris' },
  { id: '04', name: 'ANDRÉ Couverture' },
  { id: '05', name: 'Cœur de Bâtiment', city: 'Évry' },
  { id: '06', name: 'éric bis', city: 'Lyon' },
];
const names = (list: Row[]) => list.map((row) => row.name);

describe('searchable', () => {
  it('drops accents, case, ligatures and extra spaces', () => {
    expect(searchable('  ÉLECTRICITÉ   Générale ')).toBe('electricite generale');
    expect(searchable('Cœur')).toBe('coeur');
    expect(searchable('Ça ira')).toBe('ca ira');
  });
});

describe('searchAndSort', () => {
  it('matches ignoring case and accents, every word somewhere', () => {
    expect(names(searchAndSort(rows, spec, { q: 'eric' }))).toEqual([
      'éric bis',
      'Eric Plomberie',
      'Éric Électricité',
    ]);
    expect(names(searchAndSort(rows, spec, { q: 'ÉRIC' }))).toHaveLength(3);
    expect(names(searchAndSort(rows, spec, { q: 'andre' }))).toEqual(['ANDRÉ Couverture']);
    expect(names(searchAndSort(rows, spec, { q: 'coeur evry' }))).toEqual(['Cœur de Bâtiment']);
    expect(names(searchAndSort(rows, spec, { q: 'eric lyon' }))).toEqual(['éric bis']);
    expect(searchAndSort(rows, spec, { q: 'introuvable' })).toEqual([]);
  });

  it('keeps the most recent first without sort', () => {
    expect(searchAndSort(rows, spec, {}).map((row) => row.id)).toEqual(['06', '05', '04', '03', '02', '01']);
  });

  it('sorts in French order: "Éric" between "Eric" and "Fabien"', () => {
    const people: Row[] = [
      { id: '1', name: 'Fabien' },
      { id: '2', name: 'Éric' },
      { id: '3', name: 'Eric' },
      { id: '4', name: 'Zoé' },
      { id: '5', name: 'andré' },
      { id: '6', name: 'Émile' },
    ];
    expect(names(searchAndSort(people, spec, { sort: 'name' }))).toEqual([
      'andré',
      'Émile',
      'Eric',
      'Éric',
      'Fabien',
      'Zoé',
    ]);
    expect(names(searchAndSort(people, spec, { sort: '-name' }))).toEqual([
      'Zoé',
      'Fabien',
      'Éric',
      'Eric',
      'Émile',
      'andré',
    ]);
  });

  it('compares numbers inside texts by value and puts missing values last both ways', () => {
    const numbered: Row[] = [
      { id: '1', name: 'DEV-2026-10', city: 'B' },
      { id: '2', name: 'DEV-2026-9' },
      { id: '3', name: 'DEV-2026-100', city: 'A' },
    ];
    expect(names(searchAndSort(numbered, spec, { sort: 'name' }))).toEqual([
      'DEV-2026-9',
      'DEV-2026-10',
      'DEV-2026-100',
    ]);
    expect(searchAndSort(numbered, spec, { sort: 'city' }).map((row) => row.city)).toEqual([
      'A',
      'B',
      undefined,
    ]);
    expect(searchAndSort(numbered, spec, { sort: '-city' }).map((row) => row.city)).toEqual([
      'B',
      'A',
      undefined,
    ]);
  });

  it('sorts numbers as numbers', () => {
    const amounts = [
      { id: '1', name: 'a', amount: 100 },
      { id: '2', name: 'b', amount: 9.5 },
      { id: '3', name: 'c', amount: 1200 },
    ];
    const byAmount: ListSearchSpec<(typeof amounts)[number]> = {
      entity: 'quotes',
      texts: (row) => [row.name],
      sortValues: { amount: (row) => row.amount },
    };
    expect(names(searchAndSort(amounts, byAmount, { sort: '-amount' }))).toEqual(['c', 'a', 'b']);
  });
});

describe('searchedPage', () => {
  const many: Row[] = Array.from({ length: 25 }, (_, index) => ({
    id: String(index).padStart(3, '0'),
    name: `Client ${index}`,
  }));

  it('pages through every match with an opaque cursor', () => {
    const query = { q: 'client', sort: 'name', limit: 10 };
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = searchedPage('c1', many, spec, { ...query, cursor });
      seen.push(...names(page.items));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(names(searchAndSort(many, spec, query)));
  });

  it('refuses a cursor of another search, or one that does not decode', () => {
    const cursor = encodeOffsetCursor('c1', 'clients', { q: 'client', sort: 'name' }, 10);
    expect(decodeOffsetCursor('c1', 'clients', { q: 'Client', sort: 'name', cursor })).toBe(10);
    expect(() => decodeOffsetCursor('c1', 'clients', { q: 'autre', sort: 'name', cursor })).toThrow(
      HttpError,
    );
    expect(() => decodeOffsetCursor('c1', 'clients', { q: 'client', sort: '-name', cursor })).toThrow(
      'Curseur de pagination invalide.',
    );
    expect(() => decodeOffsetCursor('c1', 'suppliers', { q: 'client', sort: 'name', cursor })).toThrow(
      HttpError,
    );
    expect(() => decodeOffsetCursor('c1', 'clients', { q: 'client', cursor: 'pas-un-curseur' })).toThrow(
      HttpError,
    );
  });

  it("refuses another company's cursor of the same search", () => {
    const cursor = encodeOffsetCursor('c1', 'clients', { q: 'client' }, 10);
    expect(() => decodeOffsetCursor('c2', 'clients', { q: 'client', cursor })).toThrow(
      'Curseur de pagination invalide.',
    );
  });
});

describe('searchableList', () => {
  it('answers the plain page without q and sort, the searched one with either', async () => {
    const read = {
      page: () => Promise.resolve({ items: [rows[0] as Row], nextCursor: 'key' }),
      all: () => Promise.resolve(rows),
    };
    expect(await searchableList('c1', {}, spec, read)).toEqual({ items: [rows[0]], nextCursor: 'key' });
    expect(await searchableList('c1', { limit: 5 }, spec, read)).toEqual({
      items: [rows[0]],
      nextCursor: 'key',
    });
    expect(names((await searchableList('c1', { q: 'lyon' }, spec, read)).items)).toEqual([
      'éric bis',
      'Fabien Maçonnerie',
    ]);
    expect((await searchableList('c1', { sort: 'name' }, spec, read)).items).toHaveLength(6);
  });
});

describe('searchableListQuery', () => {
  it('takes q up to 200 characters and the sorts of the list, French messages otherwise', () => {
    const query = searchableListQuery('quotes');
    expect(query.parse({ q: '  Dupont ', sort: '-amount', limit: '20' })).toEqual({
      q: 'Dupont',
      sort: '-amount',
      limit: 20,
    });
    expect(query.parse({ q: '', sort: '' })).toEqual({});
    const unknown = query.safeParse({ sort: 'prix' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toMatch(/^Tri inconnu : choisissez parmi -date, date, number/);
    expect(searchableListQuery('clients').safeParse({ sort: 'amount' }).success).toBe(false);
    const long = query.safeParse({ q: 'x'.repeat(201) });
    expect(long.error?.issues[0]?.message).toBe('La recherche ne doit pas dépasser 200 caractères');
  });
});
