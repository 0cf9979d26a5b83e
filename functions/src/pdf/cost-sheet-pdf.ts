/**
 * The chantier's cost sheet as a PDF (docs/profitability.md): A4, the embedded Inter fonts of the
 * devis and factures (`render.ts`), the rows of `@btp/shared/cost-sheet` (the CSV's), so both
 * exports carry the same figures. An internal report: no legal mention, no archive.
 */
import {
  costSheetColumns,
  costSheetRows,
  costSheetSummary,
  frenchAmount,
  type CostSheetRow,
} from '@btp/shared/cost-sheet';
import type { Profitability } from '@btp/shared/entities/profitability';
import PDFDocument from 'pdfkit';
import { printable, useInter } from './render.js';

const PAGE_WIDTH = 595.28;
const LEFT = 42;
const RIGHT = PAGE_WIDTH - 42;
const WIDTH = RIGHT - LEFT;
const colors = { text: '#1f2933', muted: '#5b6775', accent: '#1d3557', rule: '#d5dbe3', alert: '#b42318' };

export interface CostSheetContext {
  company: string;
  client?: string;
  /** The day it is drawn, `YYYY-MM-DD`. */
  date: string;
}

const frenchDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

/** Draws the cost sheet; answers the PDF's bytes. */
export function renderCostSheetPdf(figures: Profitability, context: CostSheetContext): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 40, bottom: 50, left: LEFT, right: PAGE_WIDTH - RIGHT },
    // No default font: see render.ts (pdfkit's Helvetica cannot be bundled).
    font: null as unknown as string,
    lang: 'fr-FR',
    displayTitle: true,
    info: {
      Title: printable(`Fiche de coûts — ${figures.project.name}`),
      Author: printable(context.company),
      Creator: 'BTP Gestion',
      CreationDate: new Date(`${context.date}T00:00:00Z`),
    },
  });
  useInter(doc);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const text = (value: string, options: { bold?: boolean; size?: number; color?: string } = {}) =>
    doc
      .font(options.bold ? 'Inter-Bold' : 'Inter')
      .fontSize(options.size ?? 10)
      .fillColor(options.color ?? colors.text)
      .text(printable(value), { width: WIDTH });

  text('Fiche de coûts', { bold: true, size: 20, color: colors.accent });
  text(figures.project.name, { bold: true, size: 14 });
  text(
    [
      context.client ? `Client : ${context.client}` : undefined,
      `${context.company} · ${frenchDate(context.date)}`,
    ]
      .filter(Boolean)
      .join('   '),
    { color: colors.muted },
  );
  doc.moveDown(1);

  for (const [label, value] of costSheetSummary(figures)) {
    const y = doc.y;
    doc.font('Inter').fontSize(10).fillColor(colors.muted).text(printable(label), LEFT, y, { width: 220 });
    doc
      .font('Inter-Bold')
      .fontSize(10)
      .fillColor(colors.text)
      .text(printable(value), LEFT + 230, y, { width: WIDTH - 230 });
    doc.moveDown(0.2);
  }
  doc.x = LEFT;
  doc.moveDown(1);

  text('Coûts par type de ressource (HT)', { bold: true, size: 12, color: colors.accent });
  doc.moveDown(0.4);
  const widths = [118, 74, 74, 74, 74, 97];
  const row = (cells: readonly string[], options: { bold?: boolean } = {}) => {
    const y = doc.y;
    let x = LEFT;
    cells.forEach((cell, index) => {
      const width = widths[index] ?? 70;
      doc
        .font(options.bold ? 'Inter-Bold' : 'Inter')
        .fontSize(9.5)
        .fillColor(colors.text)
        .text(printable(cell), x, y, { width: width - 6, align: index === 0 ? 'left' : 'right' });
      x += width;
    });
    const bottom = doc.y + 4;
    doc.moveTo(LEFT, bottom).lineTo(RIGHT, bottom).lineWidth(0.5).strokeColor(colors.rule).stroke();
    doc.y = bottom + 4;
    doc.x = LEFT;
  };
  const cells = (entry: CostSheetRow) => [
    entry.label,
    entry.budget,
    entry.committed,
    entry.actual,
    entry.gap,
    entry.forecast,
  ];
  row(costSheetColumns, { bold: true });
  const { rows, total } = costSheetRows(figures);
  for (const entry of rows) row(cells(entry));
  row(cells(total), { bold: true });
  doc.moveDown(1);

  if (figures.alerts.length > 0) {
    text(`Alertes (seuil : ${figures.alertThreshold.replace('.', ',')} %)`, {
      bold: true,
      size: 12,
      color: colors.alert,
    });
    for (const alert of figures.alerts) text(`• ${alert.message}`);
    doc.moveDown(1);
  }
  if (figures.quotes.length > 0) {
    text('Devis signés', { bold: true, size: 12, color: colors.accent });
    for (const quote of figures.quotes) text(`${quote.number} : ${frenchAmount(quote.totalAmount)} € HT`);
  }
  doc.end();
  return done;
}
