/**
 * Recomputes a company's aggregates from its records (`npm run aggregates:rebuild`): after an
 * import made without the services, or to check them. Every aggregate item is replaced by
 * `figuresOf(all records)`; items no longer needed are deleted. Run it while nobody writes to the
 * company: a write made during the rebuild may be counted twice or not at all until the next one.
 */
import { BatchWriteCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { creditNoteLinkKey } from '../data/credit-note-links.js';
import { companyPk, sortKeyPrefix } from '../data/keys.js';
import { sortKeySuffixes } from '../data/sort-key-suffixes.js';
import { workdayPrefix, workdayTotals } from '../job-costing/workdays.js';
import { linksMarkerKey, quoteInvoiceLinkKey } from '../data/quote-invoice-links.js';
import { listCompanies } from '../accounts/companies.js';
import { db, tableName } from '../lib/dynamo.js';
import { aggregatePrefix, figuresOf, type Figures } from './figures.js';
import { figureRecordsOf } from './reference.js';

/** The company's aggregate items as stored, as `Figures` (zeros left out). */
export async function storedAggregates(companyId: string): Promise<Figures> {
  const figures: Figures = new Map();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({
        TableName: tableName(),
        ...sortKeyPrefix(companyPk(companyId), aggregatePrefix),
        ConsistentRead: true,
        ExclusiveStartKey: startKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const values = new Map<string, number>();
      for (const [attribute, value] of Object.entries(item)) {
        if (typeof value === 'number' && value !== 0) values.set(attribute, value);
      }
      figures.set(String(item.sk), values);
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return figures;
}

async function writeBatch(requests: Record<string, unknown>[]): Promise<void> {
  let pending: Record<string, unknown>[] | undefined = requests;
  for (let attempt = 0; pending && pending.length > 0; attempt += 1) {
    if (attempt > 8) throw new Error('BatchWriteItem keeps leaving items unprocessed');
    const result = await db().send(
      new BatchWriteCommand({ RequestItems: { [tableName()]: pending as never } }),
    );
    pending = result.UnprocessedItems?.[tableName()] as Record<string, unknown>[] | undefined;
    if (pending?.length) await new Promise((resolve) => setTimeout(resolve, 20 * 2 ** attempt));
  }
}

/** The sort keys of the company's items that start with `prefix`. */
async function sortKeysWithPrefix(companyId: string, prefix: string): Promise<string[]> {
  return (await sortKeySuffixes(companyId, prefix)).map((suffix) => `${prefix}${suffix}`);
}

/**
 * Replaces the company's aggregates by those of its records, and writes the links of its credit
 * notes (`data/credit-note-links.ts`) and of its invoices to their quotes
 * (`data/quote-invoice-links.ts`) and the time entries' per worker-day totals, then, once they
 * are all written, its links marker (`LINKS#V1`:
 * the invoices of a quote are read from their links from then on); answers the aggregates.
 */
export async function rebuildAggregates(companyId: string): Promise<Figures> {
  const records = await figureRecordsOf(companyId);
  const figures = figuresOf(records);
  const stored = await storedAggregates(companyId);
  const pk = companyPk(companyId);
  // The links of credit notes to their invoice (notes made before the links existed).
  const links = records.invoices.filter(
    (invoice) => invoice.kind === 'credit_note' && typeof invoice.creditedInvoiceId === 'string',
  );
  // The links of invoices to the quote they name (invoices made before the links existed).
  const quoteLinks = records.invoices.filter(
    (invoice) => typeof invoice.quoteId === 'string' && invoice.quoteId,
  );
  // The 24 h rule's per worker-day totals (docs/profitability.md), from the time entries.
  const days = workdayTotals(records.timeEntries);
  const storedDays = await sortKeysWithPrefix(companyId, workdayPrefix);
  const requests: Record<string, unknown>[] = [
    ...storedDays.filter((sk) => !days.has(sk)).map((sk) => ({ DeleteRequest: { Key: { pk, sk } } })),
    ...[...days].map(([sk, hours]) => ({ PutRequest: { Item: { pk, sk, hours } } })),
    ...links.map((note) => ({
      PutRequest: {
        Item: creditNoteLinkKey(companyId, String(note.creditedInvoiceId), String(note.id)),
      },
    })),
    ...quoteLinks.map((invoice) => ({
      PutRequest: { Item: quoteInvoiceLinkKey(companyId, String(invoice.quoteId), String(invoice.id)) },
    })),
    ...[...stored.keys()]
      .filter((sk) => !figures.has(sk))
      .map((sk) => ({ DeleteRequest: { Key: { pk, sk } } })),
    ...[...figures].map(([sk, values]) => ({
      PutRequest: { Item: { pk, sk, ...Object.fromEntries(values) } },
    })),
  ];
  for (let start = 0; start < requests.length; start += 25) {
    await writeBatch(requests.slice(start, start + 25));
  }
  // Last: only once every link is written may readers trust them.
  await writeBatch([{ PutRequest: { Item: linksMarkerKey(companyId) } }]);
  return figures;
}

/** Rebuilds every company's aggregates (or those of `companyIds`); answers how many companies. */
export async function rebuildAllAggregates(companyIds?: readonly string[]): Promise<number> {
  const ids = companyIds ?? (await listCompanies()).map((company) => company.id);
  for (const id of ids) await rebuildAggregates(id);
  return ids.length;
}
