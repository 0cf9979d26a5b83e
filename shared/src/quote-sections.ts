/**
 * Lots and chapters of a devis (LIBRARY.md "Lot / chapitre"): headings numbered 1, 1.1, 1.1.1
 * grouping the lines below them, each with its subtotal HT. Shared by the server (which checks
 * them, stores them and prints them on the PDF and in the Factur-X line notes) and the SPA (which
 * shows them while the devis is edited).
 *
 * A heading is `{ kind: 'heading', section: '2', title: 'Maçonnerie' }` among a quote's `items`; a
 * line carries the `section` it belongs to. A section's subtotal is Σ `saleTotal` of its lines and
 * of its sub-sections' lines. Display order: the lines without section first, then each section in
 * number order (1, 1.1, 1.2, 2…), its own lines before its sub-sections, lines by `sortOrder`.
 */
import { formatMoney, parseMoney, sumCents } from './money.js';

/** The deepest numbering: 1.1.1. */
export const MAX_SECTION_LEVELS = 3;

/** "2", "2.1", "2.1.3": numbers from 1 to 999, at most three levels. */
export const SECTION_PATTERN = /^[1-9]\d{0,2}(\.[1-9]\d{0,2}){0,2}$/;

export const SECTION_MESSAGE = 'Numéro de lot invalide : 1, 2.1 ou 2.1.3 par exemple';

/** The numbers of a section: "2.10" → [2, 10]. */
export function sectionNumbers(section: string): number[] {
  return section.split('.').map(Number);
}

/** Number order: 1 < 1.1 < 1.2 < 1.10 < 2. */
export function compareSections(a: string, b: string): number {
  const left = sectionNumbers(a);
  const right = sectionNumbers(b);
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const x = left[index];
    const y = right[index];
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    if (x !== y) return x - y;
  }
  return 0;
}

/** The section above: "2.1" → "2"; a top-level section has none. */
export function parentSection(section: string): string | undefined {
  const at = section.lastIndexOf('.');
  return at < 0 ? undefined : section.slice(0, at);
}

/** Whether `section` is `ancestor` or lies below it ("2.1.3" in "2"). */
export function isWithinSection(section: string | undefined, ancestor: string): boolean {
  return section !== undefined && (section === ancestor || section.startsWith(`${ancestor}.`));
}

/** A heading as a devis shows it: "2 Maçonnerie", "2.1 Fondations". */
export function sectionLabel(heading: { section: string; title: string }): string {
  return `${heading.section} ${heading.title}`;
}

/**
 * The path of a line's section as the Factur-X line note carries it: each level's label joined by
 * " › " ("2 Maçonnerie › 2.1 Fondations"); `undefined` without section.
 */
export function sectionPath(
  section: string | undefined,
  headings: readonly { section: string; title: string }[],
): string | undefined {
  if (!section) return undefined;
  const titles = new Map(headings.map((heading) => [heading.section, heading.title]));
  const levels: string[] = [];
  let current: string | undefined = section;
  while (current !== undefined) {
    const title = titles.get(current);
    levels.unshift(title === undefined ? current : sectionLabel({ section: current, title }));
    current = parentSection(current);
  }
  return levels.join(' › ');
}

/** A problem with the lots of a devis, on the path of the row that has it. */
export interface SectionIssue {
  path: string;
  message: string;
}

export const sectionMessages = {
  duplicate: (section: string) => `Le lot ${section} apparaît deux fois`,
  noParent: (section: string, parent: string) =>
    `Le lot ${section} est sous le lot ${parent}, qui n'existe pas : ajoutez d'abord son titre`,
  unknown: (section: string) =>
    `Le lot ${section} n'existe pas : ajoutez son titre ou choisissez un autre lot`,
};

/** A line of a devis as sent, as far as its lot goes. */
interface SectionedLine {
  kind?: 'line' | undefined;
  section?: string | undefined;
}

/**
 * What is wrong with the lots of a devis' rows (`items` as sent): each heading's section once, a
 * sub-section under an existing heading, each line's section an existing heading. Paths are
 * `items.<index>.section`.
 */
export function sectionIssues(
  rows: readonly ({ kind: 'heading'; section: string } | SectionedLine)[],
): SectionIssue[] {
  const issues: SectionIssue[] = [];
  const headings = new Set<string>();
  rows.forEach((row, index) => {
    if (row.kind !== 'heading') return;
    if (headings.has(row.section)) {
      issues.push({ path: `items.${index}.section`, message: sectionMessages.duplicate(row.section) });
    }
    headings.add(row.section);
  });
  rows.forEach((row, index) => {
    const section = row.section;
    if (section === undefined) return;
    if (row.kind === 'heading') {
      const parent = parentSection(section);
      if (parent !== undefined && !headings.has(parent)) {
        issues.push({ path: `items.${index}.section`, message: sectionMessages.noParent(section, parent) });
      }
    } else if (!headings.has(section)) {
      issues.push({ path: `items.${index}.section`, message: sectionMessages.unknown(section) });
    }
  });
  return issues;
}

/** A section of a devis as the API answers it: its heading and its subtotal HT (`sections`). */
export interface QuoteSectionTotal {
  section: string;
  title: string;
  /** Σ `saleTotal` of its lines and its sub-sections' lines. */
  totalHT: string;
}

/**
 * The sections of a devis with their subtotals, in number order.
 * @param lines the priced lines (`saleTotal` as "123.45")
 */
export function sectionTotals(
  headings: readonly { section: string; title: string }[],
  lines: readonly { section?: string | undefined; saleTotal: string }[],
): QuoteSectionTotal[] {
  return [...headings]
    .sort((a, b) => compareSections(a.section, b.section))
    .map((heading) => ({
      section: heading.section,
      title: heading.title,
      totalHT: formatMoney(
        sumCents(
          lines
            .filter((line) => isWithinSection(line.section, heading.section))
            .map((line) => parseMoney(line.saleTotal)),
        ),
      ),
    }));
}

/** One row of a devis as shown: a heading (with its level, 1 for "2", 2 for "2.1") or a line. */
export type OutlineRow<L> =
  | { kind: 'heading'; section: string; title: string; level: number; totalHT?: string }
  | { kind: 'line'; line: L; index: number };

/**
 * The rows of a devis in display order: lines without section first, then each heading followed
 * by its own lines and its sub-sections. `index` is the line's position in `lines`; within a
 * section lines keep their order in `lines` (the stored order, by `sortOrder`).
 */
export function quoteOutline<L extends { section?: string | undefined }>(
  headings: readonly { section: string; title: string; totalHT?: string }[],
  lines: readonly L[],
): OutlineRow<L>[] {
  const known = new Set(headings.map((heading) => heading.section));
  const rows: OutlineRow<L>[] = [];
  const linesOf = (section: string | undefined) =>
    lines.flatMap((line, index) =>
      (
        section === undefined
          ? line.section === undefined || !known.has(line.section)
          : line.section === section
      )
        ? [{ kind: 'line' as const, line, index }]
        : [],
    );
  rows.push(...linesOf(undefined));
  for (const heading of [...headings].sort((a, b) => compareSections(a.section, b.section))) {
    rows.push({
      kind: 'heading',
      section: heading.section,
      title: heading.title,
      level: sectionNumbers(heading.section).length,
      ...(heading.totalHT === undefined ? {} : { totalHT: heading.totalHT }),
    });
    rows.push(...linesOf(heading.section));
  }
  return rows;
}
