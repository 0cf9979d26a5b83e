import { describe, expect, it } from 'vitest';
import { costSheetCsv, costSheetFormats, costSheetQuery, costSheetRows, frenchAmount } from './cost-sheet.js';
import type { Profitability } from './entities/profitability.js';
import * as z from './lazy-zod.js';
import { oddValues } from './testing/odd-values.js';
import { seededRandom } from './testing/seeded-random.js';
import { compareParsers } from './testing/seen-answer.js';
import './zod-fr.js';

const zero = {
  materials: '0.00',
  labor: '0.00',
  equipment: '0.00',
  subcontractor: '0.00',
  rental: '0.00',
  merchandise: '0.00',
  other: '0.00',
};

const figures: Profitability = {
  project: { id: 'p', name: '=HYPERLINK("x") Maison', status: 'in_progress', progress: 40 },
  contract: '20000.00',
  revenue: '20000.00',
  budget: {
    byResourceType: { ...zero, materials: '8000.00', labor: '6000.00' },
    total: '14000.00',
    hours: '150.00',
  },
  committed: { byResourceType: { ...zero, other: '1200.00' }, total: '1200.00' },
  actual: {
    byResourceType: { ...zero, materials: '9100.50', labor: '3200.00' },
    total: '12300.50',
    hours: '80.00',
    laborCost: '3200.00',
  },
  billed: {
    total: '9000.00',
    byKind: { standard: '0.00', deposit: '3000.00', progress: '6000.00', credit_note: '0.00' },
  },
  forecast: {
    byResourceType: { ...zero, materials: '13900.50', labor: '6800.00', other: '0.00' },
    total: '20700.50',
    hours: '170.00',
    method: 'progress',
    progressTotal: '20700.50',
  },
  margin: '-700.50',
  marginPercent: '-3.50',
  marginToDate: '-3300.50',
  alerts: [
    {
      kind: 'resource',
      resourceType: 'materials',
      unit: 'money',
      budget: '8000.00',
      actual: '9100.50',
      overrunPercent: '13.76',
      message: 'Matériaux : dépassement.',
    },
  ],
  alertThreshold: '10.00',
  quotes: [{ id: 'q', number: 'DEV-2026-0007', totalAmount: '20000.00' }],
};

describe('the cost sheet', () => {
  it('writes amounts the French way', () => {
    expect(frenchAmount('1234567.50')).toBe('1\u00a0234\u00a0567,50');
    expect(frenchAmount('-700.50')).toBe('-700,50');
    expect(frenchAmount('0.00')).toBe('0,00');
  });

  it('has a row per resource type with a figure, the gap actual − budget, and the total', () => {
    const { rows, total } = costSheetRows(figures);
    expect(rows.map((row) => row.label)).toEqual(['Matériaux', "Main-d'œuvre", 'Autre']);
    expect(rows[0]).toEqual({
      label: 'Matériaux',
      budget: '8\u00a0000,00',
      committed: '0,00',
      actual: '9\u00a0100,50',
      gap: '1\u00a0100,50',
      forecast: '13\u00a0900,50',
    });
    expect(total).toMatchObject({
      budget: '14\u00a0000,00',
      actual: '12\u00a0300,50',
      gap: '-1\u00a0699,50',
    });
  });

  it('is a semicolon CSV with a BOM, every field quoted, formulas defused, amounts kept', () => {
    const csv = costSheetCsv(figures, {
      company: 'Dupont Bâtiment',
      date: '2026-11-29',
      client: 'M. "Durand"',
    });
    expect(csv.startsWith('\ufeff"Fiche de coûts";"\'=HYPERLINK(""x"") Maison"\r\n')).toBe(true);
    expect(csv).toContain('"Client";"M. ""Durand"""');
    expect(csv).toContain('"Marge prévue";"-700,50 € (-3,50 %)"');
    expect(csv).toContain(
      '"Total";"14\u00a0000,00";"1\u00a0200,00";"12\u00a0300,50";"-1\u00a0699,50";"20\u00a0700,50"',
    );
    expect(csv).toContain('"DEV-2026-0007";"20\u00a0000,00"');
    expect(csv.endsWith('\r\n')).toBe(true);
    const named = costSheetCsv(
      { ...figures, project: { ...figures.project, name: '-2+3' } },
      { company: '@x', date: 'd' },
    );
    expect(named).toContain('"Fiche de coûts";"\'-2+3"');
    expect(named).toContain('"Entreprise";"\'@x"');
  });
});

describe('the cost sheet’s query, parsed without zod', () => {
  // The zod schema the route validated with until issue 27's tenth pass.
  const zodQuery = z.object({
    format: z
      .enum(costSheetFormats, { error: 'Format inconnu : choisissez pdf ou csv' })
      .optional()
      .default('pdf'),
  });

  it('answers as the zod schema: same output, issues and French messages (2,000 random queries)', () => {
    const random = seededRandom(3401);
    const formats = ['pdf', 'csv', 'PDF', ' csv', 'xlsx', ''];
    const queries = Array.from({ length: 2_000 }, () => {
      if (random.next() < 0.05) return random.pick([null, undefined, 'pdf', 5, []]);
      const query: Record<string, unknown> = {};
      if (random.next() < 0.8)
        query.format = random.next() < 0.2 ? random.pick(oddValues) : random.pick(formats);
      if (random.next() < 0.2) query.other = 'x';
      return query;
    });
    const { accepted, difference } = compareParsers(costSheetQuery, zodQuery, queries);
    expect(difference).toBeUndefined();
    expect(accepted).toBeGreaterThan(500);
    expect(accepted).toBeLessThan(1_800);
  });

  it('reads pdf by default, and names the formats otherwise', () => {
    expect(costSheetQuery.parse({})).toEqual({ format: 'pdf' });
    expect(costSheetQuery.parse({ format: 'csv', other: 'x' })).toEqual({ format: 'csv' });
    expect(costSheetQuery.safeParse({ format: 'xlsx' }).error?.issues).toEqual([
      { path: ['format'], message: 'Format inconnu : choisissez pdf ou csv' },
    ]);
  });
});
