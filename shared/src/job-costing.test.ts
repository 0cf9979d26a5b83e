import { describe, expect, it } from 'vitest';
import { resourceTypes, type ResourceType } from './enums.js';
import {
  billedCents,
  creditedCostsOf,
  emptyByResourceType,
  emptyProjectCostFigures,
  formatPercentFr,
  isBudgetQuote,
  laborCostCents,
  passesBudget,
  profitability,
  purchaseShares,
  quoteBudgetFigures,
  remainingShare,
  totalOf,
  type ProjectCostFigures,
  type PurchaseRecord,
} from './job-costing.js';
import { formatMoney, lineTotal, parseMoney, parseQuantity, sumCents } from './money.js';
import { seededRandom } from './testing/seeded-random.js';
import { supplierLineTotalCents, supplierTotals } from './supplier-invoice-figures.js';

// LIBRARY.md's worked example: « Mur en parpaings de 20 », 42.5 m² at a déboursé of 50.83 per m².
const wallLine = {
  resourceType: 'materials' as const,
  unit: 'm²',
  quantity: '42.500',
  unitPrice: '50.83',
  components: [
    { resourceType: 'materials' as const, unit: 'u', quantity: '10.000', lossRate: '5.00', unitCost: '1.48' },
    {
      resourceType: 'materials' as const,
      unit: 'm³',
      quantity: '0.015',
      lossRate: '10.00',
      unitCost: '142.60',
    },
    { resourceType: 'labor' as const, unit: 'h', quantity: '0.850', unitCost: '38.75' },
  ],
};

const project = '0190a000-0000-7000-8000-0000000000aa';
const other = '0190a000-0000-7000-8000-0000000000bb';

describe('the budget a signed devis brings', () => {
  it('splits the wall line (2,160.28) into 760.33 of materials and 1,399.95 of labour, 36.13 h', () => {
    const budget = quoteBudgetFigures({
      status: 'validated',
      projectId: project,
      totalAmount: '2732.75',
      items: [wallLine],
    });
    expect(budget.saleCents).toBe(273_275);
    expect(budget.costByType.materials).toBe(76_033);
    expect(budget.costByType.labor).toBe(139_995);
    expect(totalOf(budget.costByType)).toBe(216_028);
    // 0.850 h × 42.5 m² = 36.125 h, to the hundredth (halves away from zero).
    expect(budget.laborHoursHundredths).toBe(3_613);
  });

  it('puts a line typed by hand under its own type, its hours when counted in h, a sub-ouvrage under « other »', () => {
    const budget = quoteBudgetFigures({
      status: 'validated',
      projectId: project,
      totalAmount: '1000.00',
      items: [
        { resourceType: 'labor', unit: 'h', quantity: '12.000', unitPrice: '40.00' },
        { resourceType: 'subcontractor', unit: 'forfait', quantity: '1.000', unitPrice: '300.00' },
        {
          resourceType: 'materials',
          unit: 'u',
          quantity: '2.000',
          unitPrice: '60.00',
          components: [{ unit: 'u', quantity: '1.000', unitCost: '60.00' }],
        },
      ],
    });
    expect(budget.costByType).toMatchObject({
      labor: 48_000,
      subcontractor: 30_000,
      other: 12_000,
      materials: 0,
    });
    expect(budget.laborHoursHundredths).toBe(1_200);
  });

  it('counts only signed devis of a chantier', () => {
    expect(isBudgetQuote({ status: 'validated', projectId: project })).toBe(true);
    expect(isBudgetQuote({ status: 'sent', projectId: project })).toBe(false);
    expect(isBudgetQuote({ status: 'validated' })).toBe(false);
  });

  it('adds up, per type, to the devis subtotal whatever its lines (seeded)', () => {
    const random = seededRandom(3201);
    for (let round = 0; round < 300; round += 1) {
      const items = Array.from({ length: random.int(0, 6) }, () => {
        const withComponents = random.next() < 0.6;
        return {
          resourceType: random.pick(resourceTypes),
          unit: random.pick(['h', 'm²', 'u']),
          quantity: `${random.int(1, 500)}.${String(random.int(0, 999)).padStart(3, '0')}`,
          unitPrice: `${random.int(0, 900)}.${String(random.int(0, 99)).padStart(2, '0')}`,
          components: withComponents
            ? Array.from({ length: random.int(1, 5) }, () => ({
                resourceType: random.next() < 0.2 ? undefined : random.pick(resourceTypes),
                unit: random.pick(['h', 'kg', 'u']),
                quantity: `${random.int(0, 20)}.${String(random.int(1, 999)).padStart(3, '0')}`,
                lossRate: `${random.int(0, 15)}.00`,
                unitCost: `${random.int(0, 300)}.${String(random.int(0, 99)).padStart(2, '0')}`,
              }))
            : undefined,
        };
      });
      const budget = quoteBudgetFigures({ status: 'validated', projectId: project, items });
      const subtotal = sumCents(
        items.map((item) => lineTotal(parseQuantity(item.quantity), parseMoney(item.unitPrice))),
      );
      expect(totalOf(budget.costByType), `round ${round}`).toBe(subtotal);
      expect(budget.laborHoursHundredths).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('billed HT', () => {
  it('counts issued invoices, deposits and situations, takes back credit notes, leaves drafts out', () => {
    expect(billedCents({ kind: 'deposit', status: 'sent', totalAmount: '3000.00' })).toBe(300_000);
    expect(billedCents({ kind: 'progress', status: 'paid', totalAmount: '4500.50' })).toBe(450_050);
    expect(billedCents({ kind: 'standard', status: 'cancelled', totalAmount: '100.00' })).toBe(10_000);
    expect(billedCents({ kind: 'credit_note', status: 'sent', totalAmount: '100.00' })).toBe(-10_000);
    expect(billedCents({ kind: 'standard', status: 'draft', totalAmount: '999.00' })).toBe(0);
    expect(billedCents({ kind: 'credit_note', status: 'draft', totalAmount: '999.00' })).toBe(0);
  });
});

describe('the cost of hours', () => {
  it('is hours × loaded hourly cost, to the cent: 7.75 h × 38.75 € = 300.3125 → 300.31', () => {
    expect(laborCostCents(775, 3_875)).toBe(30_031);
    expect(laborCostCents(25, 3_302)).toBe(826); // 8.255 → 8.26, half away from zero
    expect(laborCostCents(2_400, 0)).toBe(0);
  });
});

describe('the purchases of a supplier invoice', () => {
  it('sends each line HT to its own chantier (else the invoice’s) under its type', () => {
    const shares = purchaseShares({
      status: 'sent',
      projectId: project,
      netAmount: '1500.00',
      lines: [
        { total: '1000.00', resourceType: 'materials' },
        { total: '300.00', resourceType: 'rental', projectId: other },
        { total: '200.00', resourceType: 'materials' },
      ],
    });
    expect(shares).toEqual([
      { projectId: project, resourceType: 'materials', cents: 120_000 },
      { projectId: other, resourceType: 'rental', cents: 30_000 },
    ]);
  });

  it('shares a document allowance across the lines, counts credit notes negative, cancelled nothing', () => {
    const invoice: PurchaseRecord = {
      status: 'paid',
      projectId: project,
      netAmount: '950.00',
      lines: [
        { total: '600.00', resourceType: 'materials' },
        { total: '400.00', resourceType: 'equipment' },
      ],
    };
    expect(purchaseShares(invoice)).toEqual([
      { projectId: project, resourceType: 'materials', cents: 57_000 },
      { projectId: project, resourceType: 'equipment', cents: 38_000 },
    ]);
    expect(purchaseShares({ ...invoice, kind: 'credit_note' })).toEqual([
      { projectId: project, resourceType: 'materials', cents: -57_000 },
      { projectId: project, resourceType: 'equipment', cents: -38_000 },
    ]);
    expect(purchaseShares({ ...invoice, status: 'cancelled' })).toEqual([]);
    expect(purchaseShares({ ...invoice, currency: 'USD' })).toEqual([]);
  });

  it('reads a record without lines as its HT, else its TTC, under « other »; none without chantier', () => {
    expect(
      purchaseShares({ status: 'sent', projectId: project, totalAmount: '1200.00', netAmount: '1000.00' }),
    ).toEqual([{ projectId: project, resourceType: 'other', cents: 100_000 }]);
    expect(purchaseShares({ status: 'draft', projectId: project, totalAmount: '1200.00' })).toEqual([
      { projectId: project, resourceType: 'other', cents: 120_000 },
    ]);
    expect(purchaseShares({ status: 'sent', totalAmount: '1200.00' })).toEqual([]);
  });

  it('adds up to the invoice’s HT when every line has a chantier; a credit note is its exact opposite (seeded)', () => {
    const random = seededRandom(3202);
    for (let round = 0; round < 300; round += 1) {
      const lines = Array.from({ length: random.int(1, 8) }, () => ({
        total: `${random.int(-50, 5000)}.${String(random.int(0, 99)).padStart(2, '0')}`,
        resourceType: random.next() < 0.1 ? undefined : random.pick(resourceTypes),
        projectId: random.next() < 0.3 ? other : undefined,
      }));
      const linesSum = sumCents(lines.map((line) => parseMoney(line.total)));
      const net = linesSum + random.int(-2000, 2000);
      const record: PurchaseRecord = {
        status: 'sent',
        projectId: project,
        netAmount: (net / 100).toFixed(2),
        lines,
      };
      const shares = purchaseShares(record);
      expect(sumCents(shares.map((share) => share.cents)), `round ${round}`).toBe(net);
      const note = purchaseShares({ ...record, kind: 'credit_note' });
      expect(sumCents(note.map((share) => share.cents))).toBe(-net);
    }
  });
});

describe('a supplier credit note that names no chantier', () => {
  const invoice: PurchaseRecord = {
    status: 'sent',
    projectId: project,
    netAmount: '539.00',
    lines: [
      { total: '148.00', resourceType: 'materials' },
      { total: '91.00', resourceType: 'rental' },
      { total: '300.00', resourceType: 'rental', projectId: other },
    ],
  };

  it('keeps the costs of the invoice it credits, by chantier and type; none when the invoice names no chantier', () => {
    expect(creditedCostsOf(invoice)).toEqual([
      { projectId: project, resourceType: 'materials', amount: '148.00' },
      { projectId: project, resourceType: 'rental', amount: '91.00' },
      { projectId: other, resourceType: 'rental', amount: '300.00' },
    ]);
    expect(creditedCostsOf({ ...invoice, projectId: undefined, lines: [{ total: '10.00' }] })).toEqual([]);
    expect(creditedCostsOf({ ...invoice, status: 'cancelled' })).toEqual([]);
  });

  it('is deducted from those chantiers in proportion to them, under their types', () => {
    const note: PurchaseRecord = {
      kind: 'credit_note',
      status: 'sent',
      netAmount: '53.90',
      lines: [{ total: '53.90', resourceType: 'materials' }],
      creditedCosts: creditedCostsOf(invoice),
    };
    expect(purchaseShares(note)).toEqual([
      { projectId: project, resourceType: 'materials', cents: -1_480 },
      { projectId: project, resourceType: 'rental', cents: -910 },
      { projectId: other, resourceType: 'rental', cents: -3_000 },
    ]);
    // A note that names a chantier counts on it alone; a cancelled one on none.
    expect(purchaseShares({ ...note, projectId: other })).toEqual([
      { projectId: other, resourceType: 'materials', cents: -5_390 },
    ]);
    expect(purchaseShares({ ...note, status: 'cancelled' })).toEqual([]);
    // Without lines: its HT.
    expect(purchaseShares({ ...note, lines: [], netAmount: '539.00' })).toEqual([
      { projectId: project, resourceType: 'materials', cents: -14_800 },
      { projectId: project, resourceType: 'rental', cents: -9_100 },
      { projectId: other, resourceType: 'rental', cents: -30_000 },
    ]);
  });

  it('takes back exactly its HT, to the cent, whatever the split (seeded)', () => {
    const random = seededRandom(3203);
    for (let round = 0; round < 300; round += 1) {
      const creditedCosts = Array.from({ length: random.int(1, 6) }, () => ({
        projectId: random.pick([project, other, '0190a000-0000-7000-8000-0000000000cc']),
        resourceType: random.pick(resourceTypes),
        amount: `${random.int(0, 9_000)}.${String(random.int(1, 99)).padStart(2, '0')}`,
      }));
      const net = random.int(1, 500_000);
      const shares = purchaseShares({
        kind: 'credit_note',
        status: 'sent',
        netAmount: formatMoney(net),
        lines: [{ total: formatMoney(net) }],
        creditedCosts,
      });
      expect(sumCents(shares.map((share) => share.cents)), `round ${round}`).toBe(-net);
      expect(shares.every((share) => share.cents <= 0)).toBe(true);
    }
  });
});

describe('the purchases of supplier invoices as Achats records them (seeded)', () => {
  /** A random invoice priced by the supplier-invoice rules: lines, allowances and charges, rates. */
  function recordedInvoice(random: ReturnType<typeof seededRandom>) {
    const rates = ['20.00', '10.00', '5.50', '0.00'];
    const lines = Array.from({ length: random.int(1, 12) }, () => {
      const quantity = `${random.int(-3, 60)}.${String(random.int(0, 999)).padStart(3, '0')}`;
      const unitPrice = `${random.int(0, 2_000)}.${String(random.int(0, 9_999)).padStart(4, '0')}`;
      return {
        quantity,
        unitPrice,
        vatRate: random.pick(rates),
        total: formatMoney(supplierLineTotalCents({ quantity, unitPrice })),
        resourceType: random.next() < 0.15 ? undefined : random.pick(resourceTypes),
        projectId: random.next() < 0.25 ? other : undefined,
      };
    });
    const adjustment = () => ({
      amount: `${random.int(0, 300)}.${random.int(10, 99)}`,
      vatRate: random.pick(rates),
    });
    const allowances = random.next() < 0.4 ? [adjustment()] : [];
    const charges = random.next() < 0.3 ? [adjustment()] : [];
    const totals = supplierTotals({ lines, allowances, charges });
    return { status: 'sent', projectId: project, lines, ...totals } satisfies PurchaseRecord;
  }

  it('shares out exactly the HT Achats computes (lines − allowances + charges), never the VAT', () => {
    const random = seededRandom(2932);
    for (let round = 0; round < 400; round += 1) {
      const record = recordedInvoice(random);
      const shares = purchaseShares(record);
      expect(sumCents(shares.map((share) => share.cents)), `round ${round}`).toBe(
        parseMoney(record.netAmount),
      );
      // Without document allowances or charges, each chantier gets exactly its lines' HT.
      if (record.netAmount === formatMoney(sumCents(record.lines.map((line) => parseMoney(line.total))))) {
        const ofOther = record.lines.filter((line) => line.projectId === other);
        expect(
          sumCents(shares.filter((share) => share.projectId === other).map((share) => share.cents)),
        ).toBe(sumCents(ofOther.map((line) => parseMoney(line.total))));
      }
    }
  });

  it('a credit note of the same lines takes back exactly what its invoice brought, type by type', () => {
    const random = seededRandom(2933);
    for (let round = 0; round < 300; round += 1) {
      const invoice = recordedInvoice(random);
      const note = { ...invoice, kind: 'credit_note' };
      const net = new Map<string, number>();
      for (const share of [...purchaseShares(invoice), ...purchaseShares(note)]) {
        const key = `${share.projectId} ${share.resourceType}`;
        net.set(key, (net.get(key) ?? 0) + share.cents);
      }
      expect(
        [...net.values()].every((cents) => cents === 0),
        `round ${round}`,
      ).toBe(true);
      // Cancelled, either counts nothing.
      expect(purchaseShares({ ...note, status: 'cancelled' })).toEqual([]);
    }
  });
});

function figuresWith(values: Partial<ProjectCostFigures>): ProjectCostFigures {
  return { ...emptyProjectCostFigures(), ...values };
}

function byType(values: Partial<Record<ResourceType, number>>) {
  return { ...emptyByResourceType(), ...values };
}

describe('the figures of the Rentabilité tab', () => {
  // A 20,000 € HT devis: 8,000 of materials, 6,000 of labour (150 h), 1,000 of rental.
  const planned = figuresWith({
    saleCents: 2_000_000,
    budgetByType: byType({ materials: 800_000, labor: 600_000, rental: 100_000 }),
    budgetHoursHundredths: 15_000,
  });

  it('forecasts actual + budget × (100 − progress) %, and the margin on the devis', () => {
    const figures = profitability(
      {
        ...planned,
        purchasesByType: byType({ materials: 500_000 }),
        laborHoursHundredths: 8_000,
        laborCents: 320_000,
        billedCents: 900_000,
        billedByKind: { standard: 0, deposit: 300_000, progress: 600_000, credit_note: 0 },
      },
      { progressPercent: 40, thresholdHundredths: 1_000 },
    );
    expect(figures.budget.total).toBe(1_500_000);
    expect(figures.actual.byResourceType).toMatchObject({ materials: 500_000, labor: 320_000 });
    expect(figures.actual.total).toBe(820_000);
    // materials 5,000 + 60 % × 8,000; labour 3,200 + 60 % × 6,000; rental 60 % × 1,000
    expect(figures.forecast.byResourceType).toMatchObject({
      materials: 980_000,
      labor: 680_000,
      rental: 60_000,
    });
    expect(figures.forecast.total).toBe(1_720_000);
    expect(figures.forecast.hoursHundredths).toBe(8_000 + 9_000);
    expect(figures.revenueCents).toBe(2_000_000);
    expect(figures.margin).toBe(280_000);
    expect(figures.marginPercentHundredths).toBe(1_400);
    expect(figures.marginToDate).toBe(80_000);
    // No type is past its budget yet, but the chantier is drifting: 17,200 at completion for 15,000.
    expect(figures.alerts.map((alert) => alert.message)).toEqual([
      'À terminaison : 17\u202f200,00\u00a0€ prévus pour un budget de 15\u202f000,00\u00a0€ (+14,67 %).',
    ]);
  });

  it('takes the manager’s estimate as the total, keeping the progress method’s figure', () => {
    const figures = profitability(planned, {
      progressPercent: 0,
      thresholdHundredths: 1_000,
      managerEstimateCents: 1_800_000,
    });
    expect(figures.forecast).toMatchObject({
      method: 'estimate',
      total: 1_800_000,
      progressTotal: 1_500_000,
    });
    expect(figures.margin).toBe(200_000);
  });

  it('alerts past the threshold per type, hours, total and forecast, and on a negative margin', () => {
    const figures = profitability(
      {
        ...planned,
        purchasesByType: byType({ materials: 880_001, equipment: 5_000 }),
        laborHoursHundredths: 16_501,
        laborCents: 800_000,
      },
      { progressPercent: 50, thresholdHundredths: 1_000 },
    );
    const kinds = figures.alerts.map((alert) => `${alert.kind}:${alert.resourceType ?? ''}`);
    expect(kinds).toEqual([
      'resource:materials',
      'resource:labor',
      'unbudgeted:equipment',
      'hours:',
      'total:',
      'forecast:',
      'negative_margin:',
    ]);
    expect(figures.alerts[0]?.message).toBe(
      'Matériaux : 8\u202f800,01\u00a0€ dépensés pour un budget de 8\u202f000,00\u00a0€ (+10 %).',
    );
    expect(figures.alerts[3]?.message).toBe('Heures : 165,01 h pointées pour 150 h prévues (+10,01 %).');
  });

  it('does not alert exactly at the threshold, nor without any budget', () => {
    const atThreshold = profitability(
      { ...planned, purchasesByType: byType({ materials: 880_000 }) },
      { progressPercent: 100, thresholdHundredths: 1_000 },
    );
    expect(atThreshold.alerts.filter((alert) => alert.kind === 'resource')).toEqual([]);
    const noBudget = profitability(
      figuresWith({ purchasesByType: byType({ materials: 100 }), billedCents: 50_000 }),
      { progressPercent: 0, thresholdHundredths: 0 },
    );
    expect(noBudget.alerts).toEqual([]);
    expect(noBudget.revenueCents).toBe(50_000);
  });

  it('counts what a selected supplier quote still commits, never below zero', () => {
    const figures = profitability(planned, {
      progressPercent: 0,
      thresholdHundredths: 1_000,
      commitments: [
        { resourceType: 'materials', quotedCents: 400_000, invoicedCents: 150_000 },
        { resourceType: 'subcontractor', quotedCents: 100_000, invoicedCents: 120_000 },
      ],
    });
    expect(figures.committed.byResourceType).toMatchObject({ materials: 250_000, subcontractor: 0 });
    expect(figures.committed.total).toBe(250_000);
  });

  it('keeps its identities on seeded chantiers', () => {
    const random = seededRandom(3203);
    for (let round = 0; round < 500; round += 1) {
      const figures: ProjectCostFigures = figuresWith({
        saleCents: random.int(0, 5_000_000),
        budgetByType: byType(Object.fromEntries(resourceTypes.map((type) => [type, random.int(0, 800_000)]))),
        budgetHoursHundredths: random.int(0, 50_000),
        purchasesByType: byType(
          Object.fromEntries(resourceTypes.map((type) => [type, random.int(-10_000, 900_000)])),
        ),
        laborHoursHundredths: random.int(0, 60_000),
        laborCents: random.int(0, 2_000_000),
        billedCents: random.int(-10_000, 6_000_000),
      });
      const progress = random.int(0, 100);
      const threshold = random.int(0, 5_000);
      const result = profitability(figures, { progressPercent: progress, thresholdHundredths: threshold });
      const message = `round ${round}`;
      expect(result.forecast.total, message).toBe(totalOf(result.forecast.byResourceType));
      expect(result.actual.total, message).toBe(totalOf(result.actual.byResourceType));
      for (const type of resourceTypes) {
        const remaining = result.forecast.byResourceType[type] - result.actual.byResourceType[type];
        expect(remaining, message).toBe(remainingShare(figures.budgetByType[type], progress));
        if (progress === 100) expect(remaining).toBe(0);
        if (progress === 0) expect(remaining).toBe(figures.budgetByType[type]);
      }
      expect(result.margin, message).toBe(result.revenueCents - result.forecast.total);
      expect(result.revenueCents).toBe(Math.max(figures.saleCents, figures.billedCents));
      const resourceAlerts = new Set(
        result.alerts.filter((alert) => alert.kind === 'resource').map((alert) => alert.resourceType),
      );
      for (const type of resourceTypes) {
        const expected =
          result.budget.total > 0 &&
          figures.budgetByType[type] > 0 &&
          passesBudget(result.actual.byResourceType[type], figures.budgetByType[type], threshold);
        expect(resourceAlerts.has(type), `${message} ${type}`).toBe(expected);
      }
    }
  });
});

describe('formatPercentFr', () => {
  it('writes hundredths of a percent the French way, without useless zeros', () => {
    expect(formatPercentFr(1_000)).toBe('10 %');
    expect(formatPercentFr(1_250)).toBe('12,5 %');
    expect(formatPercentFr(1_001)).toBe('10,01 %');
    expect(formatPercentFr(0)).toBe('0 %');
  });
});
