import { describe, expect, it } from 'vitest';
import { notificationReadParser } from './notification-read-input.js';
import { notificationReadInput } from './notifications.js';
import { seededRandom } from './testing/seeded-random.js';
import { compareParsers } from './testing/seen-answer.js';

type Random = ReturnType<typeof seededRandom>;

/** An entry of `ids`: an id, blank, too long (in UTF-16 units or in code points), another type. */
function randomEntry(random: Random): unknown {
  return random.pick([
    '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    'abc',
    '',
    ' ',
    'x'.repeat(100),
    'x'.repeat(101),
    '😀'.repeat(50),
    '😀'.repeat(51),
    5,
    null,
    true,
    [],
    ['a'],
    {},
  ]);
}

function randomBody(random: Random): unknown {
  switch (random.int(0, 5)) {
    case 0:
      return random.pick([
        {},
        { ids: undefined },
        { ids: null },
        { ids: 'a' },
        { ids: {} },
        { ids: 5 },
        null,
        [],
      ]);
    case 1:
      // Around the limit of 50, with now and then a wrong entry.
      return {
        ids: Array.from({ length: random.int(48, 52) }, () =>
          random.next() < 0.05 ? randomEntry(random) : 'a',
        ),
      };
    default:
      return {
        ids: Array.from({ length: random.int(0, 4) }, () =>
          random.next() < 0.5 ? '7c9e6679-7425-40de-944b-e07fc1f90ae7' : randomEntry(random),
        ),
        ...(random.next() < 0.2 ? { other: 1 } : {}),
      };
  }
}

describe('the body of POST /api/notifications/read, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (2,000 random bodies)', () => {
    const random = seededRandom(2711);
    const bodies = Array.from({ length: 2_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(notificationReadParser, notificationReadInput, bodies);
    expect(difference).toBeUndefined();
    // Both sides of the comparison were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(1_800);
  });

  it('reads the ids to mark, and says what is wrong', () => {
    expect(notificationReadParser.parse({ ids: ['a', 'b'], other: 1 })).toEqual({ ids: ['a', 'b'] });
    expect(notificationReadParser.parse({})).toEqual({});
    expect(notificationReadParser.safeParse({ ids: ['a', ''] }).error?.issues).toEqual([
      { path: ['ids', '1'], message: 'Trop petit : chaîne de caractères doit avoir >=1 caractères' },
    ]);
    expect(notificationReadParser.safeParse({ ids: Array(51).fill('a') }).error?.issues).toEqual([
      { path: ['ids'], message: 'Au plus 50 notifications à la fois' },
    ]);
  });
});
