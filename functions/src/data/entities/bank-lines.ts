import type { BankLineStatus } from '@btp/shared/accounting/bank';
import { bankMessages } from '@btp/shared/accounting/bank-matching';
import { entityRepository, type BaseRecord } from '../entity-repository.js';
import { companyPk, type Key } from '../keys.js';

/** A line of an imported bank statement (docs/accounting.md, « Bank statements »). */
export interface BankLineRecord extends BaseRecord {
  statementId: string;
  /** Booking day, `YYYY-MM-DD`. */
  date: string;
  /** Signed money: + a credit, − a debit. */
  amount: string;
  label: string;
  reference?: string;
  remittance?: string;
  party?: string;
  /** What recognises it in an overlapping statement (`duplicateKey`, with its rank among equals). */
  duplicateKey: string;
  status: BankLineStatus;
  match?: { kind: 'invoice' | 'supplier_invoice'; id: string; number: string; amount: string };
}

/** The key-only item of a line still to match: « à rapprocher » is read without reading every line. */
export const openBankLineKey = (companyId: string, id: string): Key => ({
  pk: companyPk(companyId),
  sk: `BANKOPEN#${id}`,
});

/**
 * Bank lines: `COMPANY#<c>` / `BANKLINE#<id>`, one marker `UNIQUE#BANKLINE_KEY#<key>` per line (a
 * line of an overlapping statement is imported once), and `BANKOPEN#<id>` while unmatched, written
 * and deleted with the line.
 */
export const bankLines = entityRepository<BankLineRecord>({
  type: 'BANKLINE',
  notFoundMessage: bankMessages.lineNotFound,
  unique: [
    { field: 'KEY', value: (line) => line.duplicateKey, message: 'Cette ligne de relevé est déjà importée.' },
  ],
  links: [
    (companyId, line) => (line.status === 'unmatched' ? openBankLineKey(companyId, line.id) : undefined),
  ],
});
