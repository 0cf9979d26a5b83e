import { describe, expect, it } from 'vitest';
import { resourceTypes } from '../enums.js';
import { oddValues, repeated } from '../testing/odd-values.js';
import { seededRandom } from '../testing/seeded-random.js';
import { compareParsers, uuidSamples } from '../testing/seen-answer.js';
import {
  quoteAcceptInput,
  quoteCreateInput,
  quoteInvoiceInput,
  quoteItemsInput,
  quoteUpdateInput,
} from './quote.js';
import {
  quoteAcceptParser,
  quoteCreateParser,
  quoteInvoiceParser,
  quoteItemsParser,
  quoteUpdateParser,
} from './quote-input.js';

type Random = ReturnType<typeof seededRandom>;

const value = (random: Random, typical: readonly unknown[], odds = 0.08) =>
  random.next() < odds ? random.pick(oddValues) : random.pick(typical);

const texts = ['Plaque BA13', ' Gros œuvre ', repeated('x', 2000), repeated('x', 2001), '  '];
const resources = [...resourceTypes, 'matériau', ' labor'];
const quantities = ['12.5', 3, '0,001', 0, -2, '1.2345', '1 000', '9999999.999', '10000000', 'douze', 1e12];
const prices = ['8.40', 0, '1 234,50', -1, '0.005', '10 000 000 000', 'x', 99.99];
const vatRates = ['20', 20, '5,5', '5.50', 2.1, 0, '19', 100.5, 'vingt'];
const sortOrders = [0, 3, '12', 1_000_000, 1_000_001, -1, 1.5, '2,0', 'x'];
const sections = ['1', '2.1', ' 2 ', '2.1.3', '1.1.1.1', '0', '1.x', '1000', '', 2, '3'];
const percents = ['10', 15, '12,5', 0, 100, 100.01, -1, '7.125', 'dix'];
const statuses = ['draft', 'sent', 'validated', 'rejected', 'expired', 'Draft', 'accepté'];
const dates = ['2026-12-31', ' 2026-02-28 ', '2026-02-30', '2026-11-22T00:00:00.000Z', '31/12/2026'];
const instants = [
  '2026-11-22T14:30:00Z',
  ' 2026-11-22T14:30:00+02:00 ',
  '2026-11-22',
  '2026-11-22T25:00:00Z',
];
const retentionRates = ['5', 5, '2,5', 0, '5.01', 7, '0.125', 'cinq'];
const booleans = [true, false, 'true', 0];

function randomComponent(random: Random): unknown {
  if (random.next() < 0.04) return random.pick(oddValues);
  const component: Record<string, unknown> = {};
  if (random.next() < 0.4) component.articleId = value(random, [...uuidSamples, 'none']);
  if (random.next() < 0.3) component.ouvrageId = value(random, [...uuidSamples, 'none']);
  if (random.next() < 0.3) component.resourceType = value(random, resources);
  if (random.next() < 0.3) component.reference = value(random, ['REF-1', ' A ', repeated('r', 101)]);
  if (random.next() < 0.95)
    component.designation = value(random, ['Ciment', repeated('d', 500), repeated('d', 501)], 0.05);
  if (random.next() < 0.3) component.unit = value(random, ['kg', repeated('u', 21)]);
  if (random.next() < 0.95) component.quantity = value(random, quantities, 0.04);
  if (random.next() < 0.3) component.lossRate = value(random, percents);
  if (random.next() < 0.95) component.unitCost = value(random, prices, 0.04);
  return component;
}

const goodLine = () => ({ resourceType: 'materials', quantity: '12.5', unitPrice: '8.40', vatRate: 20 });

function randomLine(random: Random, headings: readonly string[]): Record<string, unknown> {
  const line: Record<string, unknown> = {};
  if (random.next() < 0.2) line.kind = random.pick(['line', undefined]);
  if (random.next() < 0.95) line.resourceType = value(random, resources, 0.05);
  if (random.next() < 0.3) line.description = value(random, texts);
  if (random.next() < 0.2) line.unit = value(random, ['m²', ' h ', repeated('u', 2001)]);
  if (random.next() < 0.95) line.quantity = value(random, quantities, 0.04);
  if (random.next() < 0.95) line.unitPrice = value(random, prices, 0.04);
  if (random.next() < 0.15) line.supplierId = value(random, [...uuidSamples, 'none']);
  if (random.next() < 0.1) line.notes = value(random, ['Pose comprise', repeated('n', 10_001)]);
  if (random.next() < 0.4) line.vatRate = value(random, vatRates);
  if (random.next() < 0.3) line.sortOrder = value(random, sortOrders);
  if (random.next() < 0.15) line.articleId = value(random, uuidSamples);
  if (random.next() < 0.15) line.ouvrageId = value(random, uuidSamples);
  if (random.next() < 0.2) {
    const size = random.next();
    line.components =
      size < 0.1
        ? random.pick(oddValues)
        : size < 0.15
          ? Array.from({ length: 41 }, () => ({ designation: 'x', quantity: 1, unitCost: 1 }))
          : Array.from({ length: Math.floor(random.next() * 4) }, () => randomComponent(random));
  }
  if (random.next() < 0.4) line.section = value(random, [...headings, ...sections]);
  return line;
}

function randomRows(random: Random): unknown {
  const size = random.next();
  if (size < 0.05) return random.pick(oddValues);
  if (size < 0.07) return Array.from({ length: 1_001 }, goodLine);
  if (size < 0.09) return Array.from({ length: 1_000 }, goodLine);
  const headings = random.next() < 0.5 ? ['1', '2', '2.1'] : [];
  const rows: unknown[] = headings.map((section) => ({ kind: 'heading', section, title: `Lot ${section}` }));
  const count = Math.floor(random.next() * 5);
  for (let index = 0; index < count; index += 1) {
    const kind = random.next();
    if (kind < 0.04) rows.push(random.pick(oddValues));
    else if (kind < 0.08) rows.push({ ...goodLine(), kind: random.pick(['lot', null, 'Heading', 1]) });
    else if (kind < 0.25)
      rows.push({
        kind: 'heading',
        section: value(random, sections, 0.05),
        title: value(random, ['Maçonnerie', repeated('t', 201)], 0.05),
      });
    // Many lines right, so that whole bodies pass.
    else if (kind < 0.6) rows.push({ ...goodLine(), section: random.pick([undefined, ...headings]) });
    else rows.push(randomLine(random, headings));
  }
  // Headings moved about: a line before its heading, a sub-lot before its lot.
  if (random.next() < 0.3) rows.reverse();
  return rows;
}

function randomQuote(random: Random): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  if (random.next() < 0.97) body.title = value(random, ['Devis cuisine', ...texts], 0.03);
  if (random.next() < 0.97) body.clientId = value(random, [uuidSamples[0], ...uuidSamples], 0.03);
  if (random.next() < 0.2) body.projectId = value(random, [...uuidSamples, 'none']);
  if (random.next() < 0.2) body.description = value(random, ['Rénovation', repeated('x', 10_001)]);
  if (random.next() < 0.2) body.validUntil = value(random, dates);
  if (random.next() < 0.2) body.overheadPercentage = value(random, percents);
  if (random.next() < 0.2) body.marginPercentage = value(random, percents);
  if (random.next() < 0.2) body.status = value(random, statuses);
  if (random.next() < 0.2) body.reverseCharge = value(random, booleans);
  if (random.next() < 0.2) body.retentionRate = value(random, retentionRates);
  if (random.next() < 0.15) body.retentionBankGuarantee = value(random, booleans);
  if (random.next() < 0.1) body.other = 1;
  return body;
}

const version = (random: Random) => value(random, [1, 2, 0, -1, 1.5, '2', 2 ** 60], 0.1);
const notBody = (random: Random) => random.pick([null, undefined, 'x', 5, [], [{ items: [] }], true]);

const bodies = {
  items: (random: Random): unknown => {
    if (random.next() < 0.03) return notBody(random);
    const body: Record<string, unknown> = {};
    if (random.next() < 0.95) body.items = randomRows(random);
    if (random.next() < 0.6) body.version = version(random);
    return body;
  },
  create: (random: Random): unknown => {
    if (random.next() < 0.03) return notBody(random);
    const body = randomQuote(random);
    if (random.next() < 0.4) body.items = randomRows(random);
    return body;
  },
  update: (random: Random): unknown => {
    if (random.next() < 0.03) return notBody(random);
    const body = randomQuote(random);
    if (random.next() < 0.4) body.items = randomRows(random);
    if (random.next() < 0.6) body.version = version(random);
    return body;
  },
  accept: (random: Random): unknown => {
    if (random.next() < 0.05) return notBody(random);
    const body: Record<string, unknown> = {};
    if (random.next() < 0.9)
      body.signerName = value(random, ['Mme Durand', ' M. Martin ', repeated('s', 2001)], 0.1);
    if (random.next() < 0.4) body.acceptedAt = value(random, instants);
    if (random.next() < 0.6) body.version = version(random);
    return body;
  },
  invoices: (random: Random): unknown => {
    if (random.next() < 0.05) return notBody(random);
    const body: Record<string, unknown> = {};
    if (random.next() < 0.95) body.kind = value(random, ['standard', 'deposit', 'deposit', 'acompte']);
    if (random.next() < 0.5) body.percentage = value(random, [...percents, '0.00', '0', 30]);
    if (random.next() < 0.4) body.amount = value(random, [...prices, '0', 0, 1500]);
    return body;
  },
};

describe("the quote's bodies parsed without zod", () => {
  it.each([
    ['PUT /api/quotes/{id}/items', quoteItemsParser, quoteItemsInput, bodies.items, 1801, 5_000],
    ['POST /api/quotes', quoteCreateParser, quoteCreateInput, bodies.create, 1802, 4_000],
    ['PUT /api/quotes/{id}', quoteUpdateParser, quoteUpdateInput, bodies.update, 1803, 4_000],
    ['POST /api/quotes/{id}/accept', quoteAcceptParser, quoteAcceptInput, bodies.accept, 1804, 3_000],
    ['POST /api/quotes/{id}/invoices', quoteInvoiceParser, quoteInvoiceInput, bodies.invoices, 1805, 3_000],
  ] as const)(
    '%s answers as the zod schema: same output, issues and French messages (random bodies)',
    (_route, parser, schema, body, seed, count) => {
      const random = seededRandom(seed);
      const inputs = Array.from({ length: count }, () => body(random));
      const { accepted, difference } = compareParsers(parser, schema, inputs);
      expect(difference).toBeUndefined();
      expect(accepted).toBeGreaterThan(count / 20);
      expect(accepted).toBeLessThan(count * 0.9);
    },
  );

  it('reads headings and lines, fills the defaults and writes the decimals out', () => {
    expect(
      quoteItemsParser.parse({
        items: [
          { kind: 'heading', section: ' 2 ', title: ' Maçonnerie ' },
          {
            kind: 'line',
            resourceType: 'materials',
            quantity: '12,5',
            unitPrice: 8.4,
            vatRate: '5,5',
            section: '2',
            components: [{ articleId: 'none', designation: 'Ciment', quantity: 2, unitCost: '1,5' }],
          },
          { resourceType: 'labor', quantity: 1, unitPrice: '0', sortOrder: '3' },
        ],
        version: 4,
      }),
    ).toEqual({
      items: [
        { kind: 'heading', section: '2', title: 'Maçonnerie' },
        {
          resourceType: 'materials',
          quantity: '12.500',
          unitPrice: '8.40',
          vatRate: '5.50',
          sortOrder: 0,
          components: [{ designation: 'Ciment', quantity: '2.000', unitCost: '1.50' }],
          section: '2',
          kind: 'line',
        },
        { resourceType: 'labor', quantity: '1.000', unitPrice: '0.00', sortOrder: 3 },
      ],
      version: 4,
    });
    expect(
      quoteCreateParser.parse({ title: 'Devis', clientId: '7C9E6679-7425-40DE-944B-E07FC1F90AE7' }),
    ).toEqual({
      title: 'Devis',
      clientId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
      status: 'draft',
      reverseCharge: false,
    });
  });

  it("reports the lots' and the components' rules at their row's path, and an unknown kind of row", () => {
    const component = {
      articleId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      ouvrageId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
      designation: 'Dalle',
      quantity: 1,
      unitCost: 1,
    };
    expect(
      quoteItemsParser.safeParse({
        items: [
          { kind: 'heading', section: '1.1', title: 'Fondations' },
          { resourceType: 'labor', quantity: 1, unitPrice: 1, section: '3', components: [component] },
        ],
      }).error?.issues,
    ).toEqual([
      {
        path: ['items', '1', 'components', '0', 'ouvrageId'],
        message: 'Un composant est un article ou un ouvrage (l’un des deux)',
      },
      {
        path: ['items', '0', 'section'],
        message: "Le lot 1.1 est sous le lot 1, qui n'existe pas : ajoutez d'abord son titre",
      },
      {
        path: ['items', '1', 'section'],
        message: "Le lot 3 n'existe pas : ajoutez son titre ou choisissez un autre lot",
      },
    ]);
    expect(quoteItemsParser.safeParse({ items: [{ kind: 'lot' }] }).error?.issues).toEqual([
      { path: ['items', '0', 'kind'], message: 'Entrée invalide' },
    ]);
  });

  it('asks a deposit for one amount above 0', () => {
    expect(quoteInvoiceParser.safeParse({ kind: 'deposit' }).error?.issues).toEqual([
      {
        path: ['percentage'],
        message: "Un acompte se donne par un pourcentage ou par un montant HT (l'un des deux)",
      },
    ]);
    expect(quoteInvoiceParser.safeParse({ kind: 'deposit', amount: '0' }).error?.issues).toEqual([
      { path: ['amount'], message: "L'acompte doit être supérieur à 0" },
    ]);
    expect(quoteInvoiceParser.parse({ kind: 'deposit', percentage: 30 })).toEqual({
      kind: 'deposit',
      percentage: '30.00',
    });
  });
});
