import { describe, expect, it } from 'vitest';
import {
  detectCsvMapping,
  duplicateKey,
  namesParty,
  suggestMatches,
  type OpenDocument,
  type StatementLine,
} from './bank.js';

const open: OpenDocument[] = [
  {
    kind: 'invoice',
    id: 'a',
    number: 'FAC-2026-0001',
    partyName: 'Hôtel Bérénice',
    remainingCents: 180000,
    date: '2026-09-20',
  },
  {
    kind: 'invoice',
    id: 'b',
    number: 'FAC-2026-0002',
    partyName: 'Mairie de Lyon',
    remainingCents: 300000,
    date: '2026-09-25',
  },
  {
    kind: 'invoice',
    id: 'c',
    number: 'FAC-2026-0003',
    partyName: 'M. et Mme Garnier',
    remainingCents: 100000,
    date: '2026-10-01',
  },
  {
    kind: 'invoice',
    id: 'd',
    number: 'FAC-2026-0004',
    partyName: 'SCI Les Tilleuls',
    remainingCents: 100000,
    date: '2026-06-01',
  },
  {
    kind: 'supplier_invoice',
    id: 'e',
    number: 'FF-2026-0007',
    supplierReference: 'NE-2231',
    partyName: 'Négoce Étienne',
    remainingCents: 21600,
    date: '2026-10-01',
  },
];

const line = (fields: Partial<StatementLine>): StatementLine => ({
  date: '2026-10-05',
  amountCents: 180000,
  label: 'VIR SEPA RECU',
  ...fields,
});

const brief = (line: StatementLine) =>
  suggestMatches(line, open).map((suggestion) => `${suggestion.id} ${suggestion.confidence}`);

describe('matching a statement line', () => {
  it('is certain of the invoice whose number the remittance names, for the exact amount left', () => {
    const [first] = suggestMatches(line({ remittance: 'REGLEMENT FACTURE FAC 2026 0001' }), open);
    expect(first).toMatchObject({
      id: 'a',
      confidence: 'certain',
      reason: 'Numéro de facture dans le libellé, montant exact',
      remainingCents: 180000,
    });
  });

  it('takes a smaller amount as a partial payment and a larger one as possible only', () => {
    expect(brief(line({ amountCents: 150000, remittance: 'FAC-2026-0002' }))[0]).toBe('b probable');
    expect(brief(line({ amountCents: 350000, remittance: 'FAC-2026-0002' }))[0]).toBe('b possible');
  });

  it('is certain of the one invoice of a named client with the exact amount; two such make it the person’s choice', () => {
    expect(brief(line({ amountCents: 100000, party: 'M ET MME GARNIER' }))[0]).toBe('c certain');
    // Two invoices of 1 000,00 left: the amount alone says nothing certain.
    expect(brief(line({ amountCents: 100000, label: 'VIREMENT' }))).toEqual(['c possible', 'd possible']);
  });

  it('matches a debit with supplier invoices, by their own number', () => {
    expect(brief(line({ amountCents: -21600, label: 'VIR SEPA EMIS FACTURE NE-2231' }))).toEqual([
      'e certain',
    ]);
    expect(brief(line({ amountCents: -5000, label: 'FRAIS' }))).toEqual([]);
  });

  it('reads names without accents, case or legal forms', () => {
    expect(namesParty('VIR DE SCI LES TILLEULS', 'SCI Les Tilleuls')).toBe(true);
    expect(namesParty('HOTEL BERENICE PARIS', 'Hôtel Bérénice')).toBe(true);
    expect(namesParty('VIREMENT SCI', 'SCI Les Tilleuls')).toBe(false);
  });
});

describe('recognising a line already imported', () => {
  it('by the bank’s reference, else by day, amount and label', () => {
    expect(duplicateKey(line({ reference: ' 20261005RCDT000017 ' }))).toBe('ref:20261005RCDT000017');
    expect(duplicateKey(line({ label: 'Vir. SEPA  reçu' }))).toBe(
      duplicateKey(line({ label: 'VIR SEPA RECU' })),
    );
    expect(duplicateKey(line({ amountCents: 1 }))).not.toBe(duplicateKey(line({})));
  });
});

describe('recognising a CSV’s columns', () => {
  it('from the headers French banks write', () => {
    expect(detectCsvMapping(['Jour', 'Texte', 'Valeur'])).toBeUndefined();
    expect(detectCsvMapping(['Date opération', 'Libellé', 'Montant (EUR)'])).toEqual({
      date: 'Date opération',
      label: 'Libellé',
      amount: 'Montant (EUR)',
    });
    expect(detectCsvMapping(['Date', 'Libellé', 'Montant'])).toEqual({
      date: 'Date',
      label: 'Libellé',
      amount: 'Montant',
    });
    expect(detectCsvMapping(['Date comptable', 'Libelle', 'Debit', 'Credit'])).toEqual({
      date: 'Date comptable',
      label: 'Libelle',
      debit: 'Debit',
      credit: 'Credit',
    });
  });
});
