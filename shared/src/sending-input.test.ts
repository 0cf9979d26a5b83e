import { describe, expect, it } from 'vitest';
import { invoiceSendInput } from './entities/invoice.js';
import { invoiceRemindInput } from './reminders.js';
import { documentEmailInput, documentSendInput } from './sending.js';
import {
  documentEmailParser,
  documentSendParser,
  invoiceRemindParser,
  invoiceSendParser,
} from './sending-input.js';
import { oddValues, repeated } from './testing/odd-values.js';
import { seededRandom } from './testing/seeded-random.js';
import { compareParsers } from './testing/seen-answer.js';

type Random = ReturnType<typeof seededRandom>;

const emails = [
  'marie@exemple.fr',
  ' Marie.Dupont+devis@Chantier.exemple.fr ',
  'marie@exemple',
  'marie..dupont@exemple.fr',
  'marie@exemple.fr\nBcc: pirate@exemple.fr',
  // 254 characters, the longest address; then 255.
  `${repeated('a', 243)}@exemple.fr`,
  `${repeated('a', 244)}@exemple.fr`,
  ` ${repeated('a', 240)}@exemple.fr `,
  `${repeated('😀', 240)}@exemple.fr`,
];
const messages = [
  'Bonjour, voici le document.',
  ' x ',
  repeated('x', 2_000),
  ` ${repeated('x', 2_000)} `,
  repeated('x', 2_001),
  repeated('😀', 2_000),
  repeated('😀', 2_001),
];
const versions = [1, 2, 7, 0, -3, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, Infinity, '3', null];

const value = (random: Random, typical: readonly unknown[]) =>
  random.next() < 0.6 ? random.pick(typical) : random.pick(oddValues);

function randomBody(random: Random, withVersion: boolean): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ email: 'a@b.fr' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.8) body.email = value(random, emails);
  if (random.next() < 0.6) body.message = value(random, messages);
  if (withVersion && random.next() < 0.85) body.version = value(random, versions);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

const bodies = (seed: number, withVersion: boolean) => {
  const random = seededRandom(seed);
  return Array.from({ length: 3_000 }, () => randomBody(random, withVersion));
};

describe('the bodies of the sends, parsed without zod', () => {
  it.each([
    ['POST /api/invoices/{id}/send', invoiceSendParser, invoiceSendInput, true],
    ['POST /api/quotes/{id}/send', documentSendParser, documentSendInput, true],
    ['POST /api/{quotes,invoices}/{id}/email', documentEmailParser, documentEmailInput, false],
    ['POST /api/invoices/{id}/remind', invoiceRemindParser, invoiceRemindInput, false],
  ] as const)('%s answers as its zod schema (3,000 random bodies)', (_route, hand, schema, withVersion) => {
    const { accepted, difference } = compareParsers(hand, schema, bodies(2713, withVersion));
    expect(difference).toBeUndefined();
    // Both sides of the comparison were exercised.
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(2_700);
  });

  it('reads the address and the message trimmed, and says what is wrong', () => {
    expect(
      invoiceSendParser.parse({ email: ' marie@exemple.fr ', message: ' Bonjour ', version: 2, other: 1 }),
    ).toEqual({
      email: 'marie@exemple.fr',
      message: 'Bonjour',
      version: 2,
    });
    expect(documentEmailParser.parse({ email: '  ', message: null })).toEqual({});
    expect(invoiceSendParser.safeParse({ email: 'marie@exemple' }).error?.issues).toEqual([
      { path: ['email'], message: "L'adresse e-mail doit être valide" },
      { path: ['version'], message: 'La version lue est requise' },
    ]);
  });
});
