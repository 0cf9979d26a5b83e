import { describe, expect, it } from 'vitest';
import { instantSamples, jsonItemsSamples, oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import { supplierInvoiceCreateInput, supplierInvoiceUpdateInput } from './supplier-invoice.js';
import { supplierInvoiceCreateParser, supplierInvoiceUpdateParser } from './supplier-invoice-input.js';

type Random = ReturnType<typeof seededRandom>;

const texts = ['Facture mars', ' Gros œuvre ', repeated('x', 2000), repeated('x', 2001), '  '];
const longTexts = ['Livraison partielle', repeated('x', 10_001)];
const statuses = ['draft', 'sent', 'paid', 'overdue', 'cancelled', 'Draft', 'payée'];
const kinds = ['invoice', 'credit_note', 'avoir', 'Invoice'];
const amounts = [0, 1250, '1 250,50', '1.005', -1, '-12,30', '10 000 000 000', 'abc', 99.99];
const dates = ['2026-11-22', ' 2026-02-28 ', '2026-02-30', '2026-11-22T00:00:00.000Z', '22/11/2026'];
const quantities = ['12.5', 3, -2, '-0,5', '1.2605', '0.000125', '0.0000001', 1e12, '1 000', 'douze', 0];
const prices = ['8.50', 1.2605, '0,000125', 0, -1, '-0.01', '1234567890', 'x', '12,3456789'];
const rates = ['20', 5.5, '19.00', '2,1', 0, 100, 100.01, -1, '7.125', 'vingt'];
const resources = ['material', 'labor', 'subcontracting', 'equipment', 'other', 'matériau'];

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

function randomLine(random: Random): unknown {
  if (random.next() < 0.03) return random.pick(oddValues);
  const line: Record<string, unknown> = {};
  if (random.next() < 0.95) line.description = value(random, texts, 0.04);
  if (random.next() < 0.3) line.unit = value(random, ['m²', 'u', ' h ']);
  if (random.next() < 0.95) line.quantity = value(random, quantities, 0.04);
  if (random.next() < 0.95) line.unitPrice = value(random, prices, 0.04);
  if (random.next() < 0.95) line.vatRate = value(random, rates, 0.04);
  if (random.next() < 0.3) line.resourceType = value(random, resources);
  if (random.next() < 0.2) line.projectId = value(random, [...uuidSamples, 'none']);
  return line;
}

function randomLines(random: Random): unknown {
  const size = random.next();
  if (size < 0.05) return random.pick(oddValues);
  if (size < 0.08)
    return Array.from({ length: 1_001 }, () => ({
      description: 'x',
      quantity: 1,
      unitPrice: 1,
      vatRate: 20,
    }));
  if (size < 0.1)
    return Array.from({ length: 1_000 }, () => ({
      description: 'x',
      quantity: '1',
      unitPrice: 1,
      vatRate: 20,
    }));
  const count = Math.floor(random.next() * 4);
  // Most lists right, so that whole bodies pass.
  if (random.next() < 0.5)
    return Array.from({ length: count }, () => ({
      description: 'Plaque BA13',
      quantity: '12.5',
      unitPrice: '8.50',
      vatRate: '20',
    }));
  return Array.from({ length: count }, () => randomLine(random));
}

function randomBody(random: Random, withVersion: boolean): unknown {
  // Not `null` nor nothing: zod's refinement throws on them (the last test).
  if (random.next() < 0.03) return random.pick(['x', 5, [], [{ supplierId: 'x' }]]);
  const body: Record<string, unknown> = {};
  if (random.next() < 0.95) body.supplierId = value(random, uuidSamples, 0.05);
  if (random.next() < 0.2) body.projectId = value(random, [...uuidSamples, 'none']);
  if (random.next() < 0.1) body.supplierQuoteId = value(random, uuidSamples);
  if (random.next() < 0.4) body.status = value(random, statuses);
  if (random.next() < 0.4) body.kind = value(random, kinds);
  if (random.next() < 0.3) body.title = value(random, texts);
  if (random.next() < 0.2) body.description = value(random, longTexts);
  if (random.next() < 0.6) body.lines = randomLines(random);
  if (random.next() < 0.5) body.totalAmount = value(random, amounts);
  if (random.next() < 0.3) body.paidAmount = value(random, amounts);
  if (random.next() < 0.3) body.dueDate = value(random, dates);
  if (random.next() < 0.2) body.receivedAt = value(random, instantSamples);
  if (random.next() < 0.2) body.paidAt = value(random, instantSamples);
  if (random.next() < 0.15) body.items = value(random, jsonItemsSamples, 0.2);
  if (random.next() < 0.2) body.supplierReference = value(random, texts);
  if (random.next() < 0.2) body.issueDate = value(random, dates);
  if (random.next() < 0.2) body.netAmount = value(random, amounts);
  if (random.next() < 0.2) body.vatAmount = value(random, amounts);
  if (random.next() < 0.1) body.documentId = value(random, uuidSamples);
  if (random.next() < 0.25) body.creditedInvoiceId = value(random, [...uuidSamples, 'none', '']);
  if (withVersion && random.next() < 0.6) body.version = value(random, [1, 2, 0, -1, 1.5, '2', 2 ** 60], 0.1);
  if (random.next() < 0.1) body.other = 1;
  return body;
}

describe('the bodies of POST /api/supplier-invoices and PUT /api/supplier-invoices/{id}, parsed without zod', () => {
  it.each([
    ['POST /api/supplier-invoices', supplierInvoiceCreateParser, supplierInvoiceCreateInput, false, 3701],
    ['PUT /api/supplier-invoices/{id}', supplierInvoiceUpdateParser, supplierInvoiceUpdateInput, true, 3702],
  ] as const)(
    '%s answers as the zod schema: same output, issues and French messages (4,000 random bodies)',
    (_route, parser, schema, withVersion, seed) => {
      const random = seededRandom(seed);
      const bodies = Array.from({ length: 4_000 }, () => randomBody(random, withVersion));
      const { accepted, difference } = compareParsers(parser, schema, bodies);
      expect(difference).toBeUndefined();
      expect(accepted).toBeGreaterThan(50);
      expect(accepted).toBeLessThan(3_600);
    },
  );

  it('refuses a body of null or nothing as not an object, where the zod schema throws', () => {
    for (const body of [null, undefined]) {
      expect(() => supplierInvoiceCreateInput.safeParse(body)).toThrow(TypeError);
      expect(supplierInvoiceCreateParser.safeParse(body).error?.issues).toEqual([
        { path: [], message: `Entrée invalide : objet attendu, ${body === null ? 'null' : 'indéfini'} reçu` },
      ]);
    }
  });

  it('fills the defaults, writes the decimals out, and reports the rules beside the fields', () => {
    const supplierId = '7C9E6679-7425-40DE-944B-E07FC1F90AE7';
    expect(
      supplierInvoiceCreateParser.parse({
        supplierId,
        lines: [{ description: ' Plaque ', quantity: '-2', unitPrice: '1,2605', vatRate: 19 }],
      }),
    ).toEqual({
      supplierId: supplierId.toLowerCase(),
      status: 'draft',
      kind: 'invoice',
      lines: [{ description: 'Plaque', quantity: '-2.000', unitPrice: '1.2605', vatRate: '19.00' }],
      paidAmount: '0.00',
    });
    expect(
      supplierInvoiceCreateParser.safeParse({
        supplierId,
        status: 'payée',
        creditedInvoiceId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      }).error?.issues,
    ).toEqual([
      {
        path: ['status'],
        message: 'Option invalide : une valeur parmi "draft"|"sent"|"paid"|"overdue"|"cancelled" attendue',
      },
      { path: ['totalAmount'], message: 'Le montant total est requis' },
      {
        path: ['creditedInvoiceId'],
        message: "Seul un avoir peut citer la facture qu'il corrige : choisissez le type « Avoir ».",
      },
    ]);
  });
});
