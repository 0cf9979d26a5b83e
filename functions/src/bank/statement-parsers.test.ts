import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  csvHeaders,
  parseCamt053,
  parseCsvStatement,
  parseOfx,
  parseStatementAmount,
  parseStatementDate,
  readOfxTree,
  statementFormat,
  statementMessages,
} from './statement-parsers.js';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const bytes = (text: string) => new TextEncoder().encode(text);

/** The French message of a refusal. */
function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('CAMT.053', () => {
  it('reads the booked entries, one line per transaction of a batch booking, with their remittance and party', () => {
    const statement = parseCamt053(fixture('camt053-octobre.xml'));
    expect(statement.format).toBe('camt053');
    expect(statement.account).toBe('FR7630006000011234567890189');
    expect(statement.lines).toEqual([
      {
        date: '2026-10-05',
        amountCents: 180000,
        label: 'VIR SEPA RECU /DE HOTEL BERENICE /MOTIF REGLEMENT FACTURE FAC-2026-0001',
        reference: '20261005RCDT000017',
        remittance: 'REGLEMENT FACTURE FAC-2026-0001',
        party: 'HOTEL BERENICE',
      },
      {
        date: '2026-10-12',
        amountCents: 150000,
        label: 'MANDAT 2026-4471 FAC-2026-0002',
        reference: '20261012RCDT000042-1',
        remittance: 'MANDAT 2026-4471 FAC-2026-0002',
        party: 'MAIRIE DE LYON',
      },
      {
        date: '2026-10-12',
        amountCents: 100000,
        label: 'ACOMPTE EXTENSION GARNIER',
        reference: '20261012RCDT000042-2',
        remittance: 'ACOMPTE EXTENSION GARNIER',
        party: 'M. ET MME GARNIER',
      },
      {
        date: '2026-10-20',
        amountCents: -21600,
        label: 'VIR SEPA EMIS /A NEGOCE ETIENNE /MOTIF FACTURE NE-2231',
        reference: '20261020ICDT000008',
        remittance: 'FACTURE NE-2231',
        party: 'NEGOCE ETIENNE',
      },
      {
        date: '2026-10-31',
        amountCents: -2440,
        label: 'COTISATION OFFRE PRO',
        reference: '20261031FEES000001',
        remittance: undefined,
        party: undefined,
      },
    ]);
  });

  it('refuses a DTD or entities, broken XML, another message and an entry without its direction', () => {
    const camt = new TextDecoder().decode(fixture('camt053-octobre.xml'));
    expect(
      refusal(() =>
        parseCamt053(bytes(camt.replace('<Document', '<!DOCTYPE d [<!ENTITY x "y">]>\n<Document'))),
      ),
    ).toBe(statementMessages.doctype);
    expect(refusal(() => parseCamt053(bytes(camt.replace('</Stmt>', ''))))).toMatch(/illisible/);
    expect(refusal(() => parseCamt053(bytes('<Document><BkToCstmrDbtCdtNtfctn/></Document>')))).toBe(
      statementMessages.notCamt053,
    );
    expect(refusal(() => parseCamt053(bytes(camt.replace('<CdtDbtInd>DBIT</CdtDbtInd>', ''))))).toBe(
      'Relevé CAMT.053, opération 3 : sens (CdtDbtInd) absent ou invalide.',
    );
  });
});

describe('OFX', () => {
  it('reads an SGML statement in Windows-1252, its account and its transactions', () => {
    const statement = parseOfx(fixture('releve-octobre.ofx'));
    expect(statement.account).toBe('FR7630006000011234567890189');
    expect(statement.lines).toEqual([
      {
        date: '2026-10-05',
        amountCents: 180000,
        label: 'VIR SEPA HÔTEL BÉRÉNICE REGLEMENT FACTURE FAC-2026-0001',
        reference: '20261005RCDT000017',
        remittance: 'REGLEMENT FACTURE FAC-2026-0001',
        party: 'VIR SEPA HÔTEL BÉRÉNICE',
      },
      {
        date: '2026-10-20',
        amountCents: -21600,
        label: 'NEGOCE ETIENNE FACTURE NE-2231 & LIVRAISON',
        reference: '20261020ICDT000008',
        remittance: 'FACTURE NE-2231 & LIVRAISON',
        party: 'NEGOCE ETIENNE',
      },
    ]);
  });

  it('reads an XML statement (OFX 2)', () => {
    const statement = parseOfx(fixture('releve-octobre-ofx2.ofx'));
    expect(statement.lines.map((line) => [line.date, line.amountCents, line.reference])).toEqual([
      ['2026-10-12', 150000, '20261012RCDT000042-1'],
    ]);
  });

  it('refuses broken tags and declarations', () => {
    expect(refusal(() => readOfxTree('<OFX><STMTRS><STMTTRN><TRNAMT>1</OFX>'))).toBe(
      'Ce relevé OFX est mal formé : balise fermante </OFX> sans ouverture.',
    );
    expect(refusal(() => readOfxTree('<OFX><BANKMSGSRSV1>'))).toBe(
      "Ce relevé OFX est mal formé : <BANKMSGSRSV1> n'est jamais fermée.",
    );
    expect(refusal(() => parseOfx(bytes('<!DOCTYPE OFX SYSTEM "file:///etc/passwd"><OFX></OFX>')))).toBe(
      statementMessages.doctype,
    );
    expect(
      refusal(() =>
        parseOfx(bytes('<OFX><STMTRS><STMTTRN><DTPOSTED>20261340<TRNAMT>1</STMTTRN></STMTRS></OFX>')),
      ),
    ).toBe('Relevé OFX, opération 1 : date (DTPOSTED) absente ou invalide.');
  });
});

describe('CSV', () => {
  it('reads a Windows-1252 export with « Débit » and « Crédit » columns recognised from its headers', () => {
    const file = fixture('releve-octobre-1252.csv');
    expect(csvHeaders(file)).toEqual(['Date', 'Libellé', 'Débit', 'Crédit', 'Référence']);
    const { statement, mapping } = parseCsvStatement(file);
    expect(mapping).toEqual({
      date: 'Date',
      label: 'Libellé',
      debit: 'Débit',
      credit: 'Crédit',
      reference: 'Référence',
    });
    expect(statement.lines.map((line) => [line.date, line.amountCents, line.label, line.reference])).toEqual([
      ['2026-10-05', 180000, 'VIR SEPA RECU HOTEL BERENICE FAC-2026-0001', '20261005RCDT000017'],
      ['2026-10-20', -21600, 'VIR SEPA EMIS NEGOCE ÉTIENNE NE-2231', '20261020ICDT000008'],
      ['2026-10-31', -2440, 'COTISATION OFFRE PRO', undefined],
    ]);
  });

  it('uses a given mapping, names the row of a wrong value, and refuses other encodings', () => {
    const text = 'Quand,Quoi,Combien\n2026-10-05,Virement,"1,800.50"\n2026-10-06,Frais,-3.20\n';
    const mapping = { date: 'Quand', label: 'Quoi', amount: 'Combien' };
    expect(parseCsvStatement(bytes(text), mapping).statement.lines.map((line) => line.amountCents)).toEqual([
      180050, -320,
    ]);
    expect(refusal(() => parseCsvStatement(bytes(text)))).toBe(statementMessages.csvMapping);
    expect(refusal(() => parseCsvStatement(bytes(text), { ...mapping, amount: 'Montant' }))).toBe(
      "La colonne « Montant » n'existe pas dans ce fichier CSV.",
    );
    expect(refusal(() => parseCsvStatement(bytes(`${text}31/02/2026,Erreur,1\n`), mapping))).toBe(
      'Relevé CSV, ligne 4 : date « 31/02/2026 » invalide.',
    );
    const utf16 = new Uint8Array([0xff, 0xfe, ...Buffer.from('Date;Montant\n', 'utf16le')]);
    expect(refusal(() => parseCsvStatement(utf16))).toBe(statementMessages.encoding);
  });
});

describe('formats, dates and amounts', () => {
  it('tells the formats apart and refuses an empty file', () => {
    expect(statementFormat(fixture('camt053-octobre.xml'), 'releve.xml')).toBe('camt053');
    expect(statementFormat(fixture('releve-octobre.ofx'), 'releve.txt')).toBe('ofx');
    expect(statementFormat(fixture('releve-octobre-ofx2.ofx'), 'releve.xml')).toBe('ofx');
    expect(statementFormat(fixture('releve-octobre-1252.csv'), 'releve.csv')).toBe('csv');
    expect(refusal(() => statementFormat(new Uint8Array(), 'vide.csv'))).toBe(statementMessages.empty);
  });

  it('refuses a PDF, a ZIP (XLSX) or a program as no statement, whatever its name', () => {
    for (const start of ['%PDF-1.7\n', 'PK\x03\x04\x14\x00', 'MZ\x90\x00', '\x7fELF\x02\x01']) {
      expect(refusal(() => statementFormat(Buffer.from(start, 'latin1'), 'releve.csv'))).toBe(
        statementMessages.unsupported,
      );
    }
    // A CSV whose first column is named "MZ…" is not a program.
    expect(statementFormat(bytes('MZone;Date;Montant\n'), 'releve.csv')).toBe('csv');
  });

  it('reads dates day first or ISO and amounts with a comma or a point', () => {
    expect(['05/10/2026', '5-10-26', '05.10.2026', '2026-10-05', '20261005'].map(parseStatementDate)).toEqual(
      Array(5).fill('2026-10-05'),
    );
    expect(parseStatementDate('29/02/2026')).toBeUndefined();
    expect(['1 234,56', '1.234,56', '1,234.56', '-12', '12,5 €', 'abc'].map(parseStatementAmount)).toEqual([
      123456,
      123456,
      123456,
      -1200,
      1250,
      undefined,
    ]);
  });
});
