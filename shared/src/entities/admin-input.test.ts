import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { adminCompanyUpdateInput, adminUserUpdateInput } from './admin.js';
import { adminCompanyUpdateParser, adminUserUpdateParser } from './admin-input.js';

type Random = ReturnType<typeof seededRandom>;

const value = (random: Random, typical: readonly unknown[], odds = 0.1) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

const booleans = [true, false, 'true', 0, null];
const roles = ['super_admin', 'company_admin', 'user', 'admin', 'User', ''];
const permissions = [
  {},
  { invoices: true },
  { a: { b: [1, 'x', null] } },
  [],
  'x',
  null,
  { bad: Number.NaN },
];
const plans = ['free', 'basic', 'premium', 'enterprise', 'gold', ' free'];
const statuses = ['pending', 'active', 'suspended', 'cancelled', 'closed'];
const dates = [
  '2026-11-22',
  ' 2026-02-28 ',
  '2026-02-30',
  '2026-11-22T00:00:00.000Z',
  '22/11/2026',
  '',
  null,
];
const counts = [1, 25, 1000, 1001, 0, -1, 1.5, '12', ' 40 ', '1 000', 'abc', ''];
const notes = ['Client fidèle', ' à voir ', '', null, repeated('x', 10_000), repeated('x', 10_001)];

function randomUserBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ role: 'user' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.45) body.role = value(random, roles);
  if (random.next() < 0.45) body.isActive = value(random, booleans);
  if (random.next() < 0.3) body.permissions = value(random, permissions);
  if (random.next() < 0.1) body.other = 1;
  return body;
}

function randomCompanyBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ status: 'active' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.4) body.subscriptionPlan = value(random, plans);
  if (random.next() < 0.4) body.subscriptionEndDate = value(random, dates);
  if (random.next() < 0.4) body.subscriptionAutoRenew = value(random, booleans);
  if (random.next() < 0.4) body.maxUsers = value(random, counts);
  if (random.next() < 0.4) body.status = value(random, statuses);
  if (random.next() < 0.4) body.notes = value(random, notes);
  if (random.next() < 0.1) body.other = 1;
  return body;
}

describe('the bodies of PUT /api/admin/users/{id} and PUT /api/admin/companies/{id}, parsed without zod', () => {
  it('answers as the zod schemas: same output, issues and French messages (5,000 random bodies each)', () => {
    const cases = [
      { parser: adminUserUpdateParser, schema: adminUserUpdateInput, body: randomUserBody, seed: 2101 },
      {
        parser: adminCompanyUpdateParser,
        schema: adminCompanyUpdateInput,
        body: randomCompanyBody,
        seed: 2102,
      },
    ];
    for (const { parser, schema, body, seed } of cases) {
      const random = seededRandom(seed);
      const seen = compareParsers(
        parser,
        schema,
        Array.from({ length: 5_000 }, () => body(random)),
      );
      // No difference, and both sides exercised.
      expect({ ...seen, accepted: seen.accepted > 100 && seen.accepted < 4_500 }).toEqual({ accepted: true });
    }
  });

  it('clears with null, refuses an empty change, and says what is wrong', () => {
    expect(adminCompanyUpdateParser.parse({ subscriptionEndDate: ' ', notes: null, maxUsers: '40' })).toEqual(
      {
        subscriptionEndDate: null,
        maxUsers: 40,
        notes: null,
      },
    );
    expect(adminUserUpdateParser.safeParse({}).error?.issues).toEqual([
      { path: [], message: 'Aucune modification : indiquez le rôle, le statut ou les permissions' },
    ]);
    expect(adminUserUpdateParser.safeParse({ role: 'boss', isActive: 'oui' }).error?.issues).toEqual([
      {
        path: ['role'],
        message: 'Option invalide : une valeur parmi "super_admin"|"company_admin"|"user" attendue',
      },
      { path: ['isActive'], message: 'Entrée invalide : booléen attendu, chaîne de caractères reçu' },
    ]);
  });
});
