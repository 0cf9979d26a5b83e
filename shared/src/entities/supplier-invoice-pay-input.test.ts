import { describe, expect, it } from 'vitest';
import { instantSamples, moneySamples, oddValues } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers } from '../testing/seen-answer.js';
import { supplierInvoicePayInput } from './supplier-invoice.js';
import { supplierInvoicePayParser } from './supplier-invoice-pay-input.js';

type Random = ReturnType<typeof seededRandom>;

/** Each field of the body: how often it is sent, and its typical values (odd ones 30 % of the time). */
const fieldSamples: readonly [string, number, readonly unknown[]][] = [
  ['paidAmount', 0.7, moneySamples],
  ['paidAt', 0.5, instantSamples],
  ['version', 0.6, [1, 2, 7, 0, -3, 1.5, 2 ** 53, Number.MAX_SAFE_INTEGER, '3']],
  ['method', 0.2, ['cheque']],
];

function randomBody(random: Random): unknown {
  if (random.next() < 0.05) return random.pick([null, undefined, 'x', 5, [], [{ paidAmount: 1 }]]);
  return Object.fromEntries(
    fieldSamples
      .filter(([, sent]) => random.next() < sent)
      .map(([name, , samples]) => [name, random.pick(random.next() < 0.7 ? samples : oddValues)]),
  );
}

describe('the body of POST /api/supplier-invoices/{id}/pay, parsed without zod', () => {
  it('answers as the zod schema: same output, same issues and French messages (4,000 random bodies)', () => {
    const random = seededRandom(2725);
    const bodies = Array.from({ length: 4_000 }, () => randomBody(random));
    const { accepted, difference } = compareParsers(
      supplierInvoicePayParser,
      supplierInvoicePayInput,
      bodies,
    );
    expect(difference).toBeUndefined();
    // Both sides of the comparison were exercised.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(3_600);
  });

  it('reads the amount as cents written out, the instant in UTC, and says what is wrong', () => {
    expect(
      supplierInvoicePayParser.parse({
        paidAmount: '1 234,5',
        paidAt: '2026-11-22T14:30:00+02:00',
        version: 3,
        method: 'cheque',
      }),
    ).toEqual({ paidAmount: '1234.50', paidAt: '2026-11-22T12:30:00.000Z', version: 3 });
    expect(supplierInvoicePayParser.parse({ paidAmount: '', paidAt: null })).toEqual({});
    expect(supplierInvoicePayParser.safeParse({ paidAmount: '-1', version: 0 }).error?.issues).toEqual([
      { path: ['paidAmount'], message: 'Le montant doit être positif ou nul' },
      { path: ['version'], message: 'La version doit être un nombre entier positif' },
    ]);
  });
});
