/**
 * The demo company's bank statement of last month (docs/accounting.md, « Bank statements »): a
 * CAMT.053 (ISO 20022 camt.053.001.08, as French banks give it) written from the demo's own
 * invoices, imported through the same code as `POST /api/bank/statements`, so that a new user finds
 * lines to match on « Rapprochement bancaire »: half of them pay open invoices (a client's transfer
 * naming its invoice, a client's transfer of the exact amount, a supplier paid), the others do not
 * (social charges, bank fees, fuel).
 */
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { formatMoney } from '@btp/shared/money';
import { recordStatement } from '../../../functions/src/bank/bank-service.js';
import { Xml } from '../../../functions/src/einvoicing/xml-writer.js';

/** One booked entry of the statement: a credit (> 0) or a debit (< 0), in cents. */
export interface DemoBankEntry {
  /** `YYYY-MM-DD`, moved into last month when outside it. */
  date: string;
  cents: number;
  /** The debtor of a credit, the creditor of a debit. */
  party?: string;
  remittance: string;
  /** The bank's label of the entry (`AddtlNtryInf`). */
  label: string;
}

/** The first and last days of last month in France. */
export function lastMonth(today = calendarDateInFrance()): { from: string; to: string } {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const from = new Date(Date.UTC(year, month - 2, 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
  return { from, to };
}

const clamp = (day: string, { from, to }: { from: string; to: string }) =>
  day < from ? from : day > to ? to : day;

/** The statement as a camt.053.001.08 document. */
export function demoCamt053(iban: string, owner: string, entries: readonly DemoBankEntry[]): string {
  const month = lastMonth();
  const booked = entries
    .map((entry) => ({ ...entry, date: clamp(entry.date, month) }))
    .sort((a, b) => a.date.localeCompare(b.date));
  const stamp = month.to.replace(/-/g, '');
  const amount = (cents: number) => formatMoney(Math.abs(cents));
  const xml = new Xml();
  xml.group(
    'Document',
    () =>
      xml.group('BkToCstmrStmt', () => {
        xml.group('GrpHdr', () => {
          xml.leaf('MsgId', `CAMT053-${stamp}-DEMO`);
          xml.leaf('CreDtTm', `${month.to}T23:30:00+01:00`);
        });
        xml.group('Stmt', () => {
          xml.leaf('Id', `RELEVE-${month.from.slice(0, 7)}`);
          xml.leaf('CreDtTm', `${month.to}T23:30:00+01:00`);
          xml.group('FrToDt', () => {
            xml.leaf('FrDtTm', `${month.from}T00:00:00+01:00`);
            xml.leaf('ToDtTm', `${month.to}T23:59:59+01:00`);
          });
          xml.group('Acct', () => {
            xml.group('Id', () => xml.leaf('IBAN', iban));
            xml.leaf('Ccy', 'EUR');
            xml.group('Ownr', () => xml.leaf('Nm', owner));
          });
          booked.forEach((entry, index) => {
            const side = entry.cents > 0 ? 'CRDT' : 'DBIT';
            xml.group('Ntry', () => {
              xml.leaf('NtryRef', String(index + 1));
              xml.leaf('Amt', amount(entry.cents), { Ccy: 'EUR' });
              xml.leaf('CdtDbtInd', side);
              xml.group('Sts', () => xml.leaf('Cd', 'BOOK'));
              xml.group('BookgDt', () => xml.leaf('Dt', entry.date));
              xml.group('ValDt', () => xml.leaf('Dt', entry.date));
              xml.leaf(
                'AcctSvcrRef',
                `${entry.date.replace(/-/g, '')}DEMO${String(index + 1).padStart(6, '0')}`,
              );
              xml.group('NtryDtls', () =>
                xml.group('TxDtls', () => {
                  xml.group('Refs', () => xml.leaf('EndToEndId', `DEMO-${stamp}-${index + 1}`));
                  xml.leaf('Amt', amount(entry.cents), { Ccy: 'EUR' });
                  xml.leaf('CdtDbtInd', side);
                  if (entry.party) {
                    const role = entry.cents > 0 ? 'Dbtr' : 'Cdtr';
                    xml.group('RltdPties', () =>
                      xml.group(role, () => xml.group('Pty', () => xml.leaf('Nm', entry.party))),
                    );
                  }
                  xml.group('RmtInf', () => xml.leaf('Ustrd', entry.remittance));
                }),
              );
              xml.leaf('AddtlNtryInf', entry.label);
            });
          });
        });
      }),
    ' xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"',
  );
  return xml.toString();
}

/** Imports the demo statement for `company`: how many lines it brought. */
export async function loadDemoStatement(
  company: string,
  iban: string,
  owner: string,
  entries: readonly DemoBankEntry[],
): Promise<number> {
  const file = demoCamt053(iban, owner, entries);
  const month = lastMonth().from.slice(0, 7);
  const imported = await recordStatement(company, Buffer.from(file, 'utf8'), `releve-${month}.xml`);
  return imported.lines.length;
}
