import { describe, expect, it } from 'vitest';
import { loginInput } from './entities/auth.js';
import { loginParser } from './login-input.js';
import { seededRandom } from './testing/seeded-random.js';
import { compareParsers } from './testing/seen-answer.js';

type Random = ReturnType<typeof seededRandom>;

/** A value of `identifier` or `password`: text around the bounds (in UTF-16 units or code points), blank, another type. */
function randomValue(random: Random): unknown {
  return random.pick([
    'chef.chantier',
    ' marie@exemple.fr ',
    'secret',
    'abcde',
    '',
    '   ',
    '\t',
    '😀'.repeat(3),
    '😀'.repeat(6),
    'x'.repeat(200),
    'x'.repeat(201),
    '😀'.repeat(200),
    'x'.repeat(2_000),
    ` ${'x'.repeat(2_000)} `,
    'x'.repeat(2_001),
    '😀'.repeat(1_001),
    '😀'.repeat(2_001),
    undefined,
    null,
    0,
    123456,
    true,
    [],
    ['secret'],
    Array(201).fill('x'),
    Array(2_001).fill('x'),
    {},
  ]);
}

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ identifier: 'a' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.9) body.identifier = randomValue(random);
  if (random.next() < 0.9) body.password = randomValue(random);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the body of POST /api/auth/login, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (3,000 random bodies)', () => {
    const random = seededRandom(2712);
    const bodies = Array.from({ length: 3_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(loginParser, loginInput, bodies);
    expect(difference).toBeUndefined();
    // Both sides of the comparison were exercised.
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(2_700);
  });

  it('reads the identifier trimmed and the password as typed, and says what is wrong', () => {
    expect(loginParser.parse({ identifier: ' marie ', password: ' secret ', other: 1 })).toEqual({
      identifier: 'marie',
      password: ' secret ',
    });
    expect(loginParser.safeParse({ identifier: '  ', password: 'abc' }).error?.issues).toEqual([
      { path: ['identifier'], message: "L'identifiant est requis" },
      { path: ['password'], message: 'Le mot de passe doit contenir au moins 6 caractères' },
    ]);
  });
});
