/**
 * Property tests of the e-invoice reader: seeded random invoices (lines at several VAT categories
 * and rates, allowances and charges at both levels, prepaid and rounding amounts, VAT off by less
 * than a unit) written as CII and as UBL are read back as written; the same invoice with negative
 * totals, as a CII 381 or as a UBL `CreditNote` is a credit note with the same positive figures;
 * any total changed is refused, naming that figure with what the file says and what the others
 * make. A few of them are also given to the standard's own Schematron (EN 16931 rules of the
 * Factur-X artefacts): it finds no error in the invoices the reader accepts and an error in each
 * one it refuses.
 */
import { seededRandom } from '@btp/shared/testing/seeded-random';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../lib/http-errors.js';
import { schemaErrors, schematronFailures } from '../../test-support/factur-x-validation.js';
import { amountText } from './invoice-figures.js';
import { readInvoiceXml } from './read-e-invoice.js';
import type { ReceivedInvoice } from './received-invoice.js';
import {
  ciiXml,
  negated,
  percentOf,
  randomInvoice,
  ublXml,
  type InvoiceModel,
} from './testing/invoice-writer.js';

const read = (xml: string): ReceivedInvoice => readInvoiceXml(Buffer.from(xml, 'utf8'));

/** The refusal message, or `undefined` when the file was read. */
function refusal(xml: string): string | undefined {
  try {
    read(xml);
    return undefined;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    expect(error.statusCode).toBe(400);
    return error.message;
  }
}

const rate = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/** What the reader must give for a model (positive figures), whatever the syntax. */
function expectedOf(model: InvoiceModel) {
  return {
    number: model.number,
    issueDate: model.issueDate,
    dueDate: model.dueDate,
    paymentTerms: model.paymentTerms,
    currency: model.currency,
    precedingInvoices: model.preceding ? [model.preceding] : [],
    lines: model.lines.map((line) => ({
      id: line.id,
      description: line.name,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.price,
      vatCategory: line.category,
      vatRate: Number(line.rate),
      totalCents: line.netCents,
      allowances: line.allowances.map((item) => [item.amountCents, item.reason, item.reasonCode]),
      charges: line.charges.map((item) => [item.amountCents, item.reason, item.reasonCode]),
    })),
    allowances: model.allowances.map((item) => [
      item.amountCents,
      item.baseCents,
      item.percent,
      item.reason,
      item.reasonCode,
      item.category,
      Number(item.rate),
    ]),
    charges: model.charges.map((item) => [
      item.amountCents,
      item.baseCents,
      item.percent,
      item.reason,
      item.reasonCode,
      item.category,
      Number(item.rate),
    ]),
    vatBreakdown: model.breakdown.map((vat) => ({
      category: vat.category,
      rate: Number(vat.rate),
      baseCents: vat.baseCents,
      vatCents: vat.vatCents,
      exemptionReason: vat.exemptionReason,
      exemptionReasonCode: vat.exemptionReasonCode,
    })),
    lineTotalCents: model.lineTotalCents,
    allowanceTotalCents: model.allowanceTotalCents ?? 0,
    chargeTotalCents: model.chargeTotalCents ?? 0,
    netCents: model.netCents,
    vatCents: model.vatCents,
    totalCents: model.totalCents,
    prepaidCents: model.prepaidCents ?? 0,
    roundingCents: model.roundingCents ?? 0,
    dueCents: model.dueCents,
  };
}

/** The same shape from what the reader gave. */
function shapeOf(invoice: ReceivedInvoice) {
  return {
    number: invoice.number,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    paymentTerms: invoice.paymentTerms,
    currency: invoice.currency,
    precedingInvoices: invoice.precedingInvoices,
    lines: invoice.lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: line.quantity,
      unit: line.unit,
      unitPrice: line.unitPrice,
      vatCategory: line.vatCategory,
      vatRate: rate(line.vatRate),
      totalCents: line.totalCents,
      allowances: line.allowances.map((item) => [item.amountCents, item.reason, item.reasonCode]),
      charges: line.charges.map((item) => [item.amountCents, item.reason, item.reasonCode]),
    })),
    allowances: invoice.allowances.map((item) => [
      item.amountCents,
      item.baseCents,
      item.percent,
      item.reason,
      item.reasonCode,
      item.vatCategory,
      rate(item.vatRate),
    ]),
    charges: invoice.charges.map((item) => [
      item.amountCents,
      item.baseCents,
      item.percent,
      item.reason,
      item.reasonCode,
      item.vatCategory,
      rate(item.vatRate),
    ]),
    vatBreakdown: invoice.vatBreakdown.map((vat) => ({
      category: vat.category,
      rate: Number(vat.rate),
      baseCents: vat.baseCents,
      vatCents: vat.vatCents,
      exemptionReason: vat.exemptionReason,
      exemptionReasonCode: vat.exemptionReasonCode,
    })),
    lineTotalCents: invoice.lineTotalCents,
    allowanceTotalCents: invoice.allowanceTotalCents,
    chargeTotalCents: invoice.chargeTotalCents,
    netCents: invoice.netCents,
    vatCents: invoice.vatCents,
    totalCents: invoice.totalCents,
    prepaidCents: invoice.prepaidCents,
    roundingCents: invoice.roundingCents,
    dueCents: invoice.dueCents,
  };
}

const cases = 150;

describe('reading back what was written (seeded random invoices)', () => {
  it(`reads ${cases} random invoices, as CII and as UBL, exactly as written`, () => {
    const random = seededRandom(2029);
    for (let index = 0; index < cases; index += 1) {
      const model = randomInvoice(random, `FA-${index}`);
      const expected = expectedOf(model);
      for (const [syntax, xml] of [
        ['CII', ciiXml(model)],
        ['UBL', ublXml(model)],
      ] as const) {
        const invoice = read(xml);
        expect(shapeOf(invoice), `${syntax} ${model.number}`).toEqual(expected);
        expect(invoice).toMatchObject({
          syntax,
          kind: 'invoice',
          typeCode: model.typeCode,
          signReversed: false,
          vatEuroCents: model.vatCents,
          linesFromBreakdown: false,
        });
      }
    }
  });

  it('reads the same invoice with negative totals, as a CII 381 or as a UBL CreditNote as a credit note with the same positive figures', () => {
    const random = seededRandom(2030);
    for (let index = 0; index < cases / 3; index += 1) {
      const model = { ...randomInvoice(random, `AV-${index}`), typeCode: '380' };
      const expected = expectedOf(model);
      const credit = { ...model, typeCode: '381' };
      const files: [string, string, boolean][] = [
        ['CII negative 380', ciiXml(negated(model)), true],
        ['UBL negative 380', ublXml(negated(model)), true],
        ['CII 381', ciiXml(credit), false],
        ['UBL CreditNote 381', ublXml(credit, true), false],
      ];
      for (const [what, xml, reversed] of files) {
        const invoice = read(xml);
        expect(shapeOf(invoice), `${what} ${model.number}`).toEqual(expected);
        expect(invoice, what).toMatchObject({ kind: 'credit_note', signReversed: reversed });
      }
      // A credit note whose amounts are negative is, turned back, an invoice.
      expect(read(ciiXml(negated(credit)))).toMatchObject({
        kind: 'invoice',
        signReversed: true,
        totalCents: model.totalCents,
      });
    }
  });
});

/** One figure of a model changed, the figure's name in the refusal, and what the others make. */
interface Mutation {
  figure: string;
  mutate: (model: InvoiceModel, by: number) => InvoiceModel;
  /** Whether the model has that figure. */
  applies: (model: InvoiceModel) => boolean;
  /** The smallest change refused (1 cent, or beyond the standard's tolerance). */
  smallest: (model: InvoiceModel) => number;
}

const untaxedCategories = ['Z', 'E', 'AE', 'K', 'G', 'O'];
const firstS = (model: InvoiceModel) => model.breakdown.findIndex((vat) => vat.category === 'S');
const firstUntaxed = (model: InvoiceModel) =>
  model.breakdown.findIndex((vat) => untaxedCategories.includes(vat.category));

const mutations: Mutation[] = [
  {
    figure: 'BT-106',
    applies: () => true,
    smallest: () => 1,
    mutate: (model, by) => ({ ...model, lineTotalCents: model.lineTotalCents + by }),
  },
  {
    // A line's net amount: the sum of the lines no longer makes BT-106.
    figure: 'BT-106',
    applies: () => true,
    smallest: () => 1,
    mutate: (model, by) => ({
      ...model,
      lines: model.lines.map((line, index) =>
        index === 0 ? { ...line, netCents: line.netCents + by } : line,
      ),
    }),
  },
  {
    figure: 'BT-107',
    applies: (model) => model.allowanceTotalCents !== undefined,
    smallest: () => 1,
    mutate: (model, by) => ({ ...model, allowanceTotalCents: (model.allowanceTotalCents ?? 0) + by }),
  },
  {
    figure: 'BT-108',
    applies: (model) => model.chargeTotalCents !== undefined,
    smallest: () => 1,
    mutate: (model, by) => ({ ...model, chargeTotalCents: (model.chargeTotalCents ?? 0) + by }),
  },
  {
    figure: 'BT-109',
    applies: () => true,
    smallest: () => 1,
    mutate: (model, by) => ({ ...model, netCents: model.netCents + by }),
  },
  {
    figure: 'BT-110',
    applies: () => true,
    smallest: () => 1,
    mutate: (model, by) => ({ ...model, vatCents: model.vatCents + by }),
  },
  {
    figure: 'BT-112',
    applies: () => true,
    smallest: () => 1,
    mutate: (model, by) => ({ ...model, totalCents: model.totalCents + by }),
  },
  {
    figure: 'BT-115',
    applies: () => true,
    smallest: () => 1,
    mutate: (model, by) => ({ ...model, dueCents: model.dueCents + by }),
  },
  {
    // A standard-rated base must match its lines to the cent (BR-S-08).
    figure: 'BT-116',
    applies: (model) => firstS(model) >= 0,
    smallest: () => 1,
    mutate: (model, by) => ({
      ...model,
      breakdown: model.breakdown.map((vat, index) =>
        index === firstS(model) ? { ...vat, baseCents: vat.baseCents + by } : vat,
      ),
    }),
  },
  {
    // Beyond less than one unit of the rounded product (BR-CO-17, BR-S-09): whatever the deviation written.
    figure: 'BT-117',
    applies: (model) => firstS(model) >= 0,
    smallest: (model) => {
      const vat = model.breakdown[firstS(model)];
      // The written VAT may already be off by up to 99 cents: go one unit beyond, either way.
      const off = vat ? vat.vatCents - percentOf(vat.baseCents, vat.rate) : 0;
      return 100 + Math.abs(off);
    },
    mutate: (model, by) => ({
      ...model,
      breakdown: model.breakdown.map((vat, index) =>
        index === firstS(model) ? { ...vat, vatCents: vat.vatCents + by } : vat,
      ),
    }),
  },
  {
    // Any tax on an exempt, reverse-charge, export… category (BR-x-09).
    figure: 'BT-117',
    applies: (model) => firstUntaxed(model) >= 0,
    smallest: () => 1,
    mutate: (model, by) => ({
      ...model,
      breakdown: model.breakdown.map((vat, index) =>
        index === firstUntaxed(model) ? { ...vat, vatCents: vat.vatCents + by } : vat,
      ),
    }),
  },
];

describe('a total that does not add up (seeded random invoices)', () => {
  it('refuses every changed figure, as CII and as UBL, naming it with what the file says and what the others make', () => {
    const random = seededRandom(2031);
    let tried = 0;
    for (let index = 0; index < cases; index += 1) {
      const model = randomInvoice(random, `FA-${index}`);
      const applicable = mutations.filter((mutation) => mutation.applies(model));
      const mutation = applicable[index % applicable.length];
      if (!mutation) continue;
      const smallest = mutation.smallest(model);
      const by = random.pick([1, -1]) * random.pick([smallest, smallest, smallest + random.int(0, 100_000)]);
      const changed = mutation.mutate(model, by);
      for (const xml of [ciiXml(changed), ublXml(changed)]) {
        const message = refusal(xml);
        expect(message, `${mutation.figure} ${by} on ${model.number}`).toMatch(
          /^La facture électronique a des totaux incohérents : .* \(BT-\d+\) vaut .* dans le fichier, alors /,
        );
        expect(message).toContain(`(${mutation.figure})`);
      }
      tried += 1;
    }
    expect(tried).toBe(cases);
  });

  it('names the figure, the amount read and the amount the others make, in the invoice currency', () => {
    const model = randomInvoice(seededRandom(7), 'FA-7');
    const message = refusal(ciiXml({ ...model, totalCents: model.totalCents + 100 }));
    expect(message).toBe(
      `La facture électronique a des totaux incohérents : le total TTC (BT-112) vaut ${amountText(model.totalCents + 100, 'EUR')} dans le fichier, alors que HT + TVA donne ${amountText(model.totalCents, 'EUR')}. Elle n'est pas importée : demandez au fournisseur une facture corrigée.`,
    );
  });

  it('keeps a VAT amount the standard tolerates (less than one unit off) as stated, never recomputed', () => {
    const model = randomInvoice(seededRandom(11), 'FA-11');
    const s = firstS(model);
    const entry = model.breakdown[s];
    if (!entry) throw new Error('the seed gives a standard rate');
    const off = {
      ...model,
      breakdown: model.breakdown.map((vat, index) =>
        index === s ? { ...vat, vatCents: vat.vatCents + 99 } : vat,
      ),
      vatCents: model.vatCents + 99,
      totalCents: model.totalCents + 99,
      dueCents: model.dueCents + 99,
    };
    const invoice = read(ciiXml(off));
    expect(invoice.vatBreakdown[s]?.vatCents).toBe(entry.vatCents + 99);
    expect(invoice.vatCents).toBe(model.vatCents + 99);
    const beyond = {
      ...off,
      breakdown: off.breakdown.map((vat, index) =>
        index === s ? { ...vat, vatCents: vat.vatCents + 1 } : vat,
      ),
      vatCents: off.vatCents + 1,
      totalCents: off.totalCents + 1,
      dueCents: off.dueCents + 1,
    };
    expect(refusal(ciiXml(beyond))).toContain('(BT-117)');
  });
});

/** The failed assertions of the EN 16931 Schematron that are errors (not warnings). */
async function en16931Errors(xml: string): Promise<string[]> {
  const failures = await schematronFailures(xml, 'FACTUR-X_EN16931.xslt');
  return failures.filter((failure) => failure.flag !== 'warning').map((failure) => failure.id);
}

describe("the standard's own rules agree (EN 16931 Schematron of the Factur-X artefacts)", () => {
  it('finds no error in random invoices the reader accepts, and an error in each changed one it refuses', async () => {
    const random = seededRandom(2032);
    for (let index = 0; index < 4; index += 1) {
      const model = randomInvoice(random, `FA-${index}`);
      const xml = ciiXml(model);
      expect(schemaErrors(xml), model.number).toEqual([]);
      expect(refusal(xml)).toBeUndefined();
      expect(await en16931Errors(xml), model.number).toEqual([]);
      // A different figure each time (BT-106, BT-108 or the next that applies, BT-112, BT-117).
      const mutation = [...mutations.slice((index * 3) % mutations.length), ...mutations].find((candidate) =>
        candidate.applies(model),
      );
      if (!mutation) throw new Error('BT-106 always applies');
      const changed = ciiXml(mutation.mutate(model, mutation.smallest(model)));
      expect(refusal(changed), `${mutation.figure} on ${model.number}`).toBeDefined();
      expect(await en16931Errors(changed), `${mutation.figure} on ${model.number}`).not.toEqual([]);
    }
  }, 120_000);
});
