import { describe, expect, it } from 'vitest';
import { moneySamples, oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { invoicePayInput } from './invoice.js';
import { invoicePayParser } from './invoice-pay-input.js';

type Random = ReturnType<typeof seededRandom>;

const instants = [
  '2026-11-22T14:30:00Z',
  ' 2026-11-22T14:30:00+02:00 ',
  '2026-11-22T14:30:00.123456789Z',
  '2026-11-22t14:30z',
  '2026-11-22',
  '2026-02-30T10:00:00Z',
  '2026-11-22T24:00:00Z',
  '2026-11-22 14:30:00Z',
  'hier',
];
const methods = ['transfer', 'cheque', 'cash', 'card', 'Virement', 'CARD', ' cash'];
const references = [
  'Chèque n° 1234567',
  ' VIR SEPA 42 ',
  repeated('x', 200),
  ` ${repeated('x', 200)} `,
  repeated('x', 201),
  repeated('😀', 200),
  repeated('😀', 201),
];
const versions = [1, 2, 7, 0, -3, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, '3'];

const value = (random: Random, typical: readonly unknown[]) =>
  random.next() < 0.7 ? random.pick(typical) : random.pick(oddValues);

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ paidAmount: 1 }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.7) body.paidAmount = value(random, moneySamples);
  if (random.next() < 0.5) body.paidAt = value(random, instants);
  if (random.next() < 0.5) body.method = value(random, methods);
  if (random.next() < 0.4) body.reference = value(random, references);
  if (random.next() < 0.6) body.version = value(random, versions);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the body of POST /api/invoices/{id}/pay, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (4,000 random bodies)', () => {
    const random = seededRandom(2715);
    const bodies = Array.from({ length: 4_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(invoicePayParser, invoicePayInput, bodies);
    expect(difference).toBeUndefined();
    // Both sides of the comparison were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(3_600);
  });

  it('reads the amount as cents written out, the instant in UTC, and says what is wrong', () => {
    expect(
      invoicePayParser.parse({
        paidAmount: '1 234,5',
        paidAt: '2026-11-22T14:30:00+02:00',
        method: 'cheque',
        reference: ' n° 42 ',
        version: 3,
        other: 1,
      }),
    ).toEqual({
      paidAmount: '1234.50',
      paidAt: '2026-11-22T12:30:00.000Z',
      method: 'cheque',
      reference: 'n° 42',
      version: 3,
    });
    expect(invoicePayParser.parse({ paidAmount: '', paidAt: null })).toEqual({});
    expect(invoicePayParser.safeParse({ paidAmount: '12,345', method: 'espèces' }).error?.issues).toEqual([
      {
        path: ['paidAmount'],
        message: 'Montant invalide : utilisez un nombre avec au plus deux décimales, par exemple 1 234,50',
      },
      {
        path: ['method'],
        message: 'Option invalide : une valeur parmi "transfer"|"cheque"|"cash"|"card" attendue',
      },
    ]);
  });
});
