import { describe, expect, it } from 'vitest';
import { defaultChartOfAccounts } from './chart.js';
import { purchaseGroupEntries, type Entry } from './entries.js';
import { checkFec } from './fec-check.js';
import {
  csvHeader,
  csvLines,
  fecAmount,
  fecColumns,
  fecFileName,
  fecHeader,
  fecLines,
  journalCsvFileName,
  journalTotals,
  numberEntries,
} from './fec.js';
import { seededRandom } from '../testing/seeded-random.js';

const { accounts } = defaultChartOfAccounts();
const client = { number: 'C00042', label: 'Dupont SA' };

function entry(journal: Entry['journal'], date: string, cents: number, piece = 'FAC-2026-0001'): Entry {
  return {
    journal,
    date,
    pieceRef: piece,
    pieceDate: date,
    label: 'Dupont SA - Rénovation\tcuisine',
    lines: [
      { account: accounts.clients, aux: client, debit: cents, credit: 0, letter: { code: 'EVKYB', date } },
      { account: accounts.sales, debit: 0, credit: cents, label: 'HT 20 %' },
    ],
  };
}

function fecOf(entries: Entry[], validDate = '2026-04-02'): string {
  return (
    fecHeader() +
    numberEntries(entries)
      .map((numbered) => fecLines(numbered, validDate))
      .join('')
  );
}

describe('the FEC file', () => {
  it('writes the 18 columns, tab-separated, dates AAAAMMJJ and amounts with a decimal comma', () => {
    const text = fecOf([entry('VE', '2026-03-02', 123_456)]);
    const [header, first, second] = text.split('\r\n');
    expect(header).toBe(fecColumns.join('\t'));
    expect(first?.split('\t')).toEqual([
      'VE',
      'Ventes',
      '1',
      '20260302',
      '411000',
      'Clients',
      'C00042',
      'Dupont SA',
      'FAC-2026-0001',
      '20260302',
      'Dupont SA - Rénovation cuisine',
      '1234,56',
      '0,00',
      'EVKYB',
      '20260302',
      '20260402',
      '',
      '',
    ]);
    expect(second?.split('\t').slice(4, 13)).toEqual([
      '704000',
      'Travaux',
      '',
      '',
      'FAC-2026-0001',
      '20260302',
      'Dupont SA - Rénovation cuisine - HT 20 %',
      '0,00',
      '1234,56',
    ]);
    expect(checkFec(text).errors).toEqual([]);
  });

  it('numbers the entries continuously per journal in date order, whatever order they come in', () => {
    const numbered = numberEntries([
      entry('BQ', '2026-03-20', 100),
      entry('VE', '2026-03-05', 100),
      entry('VE', '2026-03-01', 100),
      entry('BQ', '2026-03-02', 100),
      entry('HA', '2026-03-05', 100),
    ]);
    expect(numbered.map((one) => `${one.journal}${one.number} ${one.date}`)).toEqual([
      'VE1 2026-03-01',
      'BQ1 2026-03-02',
      'VE2 2026-03-05',
      'HA1 2026-03-05',
      'BQ2 2026-03-20',
    ]);
  });

  it('names the file <SIREN>FEC<AAAAMMJJ>.txt and each journal’s CSV by its period', () => {
    expect(fecFileName('123 456 789', '2026-12-31')).toBe('123456789FEC20261231.txt');
    expect(journalCsvFileName('123456789', 'BQ', '2026-01-01', '2026-03-31')).toBe(
      '123456789-BQ-20260101-20260331.csv',
    );
    expect(fecAmount(0)).toBe('0,00');
    expect(fecAmount(5)).toBe('0,05');
    expect(fecAmount(123_456_789)).toBe('1234567,89');
  });

  it('writes the CSV per journal with the same values, separated by semicolons', () => {
    const [numbered] = numberEntries([entry('VE', '2026-03-02', 1000)]);
    const lines = csvLines(numbered as never, '2026-04-02').split('\r\n');
    expect(csvHeader().trim().split(';')).toEqual([...fecColumns]);
    expect(lines[0]?.split(';')).toHaveLength(18);
    expect(lines[0]?.split(';')[11]).toBe('10,00');
  });

  it('sums each journal for the summary, every journal listed', () => {
    const totals = journalTotals([entry('VE', '2026-03-02', 1000), entry('VE', '2026-03-03', 500)]);
    expect(totals).toEqual([
      { journal: 'VE', label: 'Ventes', entries: 2, lines: 4, debitCents: 1500, creditCents: 1500 },
      { journal: 'HA', label: 'Achats', entries: 0, lines: 0, debitCents: 0, creditCents: 0 },
      { journal: 'BQ', label: 'Banque', entries: 0, lines: 0, debitCents: 0, creditCents: 0 },
    ]);
  });

  it('writes an advance already paid on a supplier e-invoice (BT-113) from 409100, lettered with its payment', () => {
    const supplier = { number: 'F00017', label: 'Plâtres du Rhône' };
    const invoice = {
      id: 'si-1',
      kind: 'invoice',
      status: 'paid',
      number: 'FF-2026-0007',
      issueDate: '2026-03-03',
      lines: [{ total: '1000.00', resourceType: 'subcontractor' as const }],
      netAmount: '1000.00',
      vatBreakdown: [{ rate: '20.00', base: '1000.00', amount: '200.00' }],
      totalAmount: '1200.00',
      prepaidAmount: '360.00',
      payments: [{ amount: '840.00', paidAt: '2026-03-20T10:00:00.000Z' }],
      paidAmount: '840.00',
      paidAt: '2026-03-20T10:00:00.000Z',
    };
    const text = fecOf(
      purchaseGroupEntries({ invoice, creditNotes: [], supplier }, defaultChartOfAccounts(), '2026-03-31'),
    );
    expect(checkFec(text).errors).toEqual([]);
    const rows = text
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split('\t'));
    // Journal, account, aux, debit, credit, lettering: the supplier's three lines share one code.
    expect(rows.map((row) => [row[0], row[4], row[6], row[11], row[12], row[13] !== ''])).toEqual([
      ['HA', '401000', 'F00017', '0,00', '1200,00', true],
      ['HA', '604000', '', '1000,00', '0,00', false],
      ['HA', '445660', '', '200,00', '0,00', false],
      ['HA', '401000', 'F00017', '360,00', '0,00', true],
      ['HA', '409100', '', '0,00', '360,00', false],
      ['BQ', '512000', '', '0,00', '840,00', false],
      ['BQ', '401000', 'F00017', '840,00', '0,00', true],
    ]);
    expect(rows[4]?.[5]).toBe('Fournisseurs - avances et acomptes versés');
  });

  it('passes the check for random books, and the check finds each rule broken', () => {
    const random = seededRandom(47);
    const entries = Array.from({ length: 200 }, () =>
      entry(
        random.pick(['VE', 'HA', 'BQ'] as const),
        `2026-0${random.int(1, 9)}-${String(random.int(1, 28)).padStart(2, '0')}`,
        random.int(1, 10_000_000),
      ),
    );
    const text = fecOf(entries);
    const check = checkFec(text);
    expect(check.errors).toEqual([]);
    expect([...check.journals.values()].reduce((sum, journal) => sum + journal.entries, 0)).toBe(200);

    const rows = text.split('\r\n');
    const broken = (change: (row: string[]) => void, at = 1): string[] => {
      const copy = [...rows];
      const row = (copy[at] as string).split('\t');
      change(row);
      copy[at] = row.join('\t');
      return checkFec(copy.join('\r\n')).errors;
    };
    expect(broken((row) => (row[3] = '2026-03-02'))[0]).toMatch(/EcritureDate n'est pas une date/);
    expect(broken((row) => (row[11] = '1234.50')).join()).toMatch(/virgule décimale/);
    expect(broken((row) => (row[7] = '')).join()).toMatch(
      /CompAuxNum et CompAuxLib doivent être vides ensemble/,
    );
    expect(broken((row) => (row[14] = '')).join()).toMatch(/EcritureLet et DateLet/);
    expect(broken((row) => (row[12] = '1,00')).join()).toMatch(/un seul des montants|n'est pas équilibr/);
    expect(broken((row) => row.pop()).join()).toMatch(/17 colonnes au lieu de 18/);
    expect(broken((row) => (row[2] = '7'), 1).join()).toMatch(/EcritureNum 7 du journal .* au lieu de 1/);
    expect(checkFec(text.replace('JournalCode\t', 'Journal\t')).errors[0]).toMatch(/^Ligne 1/);
    // Two entries out of date order in one journal.
    const swapped =
      fecHeader() +
      [...numberEntries([entry('VE', '2026-03-05', 1), entry('VE', '2026-03-01', 1)])]
        .map((numbered, index) =>
          fecLines(
            { ...numbered, number: index + 1, date: index === 0 ? '2026-03-05' : '2026-03-01' },
            '2026-04-02',
          ),
        )
        .join('');
    expect(checkFec(swapped).errors.join()).toMatch(/antérieure à la précédente/);
  });
});
