/**
 * A quote body's rows split into lines and headings, apart from the quote schemas (`quote.ts`) so
 * that the data layer does not load zod (issue 27, `bench:lambda`).
 */
import type { QuoteHeadingData, QuoteItemData, QuoteRowData } from './quote.js';

/** Whether a row of a body is a heading. */
export function isHeadingRow(row: QuoteRowData): row is QuoteHeadingData {
  return row.kind === 'heading';
}

/** The lines and the headings of a body's rows, apart; lines keep their order. */
export function splitQuoteRows(rows: readonly QuoteRowData[]): {
  lines: QuoteItemData[];
  headings: QuoteHeadingData[];
} {
  const lines: QuoteItemData[] = [];
  const headings: QuoteHeadingData[] = [];
  for (const row of rows) {
    if (isHeadingRow(row)) headings.push(row);
    else {
      const { kind: _kind, ...line } = row;
      lines.push(line);
    }
  }
  return { lines, headings };
}
