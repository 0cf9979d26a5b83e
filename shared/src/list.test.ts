import { describe, expect, it } from 'vitest';
import { integerField, optionalField } from './fields.js';
import * as z from './lazy-zod.js';
import {
  listQuery,
  listSortKeys,
  parseListSort,
  searchableListQuery,
  unknownSortMessage,
  type ListEntity,
} from './list.js';
import { seededRandom } from './testing/seeded-random.js';
import { seenAnswer as seen } from './testing/seen-answer.js';

/**
 * The zod schemas the list queries were before they were parsed by hand (issue 27): the reference
 * the hand parsers must answer like, value for value and message for message.
 */
const limitField = optionalField(
  integerField({ min: 1, max: 1_000, message: 'La limite doit être un nombre entier entre 1 et 1 000' }),
);
const cursorField = optionalField(z.string().max(2_048, 'Curseur invalide'));
const searchField = optionalField(
  z.string().trim().max(200, 'La recherche ne doit pas dépasser 200 caractères'),
);
const zodListQuery = z.object({ limit: limitField, cursor: cursorField });
const zodSearchableListQuery = (entity: ListEntity) =>
  z.object({
    limit: limitField,
    cursor: cursorField,
    q: searchField,
    sort: optionalField(
      z
        .string()
        .max(50, unknownSortMessage(entity))
        .refine((sort) => parseListSort(entity, sort) !== undefined, unknownSortMessage(entity)),
    ),
  });

/** A value a query string (or a test) may carry for a field: blank, numbers, long text, sorts… */
function randomValue(random: ReturnType<typeof seededRandom>): unknown {
  switch (random.int(0, 11)) {
    case 0:
      return undefined;
    case 1:
      return random.pick(['', ' ', '\t', '   ']);
    case 2:
      return String(random.int(-5, 1_200));
    case 3:
      return random.pick(['1 000', '12,0', '2.5', '1e3', '0x10', '+7', ' 42 ', '−3', '007', '999.00', '1.']);
    case 4:
      return random.int(-3, 1_100);
    case 5:
      return random.pick([null, true, 12.5, ['a'], { a: 1 }, Number.NaN]);
    case 6:
      return 'x'.repeat(random.pick([49, 50, 51, 199, 200, 201, 2_047, 2_048, 2_049]));
    case 7:
      return ` ${'y'.repeat(random.pick([199, 200, 201]))} `;
    case 8:
      return random.pick(Object.values(listSortKeys).flat()).replace(/^/, random.pick(['', '-', '--', ' ']));
    case 9:
      return random.pick(['Dupont', '  béton armé ', 'é'.repeat(3), 'abc', '-date']);
    case 10:
      return `-${'z'.repeat(random.pick([48, 49, 50, 60]))}`;
    default:
      return random.pick(['name', 'amount', 'rating', 'city', 'status', 'number', 'client']);
  }
}

function randomQuery(random: ReturnType<typeof seededRandom>): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const key of ['limit', 'cursor', 'q', 'sort', 'other']) {
    const value = randomValue(random);
    if (value !== undefined || random.next() < 0.2) query[key] = value;
  }
  return query;
}

describe('list queries parsed without zod', () => {
  it('answer as the zod fields did: same output, same issues and French messages (1,000 random queries)', () => {
    const random = seededRandom(27);
    const entities = Object.keys(listSortKeys) as ListEntity[];
    const parsers = new Map(
      entities.map((entity) => [
        entity,
        [searchableListQuery(entity), zodSearchableListQuery(entity)] as const,
      ]),
    );
    for (let round = 0; round < 1_000; round += 1) {
      const query = randomQuery(random);
      expect(seen(listQuery.safeParse(query)), JSON.stringify(query)).toEqual(
        seen(zodListQuery.safeParse(query)),
      );
      const entity = random.pick(entities);
      const [byHand, byZod] = parsers.get(entity)!;
      expect(seen(byHand.safeParse(query)), `${entity} ${JSON.stringify(query)}`).toEqual(
        seen(byZod.safeParse(query)),
      );
    }
  });

  it('refuse what is not a query object as zod did', () => {
    for (const input of [null, 'limit=5', 3, ['a']]) {
      expect(seen(listQuery.safeParse(input))).toEqual(seen(zodListQuery.safeParse(input)));
    }
  });

  it('read a page and a search as a service expects them', () => {
    expect(
      searchableListQuery('quotes').parse({ limit: '20', q: '  Dupont ', sort: '-amount', x: '1' }),
    ).toEqual({
      limit: 20,
      q: 'Dupont',
      sort: '-amount',
    });
    expect(() => searchableListQuery('clients').parse({ sort: 'amount' })).toThrow(/Tri inconnu/);
  });
});
