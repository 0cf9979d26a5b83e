import { clientCreateInput, type Client } from '@btp/shared/entities/client';
import { NEXT_CURSOR_HEADER } from '@btp/shared/list';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../../functions/src/data/entities/clients.js';
import type { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';

/**
 * `?q=` and `?sort=` on a list of thousands (API.md "Lists"): 1,500 clients written through the
 * repository, searched and paged in French order by the real handlers.
 */
const stack = await startTestStack();
let owner: TestClient;
let other: TestClient;
let created: Client[] = [];

const firstNames = ['Éric', 'Eric', 'Fabien', 'Émile', 'Zoé', 'andré', 'Céline', 'Œdipe', 'Bruno', 'Agnès'];
const cities = ['Lyon', 'Saint-Étienne', 'Paris', 'Évry', 'Nîmes'];
const total = 1_500;
/** Three names that differ only by their first letter's accent, then the next letter. */
const sameWords = ['Fabien Bâtiment', 'Éric Bâtiment', 'Eric Bâtiment'];

/** `count` at a time, so DynamoDB Local is not flooded. */
async function inBatches<T>(count: number, size: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const all: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, offset) => make(start + offset));
    all.push(...(await Promise.all(batch)));
  }
  return all;
}

beforeAll(async () => {
  const company = await signedInCompany(stack.url, 'Recherche');
  owner = company.client;
  const stranger = await signedInCompany(stack.url, 'Recherche autre');
  other = stranger.client;
  created = await inBatches(total, 50, (index) =>
    clients.create(
      company.companyId,
      clientCreateInput.parse({
        name:
          sameWords[index] ?? `${firstNames[index % firstNames.length]} ${String(index).padStart(4, '0')}`,
        city: cities[index % cities.length],
        ...(index === 42 ? { contactPerson: 'Sébastien Lefèvre' } : {}),
      }),
    ),
  );
  // Another company's client that matches every search below: it must never show.
  await clients.create(
    stranger.companyId,
    clientCreateInput.parse({ name: 'Éric Intrus 0001', city: 'Lyon', contactPerson: 'Sébastien Lefèvre' }),
  );
}, 300_000);

interface Answer {
  status: number;
  names: string[];
  ids: string[];
  cursor: string | null;
  body: unknown;
}

async function list(who: TestClient, query: Record<string, string>): Promise<Answer> {
  const response = await who.get(`/api/clients?${new URLSearchParams(query).toString()}`);
  const items = Array.isArray(response.body) ? (response.body as Client[]) : [];
  return {
    status: response.status,
    names: items.map((item) => item.name),
    ids: items.map((item) => item.id),
    cursor: response.headers.get(NEXT_CURSOR_HEADER),
    body: response.body,
  };
}

describe('GET /api/clients?q=&sort=', () => {
  it('finds clients ignoring case and accents, in any field searched, never another company’s', async () => {
    const eric = await list(owner, { q: 'ERIC' });
    expect(eric.status).toBe(200);
    const expected = created.filter((client) => /^[EÉ]ric /.test(client.name));
    expect(eric.names).toHaveLength(expected.length);
    expect(new Set(eric.names)).toEqual(new Set(expected.map((client) => client.name)));
    expect(eric.names.some((name) => name.includes('Intrus'))).toBe(false);

    const contact = await list(owner, { q: 'sebastien lefevre' });
    expect(contact.names).toEqual([created[42]?.name]);

    const twoWords = await list(owner, { q: 'émile évry' });
    expect(twoWords.names.length).toBeGreaterThan(0);
    for (const name of twoWords.names) expect(name.startsWith('Émile')).toBe(true);
    const byName = new Map(created.map((client) => [client.name, client]));
    for (const name of twoWords.names) expect(byName.get(name)?.city).toBe('Évry');

    expect((await list(owner, { q: 'personne ne porte ce nom' })).names).toEqual([]);
    // Their search does not see ours.
    expect((await list(other, { q: 'eric' })).names).toEqual(['Éric Intrus 0001']);
  });

  it('pages through all 1,500 in French order with the cursor', async () => {
    const collator = new Intl.Collator('fr', { numeric: true });
    const expected = created.map((client) => client.name).sort(collator.compare);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Answer = await list(owner, { sort: 'name', limit: '400', ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      seen.push(...page.names);
      cursor = page.cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(4);
    expect(seen).toHaveLength(total);
    expect(seen).toEqual(expected);
    // French order: accents after the bare letter at equal text, numbers by value, case ignored first.
    expect(seen.indexOf('Éric Bâtiment')).toBe(seen.indexOf('Eric Bâtiment') + 1);
    expect(seen.indexOf('Éric Bâtiment')).toBeLessThan(seen.indexOf('Fabien Bâtiment'));
    expect(seen.slice(0, 2)).toEqual(['Agnès 0009', 'Agnès 0019']);

    const descending = await list(owner, { sort: '-name', limit: '3' });
    expect(descending.names).toEqual(expected.slice(-3).reverse());
  });

  it('keeps today’s list without q and sort: most recent first, keyed cursor', async () => {
    const first = await list(owner, { limit: '2' });
    expect(first.ids).toEqual(
      created
        .map((client) => client.id)
        .sort()
        .reverse()
        .slice(0, 2),
    );
    expect(first.cursor).not.toBeNull();
    const decoded = JSON.parse(Buffer.from(first.cursor ?? '', 'base64url').toString('utf8')) as object;
    expect(Object.keys(decoded).sort()).toEqual(['pk', 'sk']);
  });

  it('refuses an unknown sort, a cursor of another search, and a search over 200 characters', async () => {
    const unknown = await list(owner, { sort: 'prix' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      error: 'validation_error',
      details: [
        { message: expect.stringMatching(/^Tri inconnu : choisissez parmi -date, date, name/) as string },
      ],
    });

    const page = await list(owner, { q: 'eric', sort: 'name', limit: '10' });
    expect(page.cursor).not.toBeNull();
    const reused = await list(owner, { q: 'fabien', sort: 'name', cursor: page.cursor ?? '' });
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ message: 'Curseur de pagination invalide.' });

    expect((await list(owner, { q: 'x'.repeat(201) })).status).toBe(400);
  });
});
