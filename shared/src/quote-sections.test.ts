import { describe, expect, it } from 'vitest';
import { quoteCreateInput } from './entities/quote.js';
import {
  compareSections,
  quoteOutline,
  sectionIssues,
  sectionPath,
  sectionTotals,
} from './quote-sections.js';

const headings = [
  { section: '2', title: 'Maçonnerie' },
  { section: '1', title: 'Terrassement' },
  { section: '2.1', title: 'Fondations' },
  { section: '2.10', title: 'Reprises' },
  { section: '2.2', title: 'Élévation' },
];

describe('lots of a devis', () => {
  it('orders sections by number: 1, 2, 2.1, 2.2, 2.10', () => {
    expect(headings.map((h) => h.section).sort(compareSections)).toEqual(['1', '2', '2.1', '2.2', '2.10']);
  });

  it('adds each section its lines and its sub-sections’ lines', () => {
    const lines = [
      { section: '1', saleTotal: '100.00' },
      { section: '2', saleTotal: '10.00' },
      { section: '2.1', saleTotal: '2732.75' },
      { section: '2.2', saleTotal: '0.05' },
      { saleTotal: '7.00' },
    ];
    expect(sectionTotals(headings, lines)).toEqual([
      { section: '1', title: 'Terrassement', totalHT: '100.00' },
      { section: '2', title: 'Maçonnerie', totalHT: '2742.80' },
      { section: '2.1', title: 'Fondations', totalHT: '2732.75' },
      { section: '2.2', title: 'Élévation', totalHT: '0.05' },
      { section: '2.10', title: 'Reprises', totalHT: '0.00' },
    ]);
  });

  it('lists the rows in display order: unsectioned lines, then each heading, its lines, its sub-sections', () => {
    const lines = [
      { id: 'a', section: '2.1' },
      { id: 'b', section: '1' },
      { id: 'c' },
      { id: 'd', section: '2' },
    ];
    const rows = quoteOutline(headings, lines).map((row) =>
      row.kind === 'heading' ? `# ${row.section} (${row.level})` : row.line.id,
    );
    expect(rows).toEqual(['c', '# 1 (1)', 'b', '# 2 (1)', 'd', '# 2.1 (2)', 'a', '# 2.2 (2)', '# 2.10 (2)']);
  });

  it('writes the Factur-X note of a line: "2 Maçonnerie › 2.1 Fondations"', () => {
    expect(sectionPath('2.1', headings)).toBe('2 Maçonnerie › 2.1 Fondations');
    expect(sectionPath(undefined, headings)).toBeUndefined();
  });

  it('names each row whose lot does not hang together', () => {
    expect(
      sectionIssues([
        { kind: 'heading', section: '1' },
        { kind: 'heading', section: '1' },
        { kind: 'heading', section: '3.1' },
        { section: '2' },
        { section: '1' },
        {},
      ]),
    ).toEqual([
      { path: 'items.1.section', message: 'Le lot 1 apparaît deux fois' },
      {
        path: 'items.2.section',
        message: "Le lot 3.1 est sous le lot 3, qui n'existe pas : ajoutez d'abord son titre",
      },
      {
        path: 'items.3.section',
        message: "Le lot 2 n'existe pas : ajoutez son titre ou choisissez un autre lot",
      },
    ]);
  });
});

describe('a quote body with lots and library lines', () => {
  const base = { title: 'Extension', clientId: '0190a000-0000-7000-8000-0000000000aa' };

  it('accepts headings among the items and lines carrying a section and a components snapshot', () => {
    const parsed = quoteCreateInput.parse({
      ...base,
      items: [
        { kind: 'heading', section: '1', title: 'Maçonnerie' },
        {
          section: '1',
          resourceType: 'materials',
          description: 'Mur en parpaings de 20',
          unit: 'm²',
          quantity: '42,5',
          unitPrice: '0',
          ouvrageId: '0190a000-0000-7000-8000-0000000000bb',
          components: [
            { designation: 'Parpaing 20×20×50', unit: 'u', quantity: 10, lossRate: 5, unitCost: 1.48 },
          ],
        },
      ],
    });
    expect(parsed.items?.[0]).toEqual({ kind: 'heading', section: '1', title: 'Maçonnerie' });
    expect(parsed.items?.[1]).toMatchObject({
      section: '1',
      quantity: '42.500',
      components: [{ quantity: '10.000', lossRate: '5.00', unitCost: '1.48' }],
    });
  });

  it('refuses a line in an unknown lot, a bad number and a negative component, each on its path', () => {
    const result = quoteCreateInput.safeParse({
      ...base,
      items: [
        { kind: 'heading', section: '1.2.3.4', title: 'Trop profond' },
        { section: '4', resourceType: 'labor', quantity: 1, unitPrice: 1 },
        {
          resourceType: 'materials',
          quantity: 1,
          unitPrice: 1,
          components: [{ designation: 'Sable', quantity: -1, unitCost: 3 }],
        },
      ],
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toContainEqual([
      'items.0.section',
      'Numéro de lot invalide : 1, 2.1 ou 2.1.3 par exemple',
    ]);
    expect(issues).toContainEqual([
      'items.2.components.0.quantity',
      'La quantité doit être un nombre positif',
    ]);
  });

  it('refuses a line in a lot without heading', () => {
    const result = quoteCreateInput.safeParse({
      ...base,
      items: [{ section: '4', resourceType: 'labor', quantity: 1, unitPrice: 1 }],
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['items.0.section', "Le lot 4 n'existe pas : ajoutez son titre ou choisissez un autre lot"],
    ]);
  });
});
