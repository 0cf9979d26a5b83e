/**
 * Supplier price-list imports (docs/library.md "Supplier price-list import"), in the company's
 * partition:
 * - `LIBUPLOAD#<id>`: a file announced for upload (name, size; TTL a day), its object
 *   `imports/<company>/<id>` in the documents bucket;
 * - `LIBIMPORT#<id>`: the import job, its progress and report; while it is not finished it is also
 *   in the global index (`gsi1pk = LIBIMPORT#ACTIVE`), where the local job runner finds it;
 * - `LIBMAPPING#<supplierId>`: the supplier's last mapping, by header names.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { PriceListImport, PriceListMapping } from '@btp/shared/entities/library';
import { PRICE_LIST_KEY_PREFIX } from '@btp/shared/entities/library-basics';
import { withAwsErrors } from '../../lib/aws-errors.js';
import { db, tableName } from '../../lib/dynamo.js';
import { conflict, notFound } from '../../lib/http-errors.js';
import { companyPk, withoutKeys, type Key } from '../keys.js';
import type { TransactItem } from '../transactions.js';

export const activeImportsIndexKey = 'LIBIMPORT#ACTIVE';

/** An import job as stored: the answer's fields, and what the worker needs. */
export interface ImportJob extends PriceListImport {
  uploadId: string;
  mapping: PriceListMapping;
  /** Phase of a running job: the rows, then the articles no longer listed. */
  phase?: 'rows' | 'retire';
  attempts?: number;
  /** Until when a worker holds the job (epoch ms). */
  leaseUntil?: number;
}

export interface PendingUpload {
  id: string;
  fileName: string;
  size: number;
}

export const uploadKey = (companyId: string, id: string): Key => ({
  pk: companyPk(companyId),
  sk: `LIBUPLOAD#${id}`,
});
export const importKey = (companyId: string, id: string): Key => ({
  pk: companyPk(companyId),
  sk: `LIBIMPORT#${id}`,
});
export const mappingKey = (companyId: string, supplierId: string): Key => ({
  pk: companyPk(companyId),
  sk: `LIBMAPPING#${supplierId}`,
});

/** `imports/<company>/<uploadId>`: the file; `….rows.json`: its checked rows. */
export const priceListObjectKey = (companyId: string, uploadId: string) =>
  `${PRICE_LIST_KEY_PREFIX}${companyId}/${uploadId}`;
export const priceListRowsKey = (companyId: string, uploadId: string) =>
  `${priceListObjectKey(companyId, uploadId)}.rows.json`;

export const importNotFound = 'Import introuvable.';

export async function putUpload(companyId: string, upload: PendingUpload): Promise<void> {
  await withAwsErrors(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...uploadKey(companyId, upload.id),
          ...upload,
          expiresAt: Math.floor(Date.now() / 1000) + 86_400,
        },
      }),
    ),
  );
}

export async function getUpload(companyId: string, id: string): Promise<PendingUpload | undefined> {
  const { Item } = await withAwsErrors(() =>
    db().send(
      new GetCommand({ TableName: tableName(), Key: uploadKey(companyId, id), ConsistentRead: true }),
    ),
  );
  return Item ? withoutKeys<PendingUpload>(Item) : undefined;
}

export async function putJob(job: ImportJob): Promise<void> {
  await withAwsErrors(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...importKey(job.companyId, job.id),
          ...job,
          gsi1pk: activeImportsIndexKey,
          gsi1sk: `${job.createdAt}#${job.companyId}#${job.id}`,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
}

export async function getJob(companyId: string, id: string): Promise<ImportJob | undefined> {
  const { Item } = await withAwsErrors(() =>
    db().send(
      new GetCommand({ TableName: tableName(), Key: importKey(companyId, id), ConsistentRead: true }),
    ),
  );
  return Item ? withoutKeys<ImportJob>(Item) : undefined;
}

export async function getJobOrThrow(companyId: string, id: string): Promise<ImportJob> {
  const job = await getJob(companyId, id);
  if (!job) throw notFound(importNotFound);
  return job;
}

/**
 * Sets fields of a job whose `version` is still `version` (one worker at a time): its status, its
 * report…; `finished` also takes it out of the active index.
 */
export async function setJob(
  job: ImportJob,
  fields: Partial<ImportJob>,
  options: { finished?: boolean } = {},
): Promise<ImportJob> {
  const next = { ...job, ...fields, version: job.version + 1, updatedAt: new Date().toISOString() };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':expected': job.version };
  const sets = Object.entries({ ...fields, version: next.version, updatedAt: next.updatedAt }).map(
    ([name, value], index) => {
      names[`#f${index}`] = name;
      values[`:v${index}`] = value;
      return `#f${index} = :v${index}`;
    },
  );
  await withAwsErrors(async () => {
    try {
      await db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: importKey(job.companyId, job.id),
          UpdateExpression: `SET ${sets.join(', ')}${options.finished ? ' REMOVE gsi1pk, gsi1sk' : ''}`,
          ConditionExpression: 'version = :expected',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') throw conflict();
      throw error;
    }
  });
  return next;
}

/**
 * The item of a write's transaction that moves the job's progress: from `processed` (as read, so a
 * write made twice fails) to `processed + rows`, the report's counts added.
 */
export function progressItem(
  job: ImportJob,
  from: number,
  delta: { rows: number; created?: number; updated?: number; unchanged?: number; retired?: number },
): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: importKey(job.companyId, job.id),
      UpdateExpression:
        'SET #processed = :to, #report.created = #report.created + :c, #report.updated = #report.updated + :u, #report.unchanged = #report.unchanged + :n, #report.retired = #report.retired + :r',
      ConditionExpression: '#processed = :from',
      // `processed` is one of DynamoDB's reserved words.
      ExpressionAttributeNames: { '#report': 'report', '#processed': 'processed' },
      ExpressionAttributeValues: {
        ':from': from,
        ':to': from + delta.rows,
        ':c': delta.created ?? 0,
        ':u': delta.updated ?? 0,
        ':n': delta.unchanged ?? 0,
        ':r': delta.retired ?? 0,
      },
    },
  };
}

/** Every unfinished import of every company (the local job runner), oldest first. */
export async function activeJobs(): Promise<{ companyId: string; id: string }[]> {
  const { Items } = await withAwsErrors(() =>
    db().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: 'gsi1',
        KeyConditionExpression: 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': activeImportsIndexKey },
        Limit: 50,
      }),
    ),
  );
  return (Items ?? []).map((item) => ({ companyId: String(item.companyId), id: String(item.id) }));
}

/** The supplier's remembered mapping: the mapping and its columns' header names. */
export interface RememberedMapping {
  mapping: PriceListMapping;
  headers: Partial<Record<keyof PriceListMapping['columns'], string | string[]>>;
}

export async function getMapping(
  companyId: string,
  supplierId: string,
): Promise<RememberedMapping | undefined> {
  const { Item } = await withAwsErrors(() =>
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: mappingKey(companyId, supplierId),
        ConsistentRead: true,
      }),
    ),
  );
  return Item ? withoutKeys<RememberedMapping>(Item) : undefined;
}

export async function putMapping(
  companyId: string,
  supplierId: string,
  remembered: RememberedMapping,
): Promise<void> {
  await withAwsErrors(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...mappingKey(companyId, supplierId), ...remembered },
      }),
    ),
  );
}
