import { formatMoney, parseMoney } from '@btp/shared/money';
import type { QuoteLineInUnits } from '@btp/shared/pricing';
import { sectionTotals } from '@btp/shared/quote-sections';

/**
 * A devis's rows as the editor holds them: priced lines and the lots' headings between them
 * (LIBRARY.md "Lot / chapitre"). A heading groups the lines below it, down to the next heading of
 * its level or above; a sub-heading (level 2) sits inside the lot above it. Order is the truth:
 * numbers and sections follow from it, so moving a row is all it takes to change its lot.
 */
export interface HeadingDraft {
  key: string;
  kind: 'heading';
  /** 1: a lot ("2 Maçonnerie"); 2: a sub-lot inside it ("2.1 Fondations"). */
  level: 1 | 2;
  title: string;
}

/** What every row has: a stable React key and, for a heading, its kind. */
export interface RowBase {
  key: string;
  kind?: 'line' | 'heading';
}

export function isHeading(row: RowBase): row is HeadingDraft {
  return row.kind === 'heading';
}

let lastKey = 0;
/** A new stable React key for a row or a component (never sent). */
export function nextRowKey(prefix = 'row'): string {
  lastKey += 1;
  return `${prefix}-${lastKey}`;
}

export function emptyHeading(level: 1 | 2 = 1): HeadingDraft {
  return { key: nextRowKey('heading'), kind: 'heading', level, title: '' };
}

/** Where a row stands: its number on screen ("2", "2.1", "2.1.3") and the section it belongs to. */
export interface RowPlace {
  /** "2" (a lot), "2.1" (a sub-lot), "2.1.3" (the third line of 2.1), "3" (a line outside any lot). */
  number: string;
  /** A heading's own section; a line's, the section of the heading above it (none before the first). */
  section: string | undefined;
  /** The heading's level as it counts: a sub-heading before any lot counts as a lot. */
  level?: 1 | 2;
}

/**
 * Numbers every row (1, 1.1, 1.1.1 on screen and on the PDF): lots 1, 2…; sub-lots 2.1, 2.2… inside
 * their lot; lines 1, 2… inside their section ("2.1.3"), or plainly 1, 2… before the first heading.
 */
export function rowPlaces(rows: readonly RowBase[]): RowPlace[] {
  let lot = 0;
  let subLot = 0;
  let section: string | undefined;
  let lineInSection = 0;
  return rows.map((row) => {
    if (isHeading(row)) {
      lineInSection = 0;
      if (row.level === 2 && lot > 0) {
        subLot += 1;
        section = `${lot}.${subLot}`;
        return { number: section, section, level: 2 };
      }
      lot += 1;
      subLot = 0;
      section = `${lot}`;
      return { number: section, section, level: 1 };
    }
    lineInSection += 1;
    return {
      number: section === undefined ? `${lineInSection}` : `${section}.${lineInSection}`,
      section,
    };
  });
}

/**
 * Each heading's subtotal HT in cents, by the shared rule (`sectionTotals`, the server's): the sale
 * totals of its lines and its sub-lots' lines. `figures` holds, per row, the line's figures (`null`
 * for a heading, or a line that cannot be read yet, which counts for nothing). Answers per row: the
 * subtotal for a heading, `undefined` for a line.
 */
export function sectionSubtotals(
  rows: readonly (RowBase & { title?: string })[],
  figures: readonly (Pick<QuoteLineInUnits, 'saleTotalCents'> | null)[],
): (number | undefined)[] {
  const places = rowPlaces(rows);
  const headings: { section: string; title: string }[] = [];
  const lines: { section: string | undefined; saleTotal: string }[] = [];
  rows.forEach((row, index) => {
    const section = places[index]?.section;
    if (isHeading(row)) headings.push({ section: section ?? '', title: row.title });
    else lines.push({ section, saleTotal: formatMoney(figures[index]?.saleTotalCents ?? 0) });
  });
  const totals = new Map(sectionTotals(headings, lines).map((total) => [total.section, total.totalHT]));
  return rows.map((row, index) => {
    const total = isHeading(row) ? totals.get(places[index]?.section ?? '') : undefined;
    return total === undefined ? undefined : parseMoney(total);
  });
}

/** `rows` with the row at `from` moved to `to` (both indexes in `rows`); the same array if either is out of range. */
export function moveRow<T>(rows: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= rows.length || to >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}
