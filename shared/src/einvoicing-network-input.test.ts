import { describe, expect, it } from 'vitest';
import { einvoicingSettingsInput, supplierInvoiceStatusInput } from './einvoicing-network.js';
import { einvoicingSettingsParser, supplierInvoiceStatusParser } from './einvoicing-network-input.js';
import { oddValues, repeated } from './testing/odd-values.js';
import { seededRandom } from './testing/seeded-random.js';
import { compareParsers } from './testing/seen-answer.js';

type Random = ReturnType<typeof seededRandom>;

const value = (random: Random, typical: readonly unknown[], odds = 0.3) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

const urls = [
  'https://pa.exemple.fr/api',
  ' https://pa.exemple.fr/api/// ',
  'https://pa.exemple.fr',
  'http://localhost:4010/',
  'http://127.0.0.1:4010',
  'http://pa.exemple.fr/api',
  'https://user:pw@pa.exemple.fr',
  'https://pa.exemple.fr/api?x=1',
  'https://pa.exemple.fr/#top',
  'ftp://pa.exemple.fr',
  'pa.exemple.fr',
  `https://pa.exemple.fr/${repeated('a', 480)}`,
  `https://pa.exemple.fr/${repeated('a', 478)}`,
  `https://pa.exemple.fr/${repeated('😀', 478)}`,
];
const clientIds = [
  'btp-gestion',
  ' client 42 ',
  repeated('x', 200),
  ` ${repeated('x', 200)} `,
  repeated('x', 201),
];
const secrets = [
  's3cret',
  ' secret avec espaces ',
  repeated('s', 500),
  repeated('s', 501),
  repeated('😀', 500),
];
const booleans = [true, false, 'true', 1, 0];

function randomSettings(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ enabled: true }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.platformUrl = value(random, urls, 0.1);
  if (random.next() < 0.95) body.clientId = value(random, clientIds, 0.1);
  if (random.next() < 0.6) body.clientSecret = value(random, secrets);
  if (random.next() < 0.95) body.enabled = value(random, booleans, 0.1);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

const statuses = ['204', '205', '207', '210', '206', '200', 'Refusée', 204];
const reasons = [
  'REFUS',
  'DOUBLON',
  'AUTRE',
  'TX_TVA_ERR',
  'MONTANTTOTAL_ERR',
  'NON_TRANSMISE',
  ' REFUS',
  'inconnu',
  repeated('X', 41),
];
const comments = [
  'Montant erroné',
  ' à voir ',
  repeated('x', 1000),
  ` ${repeated('x', 1000)} `,
  repeated('x', 1001),
];

function randomStatus(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ status: '204' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.9) body.status = value(random, statuses);
  if (random.next() < 0.6) body.reasonCode = value(random, reasons);
  if (random.next() < 0.4) body.comment = value(random, comments);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the e-invoicing network bodies, parsed without zod', () => {
  it.each([
    ['PUT /api/company/einvoicing', einvoicingSettingsParser, einvoicingSettingsInput, randomSettings, 3071],
    [
      'POST /api/supplier-invoices/{id}/status',
      supplierInvoiceStatusParser,
      supplierInvoiceStatusInput,
      randomStatus,
      3072,
    ],
  ] as const)(
    '%s answers as the zod schema: same output, issues and French messages (4,000 random bodies)',
    (_route, parser, schema, randomBody, seed) => {
      const random = seededRandom(seed);
      const bodies = Array.from({ length: 4_000 }, () => randomBody(random));
      const { accepted, difference } = compareParsers(parser, schema, bodies);
      expect(difference).toBeUndefined();
      // Both sides of the comparison were exercised.
      expect(accepted).toBeGreaterThan(200);
      expect(accepted).toBeLessThan(3_600);
    },
  );

  it('keeps the platform address without its trailing slashes, and says what is wrong', () => {
    expect(
      einvoicingSettingsParser.parse({
        platformUrl: ' https://pa.exemple.fr/api// ',
        clientId: ' btp ',
        enabled: true,
        other: 1,
      }),
    ).toEqual({ platformUrl: 'https://pa.exemple.fr/api', clientId: 'btp', enabled: true });
    expect(
      einvoicingSettingsParser.safeParse({ platformUrl: 'http://pa.exemple.fr', clientId: 'btp' }).error
        ?.issues,
    ).toEqual([
      {
        path: ['platformUrl'],
        message:
          "L'adresse de la plateforme doit être une adresse https:// (sans identifiant, ni paramètre).",
      },
      { path: ['enabled'], message: 'La transmission doit être activée ou non.' },
    ]);
  });

  it('asks for a reason where the status needs one, and refuses one it cannot carry', () => {
    expect(supplierInvoiceStatusParser.parse({ status: '204', comment: ' reçue ' })).toEqual({
      status: '204',
      comment: 'reçue',
    });
    expect(supplierInvoiceStatusParser.safeParse({ status: '210' }).error?.issues).toEqual([
      { path: ['reasonCode'], message: 'Le motif est requis pour ce statut.' },
    ]);
    expect(
      supplierInvoiceStatusParser.safeParse({ status: '205', reasonCode: 'inconnu' }).error?.issues,
    ).toEqual([{ path: ['reasonCode'], message: 'Ce motif ne peut pas accompagner ce statut.' }]);
  });
});
