import { seededRandom } from '@btp/shared/testing/seeded-random';
import { compareParsers } from '@btp/shared/testing/seen-answer';
import { describe, expect, it } from 'vitest';
import '@btp/shared/zod-fr';
import * as z from 'zod';
import { idParams } from './params.js';

/** The zod schema of the path's `{id}` before it was parsed by hand (issue 27): the reference. */
const zodIdParams = z.object({ id: z.string().min(1).max(100) });

describe('the {id} path parameter, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (500 random inputs)', () => {
    const random = seededRandom(2709);
    const values = (): unknown =>
      random.pick([
        undefined,
        null,
        '',
        ' ',
        'abc',
        '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        'x'.repeat(random.pick([99, 100, 101, 300])),
        'é'.repeat(random.pick([100, 101])),
        '😀'.repeat(random.pick([50, 51])),
        5,
        true,
        [],
        ['a'],
        Array.from({ length: 101 }, () => 'a'),
        {},
      ]);
    const inputs = Array.from({ length: 500 }, () =>
      random.next() < 0.05 ? values() : random.next() < 0.9 ? { id: values() } : { id: values(), x: 1 },
    );
    const { accepted, difference } = compareParsers(idParams, zodIdParams, inputs);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(50);
    expect(idParams.parse({ id: 'abc', x: 1 })).toEqual({ id: 'abc' });
    expect(idParams.safeParse({ id: 'x'.repeat(101) }).error?.issues).toEqual([
      { path: ['id'], message: 'Trop grand : chaîne de caractères doit avoir <=100 caractères' },
    ]);
  });
});
