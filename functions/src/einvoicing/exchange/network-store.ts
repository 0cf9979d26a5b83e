/**
 * What the product keeps of the e-invoicing network, in the company's partition
 * (docs/data-model.md, docs/einvoicing-network.md "The product side"):
 *
 * | sk                                  | what                                                                    |
 * | ----------------------------------- | ----------------------------------------------------------------------- |
 * | `EINV#SETTINGS`                     | the platform's address, client id, `enabled`, last call, polling cursor |
 * | `EINV#INVOICE#<invoiceId>`          | our invoice on the network: state, flow, acknowledgement, statuses      |
 * | `EINV#SUPPLIER#<supplierInvoiceId>` | a supplier invoice received through the platform, and its statuses      |
 * | `EINV#RECEIVED#<SIREN>#<number>`    | link from a seller's invoice number to that supplier invoice            |
 * | `EINV#OUTBOX#<trackingId>`          | a flow to submit (an invoice, a status), until the platform has it      |
 * | `EINV#FLOW#<flowId>`                | an incoming flow handled (each is handled once)                         |
 *
 * and `EINVOICING` / `COMPANY#<id>`: the companies whose network is enabled, for the sync job.
 *
 * Statuses are appended to a record's `events` together with their flow id in `flowIds` (a string
 * set), on condition the set does not hold it yet: a flow read twice is recorded once.
 */
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  UpdateCommand,
  type QueryCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type {
  FlowAcknowledgement,
  InvoiceLifecycle,
  LifecycleEvent,
  NotSentReason,
  PlatformCallStatus,
} from '@btp/shared/einvoicing-network';
import { batchGetConsistent as batchGetItems } from '../../data/batch-get.js';
import { nowIso } from '../../data/ids.js';
import { queryPages } from '../../data/query-pages.js';
import { companyPk, sortKeyPrefix, withoutKeys, type Key } from '../../data/keys.js';
import type { TransactItem } from '../../data/transactions.js';
import { awsErrorToHttp } from '../../lib/aws-errors.js';
import { db, tableName } from '../../lib/dynamo.js';

const settingsSk = 'EINV#SETTINGS';
const invoicePrefix = 'EINV#INVOICE#';
const supplierPrefix = 'EINV#SUPPLIER#';
const receivedPrefix = 'EINV#RECEIVED#';
const outboxPrefix = 'EINV#OUTBOX#';
const flowPrefix = 'EINV#FLOW#';
/** The partition listing the companies whose network is enabled. */
export const enabledCompaniesPk = 'EINVOICING';

/** How long the marker of an incoming flow handled is kept (the platform keeps flows a year). */
const flowMarkerTtlSeconds = 400 * 24 * 60 * 60;

export const networkKeys = {
  settings: (companyId: string): Key => ({ pk: companyPk(companyId), sk: settingsSk }),
  invoice: (companyId: string, invoiceId: string): Key => ({
    pk: companyPk(companyId),
    sk: `${invoicePrefix}${invoiceId}`,
  }),
  supplier: (companyId: string, supplierInvoiceId: string): Key => ({
    pk: companyPk(companyId),
    sk: `${supplierPrefix}${supplierInvoiceId}`,
  }),
  received: (companyId: string, sellerSiren: string, number: string): Key => ({
    pk: companyPk(companyId),
    sk: `${receivedPrefix}${sellerSiren}#${number.trim().toUpperCase()}`.slice(0, 900),
  }),
  outbox: (companyId: string, trackingId: string): Key => ({
    pk: companyPk(companyId),
    sk: `${outboxPrefix}${trackingId}`,
  }),
  flow: (companyId: string, flowId: string): Key => ({
    pk: companyPk(companyId),
    sk: `${flowPrefix}${flowId}`,
  }),
  enabled: (companyId: string): Key => ({ pk: enabledCompaniesPk, sk: `COMPANY#${companyId}` }),
};

async function aws<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

async function getItem<T>(key: Key): Promise<T | undefined> {
  const { Item } = await aws(() =>
    db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true })),
  );
  return Item ? withoutKeys<T>(Item) : undefined;
}

async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of queryPages({ ConsistentRead: true, ...input })) {
    items.push(...page.items.map((item) => withoutKeys<T>(item)));
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------

/** The settings item (the secret is elsewhere: `platform-secrets.ts`). */
export interface StoredSettings {
  platformUrl: string;
  clientId: string;
  enabled: boolean;
  hasSecret: boolean;
  status?: PlatformCallStatus;
  /** The largest `updatedAt` of the flows read by the last poll (the next one reads after it). */
  cursor?: string;
  updatedAt: string;
  version: number;
}

export function readSettings(companyId: string): Promise<StoredSettings | undefined> {
  return getItem<StoredSettings>(networkKeys.settings(companyId));
}

/**
 * Saves the fields a company administrator edits (the status and cursor are the job's), and lists
 * the company among the enabled ones or takes it out, in one transaction.
 */
export function settingsWriteItems(
  companyId: string,
  fields: { platformUrl: string; clientId: string; enabled: boolean; hasSecret: boolean },
): TransactItem[] {
  const now = nowIso();
  return [
    {
      Update: {
        TableName: tableName(),
        Key: networkKeys.settings(companyId),
        UpdateExpression:
          'SET platformUrl = :url, clientId = :client, enabled = :enabled, hasSecret = :secret, updatedAt = :now, companyId = :company ADD version :one',
        ExpressionAttributeValues: {
          ':url': fields.platformUrl,
          ':client': fields.clientId,
          ':enabled': fields.enabled,
          ':secret': fields.hasSecret,
          ':now': now,
          ':company': companyId,
          ':one': 1,
        },
      },
    },
    fields.enabled
      ? {
          Put: {
            TableName: tableName(),
            Item: { ...networkKeys.enabled(companyId), companyId, since: now },
          },
        }
      : { Delete: { TableName: tableName(), Key: networkKeys.enabled(companyId) } },
  ];
}

/** Records the outcome of the last call to the platform (best effort is the caller's). */
export async function recordCallStatus(companyId: string, status: PlatformCallStatus): Promise<void> {
  await aws(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: networkKeys.settings(companyId),
        UpdateExpression: 'SET #status = :status',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status },
      }),
    ),
  );
}

/** Moves the polling cursor forward (never back: two polls at once keep the larger one). */
export async function recordCursor(companyId: string, cursor: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: networkKeys.settings(companyId),
        UpdateExpression: 'SET #cursor = :cursor',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(#cursor) OR #cursor < :cursor)',
        ExpressionAttributeNames: { '#cursor': 'cursor' },
        ExpressionAttributeValues: { ':cursor': cursor },
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return;
    throw awsErrorToHttp(error) ?? error;
  }
}

/** The ids of the companies whose network is enabled. */
export async function enabledCompanyIds(): Promise<string[]> {
  const items = await queryAll<{ companyId: string }>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': enabledCompaniesPk },
  });
  return items.map((item) => item.companyId);
}

// ---------------------------------------------------------------------------------------------
// Our invoices on the network
// ---------------------------------------------------------------------------------------------

/** The stored record of one of our invoices on the network. */
export interface StoredInvoiceNetwork extends InvoiceLifecycle {
  invoiceId: string;
  number: string;
  /** The flows already recorded (statuses in, our own out, the acknowledgement's). */
  flowIds?: Set<string>;
  version: number;
}

export function readInvoiceNetwork(
  companyId: string,
  invoiceId: string,
): Promise<StoredInvoiceNetwork | undefined> {
  return getItem<StoredInvoiceNetwork>(networkKeys.invoice(companyId, invoiceId));
}

/** The network records of several invoices (a page of Facturation), by invoice id. */
export async function readInvoiceNetworks(
  companyId: string,
  invoiceIds: readonly string[],
): Promise<Map<string, StoredInvoiceNetwork>> {
  const found = new Map<string, StoredInvoiceNetwork>();
  if (invoiceIds.length === 0) return found;
  const items = await batchGetItems(invoiceIds.map((id) => networkKeys.invoice(companyId, id)));
  for (const item of items) {
    const record = withoutKeys<StoredInvoiceNetwork>(item);
    found.set(record.invoiceId, record);
  }
  return found;
}

/**
 * The network records of a keyed page of Facturation (invoices read in key order, so their ids
 * are consecutive): one Query of the records' key range, from the smallest id to the largest,
 * instead of one key per issued invoice in a BatchGetItem. The range holds no other invoice than
 * the page's, and a page without any record on the network (a company that never enabled it)
 * reads nothing. Records of ids not asked for are left out. For ids in any order (a searched
 * page), `readInvoiceNetworks`.
 */
export async function readInvoiceNetworksOfPage(
  companyId: string,
  invoiceIds: readonly string[],
): Promise<Map<string, StoredInvoiceNetwork>> {
  const found = new Map<string, StoredInvoiceNetwork>();
  if (invoiceIds.length === 0) return found;
  const sorted = [...invoiceIds].sort();
  const asked = new Set(invoiceIds);
  const records = await queryAll<StoredInvoiceNetwork>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': companyPk(companyId),
      ':from': networkKeys.invoice(companyId, sorted[0]!).sk,
      ':to': networkKeys.invoice(companyId, sorted.at(-1)!).sk,
    },
  });
  for (const record of records) if (asked.has(record.invoiceId)) found.set(record.invoiceId, record);
  return found;
}

/** The first record of an invoice: not sent (and why), not addressable, or waiting to be submitted. */
export function invoiceNetworkPut(
  companyId: string,
  invoice: { id: string; number: string },
  state: { network: 'pending' | 'not_addressable' | 'not_sent'; notSentReason?: NotSentReason },
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...networkKeys.invoice(companyId, invoice.id),
        invoiceId: invoice.id,
        number: invoice.number,
        network: state.network,
        ...(state.notSentReason ? { notSentReason: state.notSentReason } : {}),
        events: [],
        createdAt: nowIso(),
        version: 1,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

type InvoiceNetworkFields = Partial<
  Pick<StoredInvoiceNetwork, 'network' | 'flowId' | 'submittedAt' | 'acknowledgement' | 'retry'>
>;

/** The update that sets fields of an invoice's record (and removes others), for a transaction. */
export function invoiceNetworkUpdateItem(
  companyId: string,
  invoiceId: string,
  set: InvoiceNetworkFields,
  remove: readonly ('retry' | 'notSentReason')[] = [],
): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':one': 1 };
  const sets = Object.entries(set).map(([name, value], index) => {
    names[`#f${index}`] = name;
    values[`:v${index}`] = value;
    return `#f${index} = :v${index}`;
  });
  const removes = remove.map((name, index) => {
    names[`#r${index}`] = name;
    return `#r${index}`;
  });
  return {
    Update: {
      TableName: tableName(),
      Key: networkKeys.invoice(companyId, invoiceId),
      UpdateExpression: `${sets.length > 0 ? `SET ${sets.join(', ')} ` : ''}${
        removes.length > 0 ? `REMOVE ${removes.join(', ')} ` : ''
      }ADD version :one`,
      ConditionExpression: 'attribute_exists(pk)',
      ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
      ExpressionAttributeValues: values,
    },
  };
}

/** Sets fields of an invoice's record (its state after a retry, an acknowledgement). */
export async function updateInvoiceNetwork(
  companyId: string,
  invoiceId: string,
  set: InvoiceNetworkFields,
  remove: readonly ('retry' | 'notSentReason')[] = [],
): Promise<void> {
  const { Update } = invoiceNetworkUpdateItem(companyId, invoiceId, set, remove);
  await aws(() => db().send(new UpdateCommand(Update as NonNullable<typeof Update>)));
}

/**
 * The update that appends the statuses a flow carried to a record's `events`, on condition that
 * flow was not recorded yet (`flowIds`). For a transaction, or {@link appendEvents}.
 */
export function appendEventsItem(key: Key, flowId: string, events: readonly LifecycleEvent[]): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression:
        'SET events = list_append(if_not_exists(events, :empty), :events) ADD flowIds :flow, version :one',
      ConditionExpression:
        'attribute_exists(pk) AND (attribute_not_exists(flowIds) OR NOT contains(flowIds, :flowId))',
      ExpressionAttributeValues: {
        ':empty': [],
        ':events': events,
        ':flow': new Set([flowId]),
        ':flowId': flowId,
        ':one': 1,
      },
    },
  };
}

/** Appends a flow's statuses to a record: `false` when that flow was recorded already (or no record). */
export async function appendEvents(
  key: Key,
  flowId: string,
  events: readonly LifecycleEvent[],
): Promise<boolean> {
  const { Update } = appendEventsItem(key, flowId, events);
  try {
    await db().send(new UpdateCommand(Update as NonNullable<typeof Update>));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw awsErrorToHttp(error) ?? error;
  }
}

/** Marks, on an invoice's record, the acknowledgement of one of the flows it recorded as an event. */
export async function setEventAcknowledgement(
  key: Key,
  flowId: string,
  acknowledgement: FlowAcknowledgement,
): Promise<LifecycleEvent | undefined> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const record = await getItem<{
      events?: (LifecycleEvent & { acknowledgement?: FlowAcknowledgement })[];
      version: number;
    }>(key);
    const event = record?.events?.find((candidate) => candidate.flowId === flowId);
    if (!record || !event) return undefined;
    if (event.acknowledgement?.status === acknowledgement.status) return undefined;
    const events = record.events?.map((candidate) =>
      candidate.flowId === flowId ? { ...candidate, acknowledgement } : candidate,
    );
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: key,
          UpdateExpression: 'SET events = :events ADD version :one',
          ConditionExpression: 'version = :version',
          ExpressionAttributeValues: { ':events': events, ':one': 1, ':version': record.version },
        }),
      );
      return event;
    } catch (error) {
      if (!(error instanceof Error && error.name === 'ConditionalCheckFailedException')) {
        throw awsErrorToHttp(error) ?? error;
      }
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Supplier invoices received through the platform
// ---------------------------------------------------------------------------------------------

export interface StoredSupplierNetwork {
  supplierInvoiceId: string;
  flowId: string;
  sellerSiren: string;
  sellerName?: string;
  invoiceNumber: string;
  invoiceIssueDate: string;
  invoiceTypeCode: string;
  events: LifecycleEvent[];
  flowIds?: Set<string>;
  version: number;
}

export function readSupplierNetwork(
  companyId: string,
  supplierInvoiceId: string,
): Promise<StoredSupplierNetwork | undefined> {
  return getItem<StoredSupplierNetwork>(networkKeys.supplier(companyId, supplierInvoiceId));
}

/** The network records of several supplier invoices (a page of Achats). */
export async function readSupplierNetworks(
  companyId: string,
  ids: readonly string[],
): Promise<Map<string, StoredSupplierNetwork>> {
  const found = new Map<string, StoredSupplierNetwork>();
  if (ids.length === 0) return found;
  for (const item of await batchGetItems(ids.map((id) => networkKeys.supplier(companyId, id)))) {
    const record = withoutKeys<StoredSupplierNetwork>(item);
    found.set(record.supplierInvoiceId, record);
  }
  return found;
}

/**
 * The items a supplier invoice received through the platform adds to its import's transaction:
 * its network record, the link from the seller's number to it, and the flow's marker (on
 * condition it is new: the same flow never makes two supplier invoices).
 */
export function receivedSupplierInvoiceItems(
  companyId: string,
  record: Omit<StoredSupplierNetwork, 'version' | 'events' | 'flowIds'>,
): TransactItem[] {
  const now = nowIso();
  return [
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...networkKeys.flow(companyId, record.flowId),
          kind: 'SupplierInvoice',
          supplierInvoiceId: record.supplierInvoiceId,
          at: now,
          expiresAt: Math.floor(Date.now() / 1000) + flowMarkerTtlSeconds,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...networkKeys.supplier(companyId, record.supplierInvoiceId),
          ...record,
          events: [],
          flowIds: new Set([record.flowId]),
          createdAt: now,
          version: 1,
        },
      },
    },
    {
      Put: {
        TableName: tableName(),
        Item: {
          ...networkKeys.received(companyId, record.sellerSiren, record.invoiceNumber),
          ownerId: record.supplierInvoiceId,
        },
      },
    },
  ];
}

/** The supplier invoice a seller's invoice number was received as, if any. */
export async function receivedSupplierInvoiceId(
  companyId: string,
  sellerSiren: string,
  number: string,
): Promise<string | undefined> {
  const link = await getItem<{ ownerId: string }>(networkKeys.received(companyId, sellerSiren, number));
  return link?.ownerId;
}

// ---------------------------------------------------------------------------------------------
// Incoming flows handled
// ---------------------------------------------------------------------------------------------

export async function flowHandled(companyId: string, flowId: string): Promise<boolean> {
  return (await getItem(networkKeys.flow(companyId, flowId))) !== undefined;
}

/** Marks an incoming flow handled (whatever became of it), with what it was. */
export async function markFlowHandled(
  companyId: string,
  flowId: string,
  note: { kind: string; outcome: string },
): Promise<void> {
  await aws(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...networkKeys.flow(companyId, flowId),
          ...note,
          at: nowIso(),
          expiresAt: Math.floor(Date.now() / 1000) + flowMarkerTtlSeconds,
        },
      }),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// The outbox: flows to submit
// ---------------------------------------------------------------------------------------------

/** A flow to submit to the platform, kept until the platform has it. */
export interface OutboxItem {
  /** Our id of the file (the invoice's id, a status message's id): the flow's `trackingId`. */
  trackingId: string;
  /** An invoice (a Factur-X to submit) or a lifecycle status (a CDAR). */
  kind: 'invoice' | 'status';
  /** The record the flow is about: one of our invoices, or a supplier invoice. */
  subject: { type: 'invoice' | 'supplier_invoice'; id: string };
  /** An invoice: its number, the archived PDF's document, the buyer's SIREN. */
  number?: string;
  documentId?: string;
  buyerSiren?: string;
  /** A status: the CDAR itself (a few kilobytes) and the event it records once submitted. */
  xml?: string;
  event?: LifecycleEvent;
  fileName: string;
  createdAt: string;
  attempts: number;
  lastAttemptAt?: string;
  lastError?: string;
  /** While a run submits it (ms since the epoch). */
  claimedUntil?: number;
}

export function outboxPut(
  companyId: string,
  item: Omit<OutboxItem, 'createdAt' | 'attempts' | 'claimedUntil'>,
): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...networkKeys.outbox(companyId, item.trackingId),
        ...item,
        createdAt: nowIso(),
        attempts: 0,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Every flow waiting to be submitted, oldest first (invoices before statuses is the caller's). */
export function outboxItems(companyId: string): Promise<OutboxItem[]> {
  return queryAll<OutboxItem>(sortKeyPrefix(companyPk(companyId), outboxPrefix));
}

/** One flow waiting, if it still is. */
export function readOutboxItem(companyId: string, trackingId: string): Promise<OutboxItem | undefined> {
  return getItem<OutboxItem>(networkKeys.outbox(companyId, trackingId));
}

/**
 * Claims a waiting flow for `ms` (the inline attempt and a job run never submit it at once): `false`
 * when another run holds it, or it is gone.
 */
export async function claimOutboxItem(companyId: string, trackingId: string, ms: number): Promise<boolean> {
  const now = Date.now();
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: networkKeys.outbox(companyId, trackingId),
        UpdateExpression: 'SET claimedUntil = :until',
        ConditionExpression:
          'attribute_exists(pk) AND (attribute_not_exists(claimedUntil) OR claimedUntil < :now)',
        ExpressionAttributeValues: { ':until': now + ms, ':now': now },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return false;
    throw awsErrorToHttp(error) ?? error;
  }
}

/** Lets the next run take a waiting flow this run claimed but left (its invoice not submitted yet). */
export async function releaseOutboxClaim(companyId: string, trackingId: string): Promise<void> {
  try {
    await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: networkKeys.outbox(companyId, trackingId),
        UpdateExpression: 'REMOVE claimedUntil',
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return;
    throw awsErrorToHttp(error) ?? error;
  }
}

/** Records a failed attempt on a waiting flow (and lets the next run take it). */
export async function recordOutboxFailure(
  companyId: string,
  trackingId: string,
  message: string,
): Promise<number> {
  try {
    const { Attributes } = await db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: networkKeys.outbox(companyId, trackingId),
        UpdateExpression:
          'SET lastError = :message, lastAttemptAt = :now REMOVE claimedUntil ADD attempts :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':message': message, ':now': nowIso(), ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return Number(Attributes?.attempts ?? 0);
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') return 0;
    throw awsErrorToHttp(error) ?? error;
  }
}

/** The delete of a waiting flow once the platform has it (on condition it is still there). */
export function outboxDeleteItem(companyId: string, trackingId: string): TransactItem {
  return {
    Delete: {
      TableName: tableName(),
      Key: networkKeys.outbox(companyId, trackingId),
      ConditionExpression: 'attribute_exists(pk)',
    },
  };
}

/** Deletes a waiting flow outside a transaction (one found already submitted). */
export async function deleteOutboxItem(companyId: string, trackingId: string): Promise<void> {
  await aws(() =>
    db().send(new DeleteCommand({ TableName: tableName(), Key: networkKeys.outbox(companyId, trackingId) })),
  );
}
