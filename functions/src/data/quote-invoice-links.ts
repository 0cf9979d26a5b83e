/**
 * Which invoices name a quote (`quoteId`: its deposits, whole-quote invoices, situations and the
 * credit notes of those), readable in a few items whatever the company's size:
 * `COMPANY#<c>` / `INVOICE_OF_QUOTE#<quoteId>#<invoiceId>`. The invoice repository writes the link
 * in every transaction that creates an invoice with a `quoteId`, moves it in the one that changes
 * it and deletes it with the invoice (`links` of `entities/invoices.ts`), so no caller can forget
 * it; `npm run aggregates:rebuild` writes those of older invoices.
 *
 * The company marker `COMPANY#<c>` / `LINKS#V1` says that every invoice of the company has its
 * links (these and `credit-note-links.ts`): a new company gets it at creation, an older one when
 * the rebuild has written its links. Without it, readers fall back to every invoice of the company
 * (correct, only slow).
 *
 * Sort-key neighbours: `INVOICE#<id>` (records) sorts before `INVOICE_…` (`#` < `_`), so neither
 * the records' range `INVOICE#` .. `INVOICE#\uffff` nor this one catches the other.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { companyPk, type Key } from './keys.js';
import { sortKeySuffixes } from './sort-key-suffixes.js';
import type { TransactItem } from './transactions.js';

const linkPrefix = (quoteId: string) => `INVOICE_OF_QUOTE#${quoteId}#`;

export function quoteInvoiceLinkKey(companyId: string, quoteId: string, invoiceId: string): Key {
  return { pk: companyPk(companyId), sk: `${linkPrefix(quoteId)}${invoiceId}` };
}

/** The ids of the invoices linked to a quote (a link may outlive a change; check `quoteId`). */
export async function linkedInvoiceIds(companyId: string, quoteId: string): Promise<string[]> {
  return sortKeySuffixes(companyId, linkPrefix(quoteId));
}

/** The company's marker: every invoice of it has its links (quote and credit-note links). */
export const linksMarkerKey = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'LINKS#V1' });

/** The marker's write (a new company's transaction). */
export function linksMarkerItem(companyId: string): TransactItem {
  return { Put: { TableName: tableName(), Item: linksMarkerKey(companyId) } };
}

/** Whether the company's invoices all have their links (`LINKS#V1` present), read consistently. */
export async function hasAllLinks(companyId: string): Promise<boolean> {
  const { Item } = await withAwsErrors(() =>
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: linksMarkerKey(companyId),
        ProjectionExpression: 'pk',
        ConsistentRead: true,
      }),
    ),
  );
  return Item !== undefined;
}
