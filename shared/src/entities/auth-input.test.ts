import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { registerServerInput, setupInput } from './auth.js';
import { registerParser, setupParser } from './auth-input.js';

type Random = ReturnType<typeof seededRandom>;

/** Values of a field: valid ones first (`valid` of them), then refused ones. */
const fields = {
  name: {
    valid: 3,
    values: [
      'Marie',
      ' Dupont ',
      repeated('x', 2_000),
      '',
      '  ',
      ` ${repeated('x', 2_001)}`,
      repeated('x', 2_001),
      repeated('😀', 2_001),
    ],
  },
  email: {
    valid: 3,
    values: [
      'marie@exemple.fr',
      ' Marie@Exemple.fr ',
      `${repeated('a', 243)}@exemple.fr`,
      `${repeated('a', 244)}@exemple.fr`,
      'marie@exemple',
      'marie',
    ],
  },
  username: {
    valid: 5,
    values: [
      'marie',
      ' mdupont ',
      'abc',
      repeated('x', 100),
      repeated('😀', 100),
      'ab',
      ' ab ',
      'a@b',
      'a@',
      repeated('x', 101),
      `${repeated('x', 101)}@`,
      repeated('😀', 101),
    ],
  },
  password: {
    valid: 5,
    values: [
      'secret',
      ' secret ',
      repeated('😀', 6),
      repeated('x', 200),
      repeated('😀', 200),
      'abcde',
      '😀😀😀',
      repeated('x', 201),
    ],
  },
  companyName: { valid: 2, values: ['Dupont Bâtiment', ' Maçonnerie ', repeated('x', 2_001)] },
  companyId: {
    valid: 4,
    values: [
      '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      '7C9E6679-7425-40DE-944B-E07FC1F90AE7',
      '00000000-0000-0000-0000-000000000000',
      'none',
      '7c9e6679-7425-90de-944b-e07fc1f90ae7',
      ' 7c9e6679-7425-40de-944b-e07fc1f90ae7',
      'abc',
    ],
  },
  setupToken: { valid: 2, values: ['jeton-installation', ' jeton ', '  ', repeated('x', 2_001)] },
};

/** Mostly a valid value, else a refused one, else a value of another kind. */
function value(random: Random, field: { valid: number; values: readonly unknown[] }): unknown {
  const draw = random.next();
  if (draw < 0.85) return random.pick(field.values.slice(0, field.valid));
  return draw < 0.93 ? random.pick(field.values) : random.pick(oddValues);
}

function person(random: Random): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (random.next() < 0.97) body.firstName = value(random, fields.name);
  if (random.next() < 0.97) body.lastName = value(random, fields.name);
  if (random.next() < 0.97) body.email = value(random, fields.email);
  if (random.next() < 0.97) body.username = value(random, fields.username);
  if (random.next() < 0.97) body.password = value(random, fields.password);
  return body;
}

function randomRegisterBody(random: Random): unknown {
  if (random.next() < 0.04) return random.pick([null, undefined, 'x', 5, [], [{ username: 'marie' }]]);
  const body = person(random);
  if (random.next() < 0.95) {
    body.confirmPassword =
      random.next() < 0.8 && typeof body.password === 'string'
        ? body.password
        : value(random, fields.password);
  }
  const mode = random.next();
  if (mode < 0.45 || mode > 0.9) body.companyName = value(random, fields.companyName);
  if (mode >= 0.45) body.companyId = value(random, fields.companyId);
  if (random.next() < 0.1) body.other = 1;
  return body;
}

function randomSetupBody(random: Random): unknown {
  if (random.next() < 0.04) return random.pick([null, undefined, 'x', 5, [], [{ username: 'marie' }]]);
  const body = person(random);
  if (random.next() < 0.97) body.setupToken = value(random, fields.setupToken);
  if (random.next() < 0.1) body.other = 1;
  return body;
}

describe('the bodies of POST /api/setup and POST /api/auth/register, parsed without zod', () => {
  it.each([
    ['POST /api/auth/register', registerParser, registerServerInput, randomRegisterBody, 2716],
    ['POST /api/setup', setupParser, setupInput, randomSetupBody, 2717],
  ] as const)(
    '%s answers as its zod schema: same output, issues, French messages, refinements (5,000 random bodies)',
    (_route, hand, schema, randomBody, seed) => {
      const random = seededRandom(seed);
      const bodies = Array.from({ length: 5_000 }, () => randomBody(random));
      const { accepted, difference } = compareParsers(hand, schema, bodies);
      expect(difference).toBeUndefined();
      // Both sides of the comparison were exercised.
      expect(accepted).toBeGreaterThan(100);
      expect(accepted).toBeLessThan(4_500);
    },
  );

  it('reads the person trimmed, the password as typed, and says what is wrong', () => {
    const person = {
      firstName: ' Marie ',
      lastName: 'Dupont',
      email: ' marie@exemple.fr ',
      username: ' mdupont ',
      password: ' secret ',
    };
    expect(
      registerParser.parse({ ...person, confirmPassword: ' secret ', companyName: ' Dupont Bâtiment ' }),
    ).toEqual({
      firstName: 'Marie',
      lastName: 'Dupont',
      email: 'marie@exemple.fr',
      username: 'mdupont',
      password: ' secret ',
      confirmPassword: ' secret ',
      companyName: 'Dupont Bâtiment',
    });
    expect(
      registerParser.safeParse({ ...person, confirmPassword: 'secret', username: 'a@' }).error?.issues,
    ).toEqual([
      { path: ['username'], message: "Le nom d'utilisateur doit contenir au moins 3 caractères" },
      { path: ['username'], message: "Le nom d'utilisateur ne doit pas contenir « @ »" },
      { path: ['confirmPassword'], message: 'Les mots de passe ne correspondent pas' },
      {
        path: ['companyName'],
        message:
          "Indiquez soit le nom d'une nouvelle entreprise, soit l'entreprise existante à rejoindre, mais pas les deux",
      },
    ]);
    expect(setupParser.safeParse({ ...person, setupToken: ' ' }).error?.issues).toEqual([
      { path: ['setupToken'], message: "Le jeton d'installation est requis" },
    ]);
  });
});
