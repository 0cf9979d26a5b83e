/**
 * Reads a FEC back and checks the rules of the BOI (BOI-CF-IOR-60-40-20) that a program can check:
 * the 18 columns by name and in order, a tab between them, dates `AAAAMMJJ`, amounts with a decimal
 * comma and two decimals, one side of each line at `0,00`, the pairs empty together, `EcritureNum`
 * continuous per journal in date order, each entry, each journal and the file balanced. The tests
 * read every FEC the export writes through it, and so may anyone who wants to check a file.
 */
import { fecColumns } from './fec.js';

export interface FecCheck {
  /** French sentences, one per rule broken (with the line number); empty when the file passes. */
  errors: string[];
  /** Per journal code: entries, lines, Σ debit and Σ credit in cents. */
  journals: Map<string, { entries: number; lines: number; debitCents: number; creditCents: number }>;
  /** The lines after the header, split into their 18 values. */
  rows: string[][];
}

const datePattern = /^(\d{4})(\d{2})(\d{2})$/;
const amountPattern = /^(\d+),(\d{2})$/;

function isDate(value: string): boolean {
  const match = datePattern.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function centsOfAmount(value: string): number | undefined {
  const match = amountPattern.exec(value);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}

const pairs: [number, number][] = [
  [6, 7],
  [13, 14],
  [16, 17],
];

/** Checks a FEC's text (decoded; lines ended by CR LF or LF). */
export function checkFec(text: string): FecCheck {
  const errors: string[] = [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  const header = lines[0] ?? '';
  if (header !== fecColumns.join('\t')) {
    errors.push(
      'Ligne 1 : les 18 colonnes du FEC, dans leur ordre et séparées par une tabulation, sont attendues',
    );
  }
  const rows: string[][] = [];
  const journals: FecCheck['journals'] = new Map();
  const entryTotals = new Map<string, { debit: number; credit: number; date: string; line: number }>();
  const lastOfJournal = new Map<string, { number: number; date: string }>();
  lines.slice(1).forEach((text, index) => {
    const lineNumber = index + 2;
    const values = text.split('\t');
    rows.push(values);
    if (values.length !== fecColumns.length) {
      errors.push(`Ligne ${lineNumber} : ${values.length} colonnes au lieu de 18`);
      return;
    }
    const [journal = '', , numberText = '', date = '', account = '', , , , piece = '', pieceDate = ''] =
      values;
    const [debitText = '', creditText = '', , , validDate = ''] = values.slice(11);
    if (journal === '') errors.push(`Ligne ${lineNumber} : JournalCode vide`);
    if (!/^[1-8]\d{2,}$/.test(account)) errors.push(`Ligne ${lineNumber} : CompteNum invalide (${account})`);
    if (piece === '') errors.push(`Ligne ${lineNumber} : PieceRef vide`);
    for (const [name, value] of [
      ['EcritureDate', date],
      ['PieceDate', pieceDate],
      ['ValidDate', validDate],
    ] as const) {
      if (!isDate(value)) errors.push(`Ligne ${lineNumber} : ${name} n'est pas une date AAAAMMJJ (${value})`);
    }
    const debit = centsOfAmount(debitText);
    const credit = centsOfAmount(creditText);
    if (debit === undefined || credit === undefined) {
      errors.push(`Ligne ${lineNumber} : montant sans virgule décimale et deux décimales`);
      return;
    }
    if ((debit === 0) === (credit === 0)) {
      errors.push(`Ligne ${lineNumber} : un seul des montants Debit et Credit doit être non nul`);
    }
    for (const [first, second] of pairs) {
      if ((values[first] === '') !== (values[second] === '')) {
        errors.push(
          `Ligne ${lineNumber} : ${fecColumns[first]} et ${fecColumns[second]} doivent être vides ensemble`,
        );
      }
    }
    if (values[14] !== '' && !isDate(values[14] ?? '')) {
      errors.push(`Ligne ${lineNumber} : DateLet n'est pas une date AAAAMMJJ`);
    }
    const number = Number(numberText);
    if (!/^\d+$/.test(numberText)) errors.push(`Ligne ${lineNumber} : EcritureNum invalide (${numberText})`);
    const key = `${journal}\u0000${numberText}`;
    const current = entryTotals.get(key);
    if (current) {
      if (current.date !== date)
        errors.push(`Ligne ${lineNumber} : l'écriture ${journal} ${numberText} change de date`);
      if (current.line !== lineNumber - 1) {
        errors.push(
          `Ligne ${lineNumber} : les lignes de l'écriture ${journal} ${numberText} ne se suivent pas`,
        );
      }
      current.debit += debit;
      current.credit += credit;
      current.line = lineNumber;
    } else {
      const last = lastOfJournal.get(journal);
      const expected = (last?.number ?? 0) + 1;
      if (number !== expected) {
        errors.push(
          `Ligne ${lineNumber} : EcritureNum ${numberText} du journal ${journal} au lieu de ${expected}`,
        );
      }
      if (last && date < last.date) {
        errors.push(
          `Ligne ${lineNumber} : l'écriture ${journal} ${numberText} est antérieure à la précédente`,
        );
      }
      lastOfJournal.set(journal, { number, date });
      entryTotals.set(key, { debit, credit, date, line: lineNumber });
      const totals = journals.get(journal) ?? { entries: 0, lines: 0, debitCents: 0, creditCents: 0 };
      totals.entries += 1;
      journals.set(journal, totals);
    }
    const totals = journals.get(journal);
    if (totals) {
      totals.lines += 1;
      totals.debitCents += debit;
      totals.creditCents += credit;
    }
  });
  for (const [key, totals] of entryTotals) {
    if (totals.debit !== totals.credit) {
      errors.push(`L'écriture ${key.replace('\u0000', ' ')} n'est pas équilibrée`);
    }
  }
  let debit = 0;
  let credit = 0;
  for (const [journal, totals] of journals) {
    if (totals.debitCents !== totals.creditCents) errors.push(`Le journal ${journal} n'est pas équilibré`);
    debit += totals.debitCents;
    credit += totals.creditCents;
  }
  if (debit !== credit) errors.push("Le fichier n'est pas équilibré");
  return { errors, journals, rows };
}
