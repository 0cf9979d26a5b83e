/**
 * The accounting export jobs: `COMPANY#<c>` / `ACCEXPORT#<id>` (TTL 7 days, like their files under
 * `exports/<c>/<id>/`). The worker moves `read` and `heartbeatAt` as it goes; a job still `running`
 * whose heartbeat is older than `STALE_MS` died on the way (a timeout, a crash) and reads as
 * `failed`, so the screen never waits forever.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportData, ExportFile, ExportJob, ExportSummary } from '@btp/shared/accounting/export';
import { exportMessages } from '@btp/shared/accounting/export-messages';
import type { JournalCode } from '@btp/shared/accounting/entries';
import { newId, nowIso } from '../data/ids.js';
import { companyPk, type Key } from '../data/keys.js';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { notFound } from '../lib/http-errors.js';

/** A running job without news for this long is reported failed (the worker beats every page). */
export const STALE_MS = 3 * 60 * 1000;
const JOB_DAYS = 7;

export const exportKey = (companyId: string, id: string): Key => ({
  pk: companyPk(companyId),
  sk: `ACCEXPORT#${id}`,
});

/** The files of a finished job as stored: their keys in the documents bucket. */
export interface StoredExportFile {
  kind: 'fec' | 'csv';
  journal?: JournalCode;
  name: string;
  key: string;
  bytes: number;
}

export interface StoredExportJob extends Omit<ExportJob, 'files'> {
  companyId: string;
  heartbeatAt: string;
  files?: StoredExportFile[];
}

/** The S3 key of a file of a job. */
export const exportFileKey = (companyId: string, jobId: string, name: string): string =>
  `exports/${companyId}/${jobId}/${name}`;

export async function createExportJob(companyId: string, period: ExportData): Promise<StoredExportJob> {
  const now = nowIso();
  const job: StoredExportJob = {
    id: newId(),
    companyId,
    from: period.from,
    to: period.to,
    status: 'running',
    read: 0,
    createdAt: now,
    heartbeatAt: now,
  };
  await withAwsErrors(() =>
    db().send(
      new PutCommand({
        TableName: tableName(),
        Item: {
          ...exportKey(companyId, job.id),
          ...job,
          expiresAt: Math.floor(Date.now() / 1000) + JOB_DAYS * 24 * 3600,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    ),
  );
  return job;
}

/** The job as stored (a running one past `STALE_MS` reads `failed`); 404 for another company's. */
export async function readExportJob(
  companyId: string,
  id: string,
  now = Date.now(),
): Promise<StoredExportJob> {
  const { Item } = await withAwsErrors(() =>
    db().send(
      new GetCommand({ TableName: tableName(), Key: exportKey(companyId, id), ConsistentRead: true }),
    ),
  );
  if (!Item) throw notFound(exportMessages.notFound);
  const {
    pk: _pk,
    sk: _sk,
    expiresAt: _expires,
    ...job
  } = Item as StoredExportJob & Key & { expiresAt: number };
  if (job.status === 'running' && now - Date.parse(job.heartbeatAt) > STALE_MS) {
    return { ...job, status: 'failed', message: exportMessages.interrupted };
  }
  return job;
}

/** The worker's news: documents read so far. Only while the job runs. */
export async function markExportProgress(companyId: string, id: string, read: number): Promise<void> {
  await withAwsErrors(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: exportKey(companyId, id),
        UpdateExpression: 'SET #read = :read, heartbeatAt = :now',
        ConditionExpression: '#status = :running',
        ExpressionAttributeNames: { '#read': 'read', '#status': 'status' },
        ExpressionAttributeValues: { ':read': read, ':now': nowIso(), ':running': 'running' },
      }),
    ),
  );
}

export async function finishExportJob(
  companyId: string,
  id: string,
  outcome:
    | { status: 'done'; read: number; summary: ExportSummary; files: StoredExportFile[] }
    | { status: 'failed'; message: string },
): Promise<void> {
  const now = nowIso();
  const values: Record<string, unknown> =
    outcome.status === 'done'
      ? { ':status': 'done', ':read': outcome.read, ':summary': outcome.summary, ':files': outcome.files }
      : { ':status': 'failed', ':message': outcome.message };
  await withAwsErrors(() =>
    db().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: exportKey(companyId, id),
        UpdateExpression:
          outcome.status === 'done'
            ? 'SET #status = :status, #read = :read, summary = :summary, files = :files, finishedAt = :now, heartbeatAt = :now'
            : 'SET #status = :status, message = :message, finishedAt = :now, heartbeatAt = :now',
        ExpressionAttributeNames: {
          '#status': 'status',
          ...(outcome.status === 'done' ? { '#read': 'read' } : {}),
        },
        ExpressionAttributeValues: { ...values, ':now': now },
      }),
    ),
  );
}

/** The files as the API answers them (without their keys; the handler adds the URLs). */
export function publicFiles(files: readonly StoredExportFile[] | undefined): Omit<ExportFile, 'url'>[] {
  return (files ?? []).map(({ key: _key, ...file }) => file);
}
