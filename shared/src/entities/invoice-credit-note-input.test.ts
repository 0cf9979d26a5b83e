import { describe, expect, it } from 'vitest';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { invoiceCreditNoteInput } from './invoice.js';
import { invoiceCreditNoteParser } from './invoice-credit-note-input.js';

type Random = ReturnType<typeof seededRandom>;

const indexes = [0, 1, 7, 999, 1000, -1, 1.5, '3', ' 12 ', '1,0', '2.5', 'x', '', 1e21];
const quantities = [
  1,
  0.5,
  '1,5',
  ' 2.250 ',
  0,
  -1,
  '0,0001',
  1e21,
  '9 999 999,999',
  '10000000',
  'beaucoup',
  '',
];
const reasons = [
  'Erreur de prix',
  ' Remise accordée ',
  repeated('x', 2000),
  ` ${repeated('x', 2000)} `,
  repeated('x', 2001),
];

const value = (random: Random, typical: readonly unknown[], odds = 0.25) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomLine(random: Random): unknown {
  if (random.next() < 0.05) return random.pick(oddValues);
  const line: Record<string, unknown> = {};
  if (random.next() < 0.95) line.index = value(random, indexes, 0.1);
  if (random.next() < 0.4) line.quantity = value(random, quantities, 0.1);
  if (random.next() < 0.1) line.other = 'x';
  return line;
}

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ reason: 'x' }]]);
  const body: Record<string, unknown> = {};
  const lines = random.next();
  if (lines < 0.5) body.lines = Array.from({ length: random.int(0, 4) }, () => randomLine(random));
  else if (lines < 0.55) body.lines = Array.from({ length: 1_001 }, () => ({ index: 1 }));
  else if (lines < 0.65) body.lines = random.pick([...oddValues, 'abc', repeated('x', 1_001), { length: 0 }]);
  if (random.next() < 0.6) body.reason = value(random, reasons);
  if (random.next() < 0.2) body.other = 1;
  return body;
}

describe('the body of POST /api/invoices/{id}/credit-note, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (4,000 random bodies)', () => {
    const random = seededRandom(2727);
    const bodies = Array.from({ length: 4_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(invoiceCreditNoteParser, invoiceCreditNoteInput, bodies);
    expect(difference).toBeUndefined();
    // Both sides of the comparison were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(3_600);
  });

  it('reads the lines by position with their quantity in thousandths, and says what is wrong', () => {
    expect(
      invoiceCreditNoteParser.parse({
        lines: [{ index: '2' }, { index: 0, quantity: '1,5' }],
        reason: ' Erreur ',
      }),
    ).toEqual({ lines: [{ index: 2 }, { index: 0, quantity: '1.500' }], reason: 'Erreur' });
    expect(invoiceCreditNoteParser.parse({ lines: null, reason: '' })).toEqual({});
    expect(
      invoiceCreditNoteParser.safeParse({ lines: [{ index: 1000, quantity: 0 }] }).error?.issues,
    ).toEqual([
      { path: ['lines', '0', 'index'], message: 'La ligne à créditer est inconnue' },
      { path: ['lines', '0', 'quantity'], message: 'La quantité à créditer doit être un nombre positif' },
    ]);
    expect(invoiceCreditNoteParser.safeParse({ lines: [] }).error?.issues).toEqual([
      { path: ['lines'], message: 'Choisissez au moins une ligne à créditer' },
    ]);
  });
});
