/**
 * The aggregate updates of a transaction: from the records its items write (`figure-images.ts`),
 * `figuresOf(after) − figuresOf(before)` as `ADD` updates of the company's aggregate items, added
 * to the same transaction (so a failed aggregate update fails the whole write, and a failed write
 * moves no figure). One update per aggregate item (a transaction cannot touch an item twice).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { centsOf } from '@btp/shared/finance';
import { sumCents } from '@btp/shared/money';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { batchGetConsistent } from '../data/batch-get.js';
import { linkedCreditNoteIds } from '../data/credit-note-links.js';
import { figureImageOf, type FigureImage } from '../data/figure-images.js';
import { companyPk, recordKey, sortKeyPrefix, withoutKeys } from '../data/keys.js';
import { projectionOf } from '../data/entity-repository.js';
import type { TransactItem } from '../data/transactions.js';
import {
  addFigures,
  figureFields,
  figureFieldsOf,
  figuresDelta,
  figuresOf,
  dueIdsPrefix,
  indexAttribute,
  isFigureType,
  memberPrefix,
  type FigureRecords,
  type FigureType,
  type Figures,
} from './figures.js';
import { queryPages } from '../data/query-pages.js';

type StoredRecord = Record<string, unknown>;

const emptyFigureRecords = (): Required<FigureRecords> => ({
  projects: [],
  quotes: [],
  invoices: [],
  supplierInvoices: [],
  timeEntries: [],
});

const stored = (record: object | undefined): StoredRecord | undefined => record as StoredRecord | undefined;

const recordsKey: Record<FigureType, keyof FigureRecords> = {
  PROJECT: 'projects',
  QUOTE: 'quotes',
  INVOICE: 'invoices',
  SUPPLIER_INVOICE: 'supplierInvoices',
  TIME_ENTRY: 'timeEntries',
};

async function withAwsErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

async function readInvoice(companyId: string, id: string): Promise<StoredRecord | undefined> {
  const read = await withAwsErrors(() =>
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: recordKey(companyId, 'INVOICE', id),
        ConsistentRead: true,
        ...projectionOf(figureFields.INVOICE),
      }),
    ),
  );
  return read?.Item ? withoutKeys<StoredRecord>(read.Item) : undefined;
}

const isIssuedNoteOf = (invoiceId: string) => (note: StoredRecord) =>
  note.kind === 'credit_note' && note.creditedInvoiceId === invoiceId && note.status !== 'draft';

/**
 * The issued credit notes of an invoice whose `creditedAmount` (TTC) is `creditedCents`: those
 * its links name (`data/credit-note-links.ts`, a few items), when their TTC adds up to it; else
 * (notes issued before the links, on a table not rebuilt since) a filtered read of every invoice
 * of the company.
 */
async function readIssuedCreditNotes(
  companyId: string,
  invoiceId: string,
  creditedCents: number,
): Promise<StoredRecord[]> {
  const linked = await linkedCreditNoteIds(companyId, invoiceId);
  const notes = (
    await batchGetConsistent(
      linked.map((id) => recordKey(companyId, 'INVOICE', id)),
      projectionOf(figureFields.INVOICE),
    )
  )
    .map((item) => withoutKeys<StoredRecord>(item))
    .filter(isIssuedNoteOf(invoiceId));
  const linkedCents = sumCents(notes.map((note) => centsOf(note.totalWithVat as string | undefined)));
  return linkedCents === creditedCents ? notes : scanIssuedCreditNotes(companyId, invoiceId);
}

/** The issued credit notes of an invoice, from every invoice of the company (filtered read). */
async function scanIssuedCreditNotes(companyId: string, invoiceId: string): Promise<StoredRecord[]> {
  const notes: StoredRecord[] = [];
  const projection = projectionOf(figureFields.INVOICE);
  const range = sortKeyPrefix(companyPk(companyId), 'INVOICE#');
  for await (const page of queryPages({
    KeyConditionExpression: range.KeyConditionExpression,
    FilterExpression: '#kind = :note AND #credited = :invoice AND #status <> :draft',
    ExpressionAttributeNames: {
      ...projection.ExpressionAttributeNames,
      '#kind': 'kind',
      '#credited': 'creditedInvoiceId',
      '#status': 'status',
    },
    ExpressionAttributeValues: {
      ...range.ExpressionAttributeValues,
      ':note': 'credit_note',
      ':invoice': invoiceId,
      ':draft': 'draft',
    },
    ProjectionExpression: projection.ProjectionExpression,
    ConsistentRead: true,
  })) {
    for (const item of page.items) notes.push(withoutKeys<StoredRecord>(item));
  }
  return notes;
}

const sameFigures = (a: StoredRecord | undefined, b: StoredRecord | undefined): boolean =>
  JSON.stringify(a && figureFieldsOf('INVOICE', a)) === JSON.stringify(b && figureFieldsOf('INVOICE', b));

/**
 * How the customer invoices written move the figures. Revenue is read per invoice with its credit
 * notes (a credit note takes back a share of its invoice's revenue), so each group is counted
 * before and after with the members the transaction does not write: the credited invoice (read),
 * and its other issued credit notes when the invoice's own figures change (their share follows it;
 * read only when it had any, `creditedAmount` > 0). Members not written count the same on both
 * sides, so only what moves is left.
 */
async function invoicesDelta(companyId: string, written: FigureImage[]): Promise<Figures> {
  const groups = new Map<string, { invoice?: FigureImage; notes: FigureImage[] }>();
  for (const image of written) {
    const record = stored(image.after ?? image.before)!;
    const isNote = record.kind === 'credit_note' && typeof record.creditedInvoiceId === 'string';
    const groupId = String(isNote ? record.creditedInvoiceId : record.id);
    const group = groups.get(groupId) ?? { notes: [] };
    if (isNote) group.notes.push(image);
    else group.invoice = image;
    groups.set(groupId, group);
  }
  const delta: Figures = new Map();
  for (const [groupId, group] of groups) {
    let invoiceBefore = stored(group.invoice?.before);
    let invoiceAfter = stored(group.invoice?.after);
    if (!group.invoice) {
      const read = await readInvoice(companyId, groupId);
      invoiceBefore = read;
      invoiceAfter = read;
    }
    let others: StoredRecord[] = [];
    if (
      group.invoice &&
      invoiceBefore !== undefined &&
      centsOf(invoiceBefore.creditedAmount as string | undefined) > 0 &&
      !sameFigures(invoiceBefore, invoiceAfter)
    ) {
      const writtenIds = new Set(group.notes.map((note) => stored(note.after ?? note.before)!.id));
      const creditedCents = centsOf(invoiceBefore.creditedAmount as string | undefined);
      others = (await readIssuedCreditNotes(companyId, groupId, creditedCents)).filter(
        (note) => !writtenIds.has(note.id),
      );
    }
    const before = [
      ...(invoiceBefore ? [invoiceBefore] : []),
      ...group.notes.flatMap((note) => (note.before ? [note.before as StoredRecord] : [])),
      ...others,
    ];
    const after = [
      ...(invoiceAfter ? [invoiceAfter] : []),
      ...group.notes.flatMap((note) => (note.after ? [note.after as StoredRecord] : [])),
      ...others,
    ];
    addFigures(delta, figuresDelta(figuresOf({ invoices: after }), figuresOf({ invoices: before })));
  }
  return delta;
}

/**
 * The update of one aggregate item: `ADD` of each amount moved; a membership flag
 * (`memberPrefix`) that goes away is removed instead, so the item keeps only its members.
 */
/** The put or delete of an index item (`dueIdsPrefix`): its record joins (+1) or leaves (−1). */
function indexItem(companyId: string, sk: string, values: Map<string, number>): TransactItem {
  const key = { pk: companyPk(companyId), sk };
  return (values.get(indexAttribute) ?? 0) > 0
    ? { Put: { TableName: tableName(), Item: { ...key, [indexAttribute]: 1 } } }
    : { Delete: { TableName: tableName(), Key: key } };
}

export function aggregateUpdateItem(
  companyId: string,
  sk: string,
  values: Map<string, number>,
): TransactItem {
  if (sk.startsWith(dueIdsPrefix)) return indexItem(companyId, sk, values);
  const names: Record<string, string> = {};
  const amounts: Record<string, number> = {};
  const added: string[] = [];
  const removed: string[] = [];
  [...values].forEach(([attribute, value], index) => {
    names[`#a${index}`] = attribute;
    if (attribute.startsWith(memberPrefix) && value < 0) {
      removed.push(`#a${index}`);
      return;
    }
    amounts[`:a${index}`] = value;
    added.push(`#a${index} :a${index}`);
  });
  const expression = [
    ...(added.length > 0 ? [`ADD ${added.join(', ')}`] : []),
    ...(removed.length > 0 ? [`REMOVE ${removed.join(', ')}`] : []),
  ].join(' ');
  return {
    Update: {
      TableName: tableName(),
      Key: { pk: companyPk(companyId), sk },
      UpdateExpression: expression,
      ExpressionAttributeNames: names,
      ...(added.length > 0 ? { ExpressionAttributeValues: amounts } : {}),
    },
  };
}

/** The aggregate updates to add to a transaction made of `items` (none when no figure moves). */
export async function aggregateItems(items: readonly TransactItem[]): Promise<TransactItem[]> {
  const byCompany = new Map<string, FigureImage[]>();
  for (const item of items) {
    const image = figureImageOf(item);
    if (!image || !isFigureType(image.type)) continue;
    byCompany.set(image.companyId, [...(byCompany.get(image.companyId) ?? []), image]);
  }
  const updates: TransactItem[] = [];
  for (const [companyId, images] of byCompany) {
    const before: Required<FigureRecords> = emptyFigureRecords();
    const after: Required<FigureRecords> = emptyFigureRecords();
    const invoiceImages: FigureImage[] = [];
    for (const image of images) {
      const type = image.type as FigureType;
      if (type === 'INVOICE') {
        invoiceImages.push(image);
        continue;
      }
      const key = recordsKey[type];
      if (image.before) (before[key] as StoredRecord[]).push(image.before as StoredRecord);
      if (image.after) (after[key] as StoredRecord[]).push(image.after as StoredRecord);
    }
    const delta = figuresDelta(figuresOf(after), figuresOf(before));
    if (invoiceImages.length > 0) addFigures(delta, await invoicesDelta(companyId, invoiceImages));
    for (const [sk, values] of figuresDelta(delta, new Map())) {
      updates.push(aggregateUpdateItem(companyId, sk, values));
    }
  }
  return updates;
}
