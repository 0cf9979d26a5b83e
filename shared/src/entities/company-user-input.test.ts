import { describe, expect, it } from 'vitest';
import { oddValues } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { companyUserUpdateInput } from './company-user.js';
import { companyUserUpdateParser } from './company-user-input.js';

type Random = ReturnType<typeof seededRandom>;

const value = (random: Random, typical: readonly unknown[], odds = 0.15) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ role: 'user' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.5) body.isActive = value(random, [true, false, 'true', 1, null]);
  if (random.next() < 0.5) body.role = value(random, ['user', 'company_admin', 'super_admin', 'User', '']);
  if (random.next() < 0.1) body.other = 1;
  return body;
}

describe('the body of PUT /api/company/users/{id}, parsed without zod', () => {
  it('answers as the zod schema: same output, issues and French messages (5,000 random bodies)', () => {
    const random = seededRandom(2103);
    const seen = compareParsers(
      companyUserUpdateParser,
      companyUserUpdateInput,
      Array.from({ length: 5_000 }, () => randomBody(random)),
    );
    expect({ ...seen, accepted: seen.accepted > 100 && seen.accepted < 4_500 }).toEqual({ accepted: true });
  });

  it('takes a role or a status, refuses an empty change, and says what is wrong', () => {
    expect(companyUserUpdateParser.parse({ role: 'company_admin' })).toEqual({ role: 'company_admin' });
    expect(companyUserUpdateParser.safeParse({}).error?.issues).toEqual([
      { path: [], message: 'Aucune modification : indiquez le rôle ou le statut' },
    ]);
    expect(companyUserUpdateParser.safeParse({ isActive: 'oui', role: 'super_admin' }).error?.issues).toEqual(
      [
        { path: ['isActive'], message: 'Le statut doit être actif (true) ou inactif (false)' },
        {
          path: ['role'],
          message: 'Le rôle doit être « Utilisateur » (user) ou « Administrateur » (company_admin)',
        },
      ],
    );
  });
});
