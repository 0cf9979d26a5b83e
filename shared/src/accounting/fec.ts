/**
 * The FEC (fichier des écritures comptables, art. A47 A-1 LPF, BOI-CF-IOR-60-40-20) and the CSV per
 * journal, written from the entries (`entries.ts`):
 *
 * - 18 columns in the order of the text, their names on the first line, separated by a tab, one
 *   line per entry line, lines ended by CR LF;
 * - dates `AAAAMMJJ`; amounts with a decimal comma, two decimals, no thousands separator, `0,00` on
 *   the side that has nothing;
 * - `CompAuxNum`/`CompAuxLib`, `EcritureLet`/`DateLet`, `Montantdevise`/`Idevise` empty in pairs (the
 *   books are in euros: the last two are always empty);
 * - `EcritureNum` continuous per journal (1, 2, 3…) in date order; `ValidDate` the export's day;
 * - named `<SIREN>FEC<AAAAMMJJ>.txt`, the day being the period's last.
 *
 * The text is built here; the export encodes it in ISO 8859-15 (one of the encodings the text
 * allows, and the one that holds French names: é, œ, €).
 */
import { formatMoney, sumCents } from '../money.js';
import { journalCodes, journalLabels, type Entry, type JournalCode } from './entries.js';

export const fecColumns = [
  'JournalCode',
  'JournalLib',
  'EcritureNum',
  'EcritureDate',
  'CompteNum',
  'CompteLib',
  'CompAuxNum',
  'CompAuxLib',
  'PieceRef',
  'PieceDate',
  'EcritureLib',
  'Debit',
  'Credit',
  'EcritureLet',
  'DateLet',
  'ValidDate',
  'Montantdevise',
  'Idevise',
] as const;

export const FEC_LINE_END = '\r\n';

/** An entry with its `EcritureNum`. */
export interface NumberedEntry extends Entry {
  number: number;
}

/** `YYYY-MM-DD` → `AAAAMMJJ`. */
export function fecDate(day: string): string {
  return day.slice(0, 10).replaceAll('-', '');
}

/** Cents → `1234,50` (never negative in the FEC: a negative amount goes to the other side). */
export function fecAmount(cents: number): string {
  return formatMoney(cents).replace('.', ',');
}

/** A text value on one line, without the separators of the FEC or the CSV. */
function fecText(value: string | undefined): string {
  return (value ?? '').replace(/[\t|;\r\n]+/g, ' ').trim();
}

/** `<SIREN>FEC<AAAAMMJJ>.txt`, the day being the period's last (the financial year's closing day). */
export function fecFileName(siren: string, periodEnd: string): string {
  return `${siren.replace(/\D/g, '')}FEC${fecDate(periodEnd)}.txt`;
}

/** The CSV of one journal: `<SIREN>-<journal>-<AAAAMMJJ>-<AAAAMMJJ>.csv`. */
export function journalCsvFileName(siren: string, journal: JournalCode, from: string, to: string): string {
  return `${siren.replace(/\D/g, '')}-${journal}-${fecDate(from)}-${fecDate(to)}.csv`;
}

/** The order of the journals in the file, on the same day. */
const journalOrder: Record<JournalCode, number> = { VE: 0, HA: 1, BQ: 2 };

/**
 * The entries in the FEC's order — by date, then journal, then as given — each numbered
 * continuously within its journal from 1.
 */
export function numberEntries(entries: readonly Entry[]): NumberedEntry[] {
  const counters: Record<JournalCode, number> = { VE: 0, HA: 0, BQ: 0 };
  return entries
    .map((entry, position) => ({ entry, position }))
    .sort(
      (a, b) =>
        a.entry.date.localeCompare(b.entry.date) ||
        journalOrder[a.entry.journal] - journalOrder[b.entry.journal] ||
        a.position - b.position,
    )
    .map(({ entry }) => {
      counters[entry.journal] += 1;
      return { ...entry, number: counters[entry.journal] };
    });
}

/** The 18 values of each line of an entry. */
export function fecRows(entry: NumberedEntry, validDate: string): string[][] {
  return entry.lines.map((line) => [
    entry.journal,
    journalLabels[entry.journal],
    String(entry.number),
    fecDate(entry.date),
    line.account.number,
    fecText(line.account.label),
    line.aux ? fecText(line.aux.number) : '',
    line.aux ? fecText(line.aux.label) : '',
    fecText(entry.pieceRef),
    fecDate(entry.pieceDate),
    fecText(line.label ? `${entry.label} - ${line.label}` : entry.label),
    fecAmount(line.debit),
    fecAmount(line.credit),
    line.letter ? line.letter.code : '',
    line.letter ? fecDate(line.letter.date) : '',
    fecDate(validDate),
    '',
    '',
  ]);
}

/** The FEC's first line. */
export function fecHeader(): string {
  return fecColumns.join('\t') + FEC_LINE_END;
}

/** The FEC lines of an entry (each ended by CR LF). */
export function fecLines(entry: NumberedEntry, validDate: string): string {
  return fecRows(entry, validDate)
    .map((row) => row.join('\t') + FEC_LINE_END)
    .join('');
}

/** The CSV's first line: the FEC's columns, `;`-separated (what French spreadsheets expect). */
export function csvHeader(): string {
  return fecColumns.join(';') + FEC_LINE_END;
}

/** The CSV lines of an entry: the FEC's values, `;`-separated (none of them holds `;`). */
export function csvLines(entry: NumberedEntry, validDate: string): string {
  return fecRows(entry, validDate)
    .map((row) => row.join(';') + FEC_LINE_END)
    .join('');
}

/** Per journal: how many entries, Σ debit, Σ credit (cents). */
export interface JournalTotals {
  journal: JournalCode;
  label: string;
  entries: number;
  lines: number;
  debitCents: number;
  creditCents: number;
}

/** The export's summary, journal by journal (each listed, even without entries). */
export function journalTotals(entries: Iterable<Entry>): JournalTotals[] {
  const totals = new Map<JournalCode, JournalTotals>(
    journalCodes.map((journal) => [
      journal,
      { journal, label: journalLabels[journal], entries: 0, lines: 0, debitCents: 0, creditCents: 0 },
    ]),
  );
  for (const entry of entries) {
    const total = totals.get(entry.journal) as JournalTotals;
    total.entries += 1;
    total.lines += entry.lines.length;
    total.debitCents = sumCents([total.debitCents, ...entry.lines.map((line) => line.debit)]);
    total.creditCents = sumCents([total.creditCents, ...entry.lines.map((line) => line.credit)]);
  }
  return [...totals.values()];
}
