/**
 * The chantier's cost sheet (fiche de coûts, docs/profitability.md): the Rentabilité tab's figures
 * as rows, shared by its PDF and its CSV so both carry the same figures, written the French way
 * (« 1 234,50 »). The CSV is for a spreadsheet: `;` between fields, UTF-8 with a BOM, CRLF line
 * ends, every field quoted, and a text that a spreadsheet would run as a formula (starting with
 * `=`, `+`, `-`, `@`, a tab or a carriage return) prefixed with `'`.
 */
import type { Profitability } from './entities/profitability.js';
import { resourceTypeLabels, resourceTypes } from './enums.js';
import { formatMoney, parseMoney, sumCents } from './money.js';
import { defaultedEnumParser, queryParser } from './query-parser.js';

/** The cost sheet's formats. */
export const costSheetFormats = ['pdf', 'csv'] as const;
export type CostSheetFormat = (typeof costSheetFormats)[number];

/**
 * `GET /api/projects/{id}/cost-sheet?format=pdf|csv` (default `pdf`), parsed by hand (issue 27,
 * `bench:lambda`: the route starts without zod's code). It answers as
 * `z.object({ format: z.enum(costSheetFormats, { error }).optional().default('pdf') })` does:
 * `cost-sheet.test.ts` compares them on seeded random queries.
 */
export const costSheetQuery = queryParser({
  format: defaultedEnumParser(costSheetFormats, 'pdf', 'Format inconnu : choisissez pdf ou csv'),
});

/** « 1 234,50 » (no currency sign: the column says €), with a no-break space between thousands. */
export function frenchAmount(value: string): string {
  const cents = parseMoney(value);
  const negative = cents < 0;
  const [whole = '0', decimals = '00'] = formatMoney(Math.abs(cents)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${negative ? '-' : ''}${grouped},${decimals}`;
}

/** « 46,13 » hours. */
export const frenchHours = (value: string): string => value.replace('.', ',');

/** « 16,67 % » or « — ». */
export const frenchPercent = (value: string | null): string =>
  value === null ? '—' : `${value.replace('.', ',')} %`;

export interface CostSheetRow {
  label: string;
  budget: string;
  committed: string;
  actual: string;
  gap: string;
  forecast: string;
}

/** One row per resource type with a figure, then the total (amounts HT, French). */
export function costSheetRows(figures: Profitability): { rows: CostSheetRow[]; total: CostSheetRow } {
  const row = (label: string, budget: string, committed: string, actual: string, forecast: string) => ({
    label,
    budget: frenchAmount(budget),
    committed: frenchAmount(committed),
    actual: frenchAmount(actual),
    gap: frenchAmount(formatMoney(sumCents([parseMoney(actual), -parseMoney(budget)]))),
    forecast: frenchAmount(forecast),
  });
  const rows = resourceTypes
    .filter((type) =>
      [
        figures.budget.byResourceType[type],
        figures.committed.byResourceType[type],
        figures.actual.byResourceType[type],
        figures.forecast.byResourceType[type],
      ].some((value) => parseMoney(value) !== 0),
    )
    .map((type) =>
      row(
        resourceTypeLabels[type],
        figures.budget.byResourceType[type],
        figures.committed.byResourceType[type],
        figures.actual.byResourceType[type],
        figures.forecast.byResourceType[type],
      ),
    );
  return {
    rows,
    total: row(
      'Total',
      figures.budget.total,
      figures.committed.total,
      figures.actual.total,
      figures.forecast.total,
    ),
  };
}

/** The sheet's headline figures, label and value, in the tab's order. */
export function costSheetSummary(figures: Profitability): [string, string][] {
  return [
    ['Prix de vente HT (devis signés)', `${frenchAmount(figures.revenue)} €`],
    ['Facturé HT', `${frenchAmount(figures.billed.total)} €`],
    ['Coûts réels HT', `${frenchAmount(figures.actual.total)} €`],
    [
      figures.forecast.method === 'estimate' ? 'Coût à terminaison (estimation)' : 'Coût à terminaison',
      `${frenchAmount(figures.forecast.total)} €`,
    ],
    ['Marge prévue', `${frenchAmount(figures.margin)} € (${frenchPercent(figures.marginPercent)})`],
    ['Marge à date (facturé − réel)', `${frenchAmount(figures.marginToDate)} €`],
    ['Avancement', `${figures.project.progress} %`],
    [
      'Heures',
      `${frenchHours(figures.actual.hours)} h pointées (${frenchAmount(figures.actual.laborCost)} €) pour ${frenchHours(figures.budget.hours)} h prévues`,
    ],
  ];
}

export const costSheetColumns = [
  'Poste',
  'Budget €',
  'Engagé €',
  'Réel €',
  'Écart €',
  'À terminaison €',
] as const;

function csvField(value: string): string {
  // A negative amount of ours (« -700,50 € (-3,50 %) ») is no formula; any other text could be.
  const amount = /^-[\d\u00a0]+(,\d+)?( €)?( \(-?[\d,]+ %\))?$/.test(value);
  const safe = /^[=+\-@\t\r]/.test(value) && !amount ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The CSV of the cost sheet (see the top of this file). */
export function costSheetCsv(
  figures: Profitability,
  context: { company: string; date: string; client?: string },
): string {
  const lines: string[][] = [
    ['Fiche de coûts', figures.project.name],
    ['Entreprise', context.company],
    ...(context.client ? [['Client', context.client]] : []),
    ['Date', context.date],
    [],
    ...costSheetSummary(figures),
    [],
    [...costSheetColumns],
  ];
  const { rows, total } = costSheetRows(figures);
  for (const row of [...rows, total])
    lines.push([row.label, row.budget, row.committed, row.actual, row.gap, row.forecast]);
  if (figures.alerts.length > 0) {
    lines.push([], ['Alertes']);
    for (const alert of figures.alerts) lines.push([alert.message]);
  }
  if (figures.quotes.length > 0) {
    lines.push([], ['Devis signés', 'Montant HT €']);
    for (const quote of figures.quotes) lines.push([quote.number, frenchAmount(quote.totalAmount)]);
  }
  return `\ufeff${lines.map((line) => line.map(csvField).join(';')).join('\r\n')}\r\n`;
}
