/**
 * Which credit notes (drafts and issued) credit an invoice, readable in a few items whatever the
 * company's size: `COMPANY#<c>` / `CREDIT_NOTE_OF#<invoiceId>#<noteId>`, written in the
 * transaction that creates the draft note (again in the one that issues it, for drafts made before
 * the links existed), deleted with a deleted draft, and written by `npm run aggregates:rebuild`
 * for older notes. Read instead of every invoice of the company by the credit-note check
 * (`invoicing/credit-notes.ts`) and by the aggregates when a credited invoice's figures move
 * (`aggregates/maintain.ts`); both fall back to every invoice when the issued notes found do not
 * add up to the invoice's `creditedAmount` (a table not rebuilt since the upgrade).
 */
import { tableName } from '../lib/dynamo.js';
import { companyPk, type Key } from './keys.js';
import { sortKeySuffixes } from './sort-key-suffixes.js';
import type { TransactItem } from './transactions.js';

const linkPrefix = (invoiceId: string) => `CREDIT_NOTE_OF#${invoiceId}#`;

export function creditNoteLinkKey(companyId: string, invoiceId: string, noteId: string): Key {
  return { pk: companyPk(companyId), sk: `${linkPrefix(invoiceId)}${noteId}` };
}

/** The link's write, for the note's issuing transaction (the same link written twice is one). */
export function creditNoteLinkItem(companyId: string, invoiceId: string, noteId: string): TransactItem {
  return { Put: { TableName: tableName(), Item: creditNoteLinkKey(companyId, invoiceId, noteId) } };
}

/** The ids of the credit notes linked to an invoice. */
export async function linkedCreditNoteIds(companyId: string, invoiceId: string): Promise<string[]> {
  return sortKeySuffixes(companyId, linkPrefix(invoiceId));
}
