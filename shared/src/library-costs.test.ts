import { describe, expect, it } from 'vitest';
import {
  componentCost,
  componentCostCents,
  deboursePerUnit,
  dominantResourceType,
  quoteAnalysis,
  refreshedLine,
  type RefreshableLine,
} from './library-costs.js';
import { formatMoney, formatPercent, formatQuantity } from './money.js';
import { quoteTotals } from './pricing.js';
import { seededRandom } from './testing/seeded-random.js';

// LIBRARY.md's worked example: « Mur en parpaings de 20 » (m²).
const parpaing = { articleId: '0190a000-0000-7000-8000-000000000001', unitCost: '1.48' };
const mortier = { articleId: '0190a000-0000-7000-8000-000000000002', unitCost: '142.60' };
const macon = { articleId: '0190a000-0000-7000-8000-000000000003', unitCost: '38.75' };
const wall = [
  { ...parpaing, quantity: '10.000', lossRate: '5.00' },
  { ...mortier, quantity: '0.015', lossRate: '10.00' },
  { ...macon, quantity: '0.850' },
];

describe('the déboursé of an ouvrage (LIBRARY.md worked example)', () => {
  it('rounds each component to the cent, then adds them: 15.54 + 2.35 + 32.94 = 50.83', () => {
    expect(wall.map(componentCost)).toEqual(['15.54', '2.35', '32.94']);
    expect(deboursePerUnit(wall)).toBe('50.83');
  });

  it('prices the devis line at K = 1.265: 64.30 per m², 2,732.75 HT for 42.5 m², 3,006.03 TTC at 10 %', () => {
    const totals = quoteTotals({
      items: [{ quantity: '42.500', unitPrice: deboursePerUnit(wall), vatRate: '10.00' }],
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
    });
    expect(totals.lines[0]).toMatchObject({ saleUnitPrice: '64.30', saleTotal: '2732.75' });
    expect(totals.vatAmount).toBe('273.28');
    expect(totals.totalWithVat).toBe('3006.03');
  });

  it('refreshes the line when the maçon costs 40.10: 34.09, déboursé 51.98, 65.75, 2,794.38', () => {
    const line = { articleId: undefined, unitPrice: '50.83', components: wall };
    const costs = new Map([
      [parpaing.articleId, '1.48'],
      [mortier.articleId, '142.60'],
      [macon.articleId, '40.10'],
    ]);
    const refreshed = refreshedLine(line, (_kind, id) => costs.get(id));
    expect(refreshed.outcome).toBe('updated');
    expect(refreshed.line.unitPrice).toBe('51.98');
    expect(componentCost(refreshed.line.components[2] as (typeof wall)[number])).toBe('34.09');
    const totals = quoteTotals({
      items: [{ quantity: '42.500', unitPrice: refreshed.line.unitPrice, vatRate: '10.00' }],
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
    });
    expect(totals.lines[0]).toMatchObject({ saleUnitPrice: '65.75', saleTotal: '2794.38' });
  });

  it('rounds halves away from zero: 0.5 × 0.01 = 0.005 → 0.01; 0.333 × 1.00 = 0.333 → 0.33', () => {
    expect(componentCostCents(500, 0, 1)).toBe(1);
    expect(componentCostCents(333, 0, 100)).toBe(33);
    expect(componentCostCents(1_000, 1_000, 5)).toBe(6); // 1 × 1.10 × 0.05 = 0.055 → 0.06
  });
});

describe('the déboursé rule, on random components (seeded)', () => {
  it('each component is its exact cost rounded to the nearest cent, halves away from zero', () => {
    const random = seededRandom(28);
    for (let round = 0; round < 2_000; round += 1) {
      const q = random.int(1, 20_000_000);
      const loss = random.int(0, 10_000);
      const cost = random.int(0, 10_000_000);
      const cents = componentCostCents(q, loss, cost);
      // exact = q × (10000 + loss) × cost / 10^7 cents
      const exactTimes = BigInt(q) * BigInt(10_000 + loss) * BigInt(cost);
      const scaled = BigInt(cents) * 10_000_000n;
      const distance = exactTimes - scaled;
      expect(distance <= 5_000_000n && distance > -5_000_000n).toBe(true);
    }
  });

  it('the déboursé is the sum of the components rounded one by one, whatever their order', () => {
    const random = seededRandom(2828);
    for (let round = 0; round < 500; round += 1) {
      const components = Array.from({ length: random.int(1, 12) }, () => ({
        quantity: formatQuantity(random.int(1, 100_000)),
        lossRate: random.next() < 0.5 ? undefined : formatPercent(random.int(0, 3_000)),
        unitCost: formatMoney(random.int(0, 500_000)),
      }));
      const sum = components.reduce(
        (total, component) => total + Number(componentCost(component).replace('.', '')),
        0,
      );
      expect(deboursePerUnit(components)).toBe(formatMoney(sum));
      expect(deboursePerUnit([...components].reverse())).toBe(deboursePerUnit(components));
    }
  });

  it('a refresh at the snapshot costs changes nothing; a second refresh changes nothing more', () => {
    const random = seededRandom(61);
    for (let round = 0; round < 300; round += 1) {
      const components = Array.from({ length: random.int(1, 8) }, (_, index) => ({
        articleId: `0190a000-0000-7000-8000-${String(index).padStart(12, '0')}`,
        quantity: formatQuantity(random.int(1, 50_000)),
        lossRate: formatPercent(random.int(0, 2_000)),
        unitCost: formatMoney(random.int(0, 200_000)),
      }));
      const line: RefreshableLine = { unitPrice: deboursePerUnit(components), components };
      const same = refreshedLine(line, (_kind, id) => components.find((c) => c.articleId === id)?.unitCost);
      expect(same.outcome).toBe('unchanged');
      expect(same.line.unitPrice).toBe(line.unitPrice);
      const newCosts = new Map(components.map((c) => [c.articleId, formatMoney(random.int(0, 200_000))]));
      const once = refreshedLine(line, (_kind, id) => newCosts.get(id));
      const twice = refreshedLine(once.line, (_kind, id) => newCosts.get(id));
      expect(twice.line.unitPrice).toBe(once.line.unitPrice);
      expect(once.line.unitPrice).toBe(
        deboursePerUnit(components.map((c) => ({ ...c, unitCost: newCosts.get(c.articleId) ?? '' }))),
      );
    }
  });
});

describe('refreshedLine', () => {
  it('keeps a hand-typed line, takes an article line to its current cost, keeps a missing one', () => {
    expect(refreshedLine({ unitPrice: '12.00' }, () => '99.00').outcome).toBe('manual');
    expect(refreshedLine({ articleId: 'a', unitPrice: '12.00' }, () => '13.50')).toMatchObject({
      outcome: 'updated',
      line: { unitPrice: '13.50' },
    });
    expect(refreshedLine({ articleId: 'a', unitPrice: '12.00' }, () => undefined)).toMatchObject({
      outcome: 'missing',
      line: { unitPrice: '12.00' },
    });
  });

  it('keeps the snapshot cost of a component no longer in the library and counts it', () => {
    const result = refreshedLine({ unitPrice: '50.83', components: wall }, (_kind, id) =>
      id === macon.articleId ? undefined : id === parpaing.articleId ? '1.50' : '142.60',
    );
    expect(result.missing).toBe(1);
    expect(result.outcome).toBe('updated');
    expect(result.line.unitPrice).toBe('51.04'); // 15.75 + 2.35 + 32.94
  });
});

describe('quoteAnalysis', () => {
  it('splits the worked example per resource type, to the cent, with its labour hours', () => {
    const analysis = quoteAnalysis([
      {
        resourceType: 'materials',
        quantity: '42.500',
        unitPrice: '50.83',
        components: [
          { resourceType: 'materials', unit: 'u', quantity: '10.000', lossRate: '5.00', unitCost: '1.48' },
          { resourceType: 'materials', unit: 'm³', quantity: '0.015', lossRate: '10.00', unitCost: '142.60' },
          { resourceType: 'labor', unit: 'h', quantity: '0.850', unitCost: '38.75' },
        ],
      },
      { resourceType: 'equipment', unit: 'j', quantity: '2.000', unitPrice: '85.00' },
    ]);
    // line cost 42.5 × 50.83 = 2160.28; labour share 2160.28 × 32.94 / 50.83
    expect(analysis.subtotalCents).toBe(216_028 + 17_000);
    expect((analysis.byResourceType.materials ?? 0) + (analysis.byResourceType.labor ?? 0)).toBe(216_028);
    expect(analysis.byResourceType.labor).toBe(139_995); // 2160.28 × 32.94 / 50.83 = 1399.953…
    expect(analysis.byResourceType.equipment).toBe(17_000);
    expect(analysis.laborHoursThousandths).toBe(36_125); // 0.850 h × 42.5
  });
});

describe('dominantResourceType', () => {
  it('gives the type of the largest cost per type; ties and nothing to weigh give other', () => {
    expect(
      dominantResourceType([
        { resourceType: 'materials', costCents: 1_554 },
        { resourceType: 'materials', costCents: 235 },
        { resourceType: 'labor', costCents: 3_294 },
      ]),
    ).toBe('labor');
    expect(
      dominantResourceType([
        { resourceType: 'materials', costCents: 2_000 },
        { resourceType: 'labor', costCents: 1_500 },
        { resourceType: 'labor', costCents: 1_000 },
      ]),
    ).toBe('labor');
    expect(
      dominantResourceType([
        { resourceType: 'materials', costCents: 100 },
        { resourceType: 'equipment', costCents: 100 },
      ]),
    ).toBe('other');
    expect(dominantResourceType([{ resourceType: 'labor', costCents: 0 }])).toBe('other');
  });
});
