/**
 * Équipe (docs/profitability.md): the company's workers, managed by its administrator (the route
 * table says who writes), read by every user for the pointage.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Worker, WorkerCreateData, WorkerUpdateData } from '@btp/shared/entities/worker';
import { workerMessages } from '@btp/shared/entities/worker-messages';
import { getUser, userKey, type StoredUser } from '../accounts/users.js';
import { batchGetConsistent } from '../data/batch-get.js';
import type { ListOptions, Page } from '../data/entity-repository.js';
import { timeEntryIndexes } from '../data/entities/time-entries.js';
import { workers } from '../data/entities/workers.js';
import { companyMarkerKey, companyPk, sortKeyPrefix, withoutKeys } from '../data/keys.js';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { badRequest, conflict } from '../lib/http-errors.js';

const userName = (user: Pick<StoredUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/** Adds `user{id,name}` to the workers linked to a user of the company (left out when gone). */
async function withUsers(companyId: string, records: Worker[]): Promise<Worker[]> {
  const ids = [...new Set(records.flatMap((worker) => (worker.userId ? [worker.userId] : [])))];
  const users = new Map<string, StoredUser>();
  for (const item of await batchGetConsistent(ids.map(userKey))) {
    const user = withoutKeys<StoredUser>(item);
    if (user.companyId === companyId) users.set(user.id, user);
  }
  return records.map(({ user: _stored, ...worker }) => {
    const user = worker.userId ? users.get(worker.userId) : undefined;
    return user ? { ...worker, user: { id: user.id, name: userName(user) } } : worker;
  });
}

/** The linked user must be one of the company's (400 on `userId` otherwise). */
async function checkUser(companyId: string, userId: string | undefined): Promise<void> {
  if (!userId) return;
  const user = await getUser(userId);
  if (!user || user.companyId !== companyId) {
    throw badRequest(undefined, [{ path: 'userId', message: workerMessages.userNotFound }]);
  }
}

/** `GET /api/workers`: the company's workers, most recent first (`limit`, `cursor`). */
export async function listWorkers(companyId: string, query: ListOptions): Promise<Page<Worker>> {
  const page = await workers.list(companyId, query);
  return { items: await withUsers(companyId, page.items), nextCursor: page.nextCursor };
}

/** Every worker of the company (a team is tens, not thousands). */
export async function allWorkers(companyId: string): Promise<Worker[]> {
  return workers.listAll(companyId);
}

export async function getWorker(companyId: string, id: string): Promise<Worker> {
  const [worker] = await withUsers(companyId, [await workers.getOrThrow(companyId, id)]);
  return worker as Worker;
}

/** `POST /api/workers`: a user may be linked to one worker only (409). */
export async function createWorker(companyId: string, data: WorkerCreateData): Promise<Worker> {
  await checkUser(companyId, data.userId);
  const [created] = await withUsers(companyId, [await workers.create(companyId, data)]);
  return created as Worker;
}

/**
 * `PUT /api/workers/{id}`: the whole editable record, guarded by `version`. A new hourly cost
 * prices the hours entered from then on; those already entered keep theirs.
 */
export async function updateWorker(companyId: string, id: string, input: WorkerUpdateData): Promise<Worker> {
  const { version, ...fields } = input;
  await checkUser(companyId, fields.userId);
  const updated = await workers.update(companyId, id, () => fields, { expectedVersion: version });
  const [worker] = await withUsers(companyId, [updated]);
  return worker as Worker;
}

/** Whether any hours were entered for the worker (one key read). */
async function hasTimeEntries(companyId: string, workerId: string): Promise<boolean> {
  const page = await withAwsErrors(() =>
    db().send(
      new QueryCommand({
        TableName: tableName(),
        ...sortKeyPrefix(companyPk(companyId), timeEntryIndexes.worker(workerId)),
        ProjectionExpression: 'sk',
        ConsistentRead: true,
        Limit: 1,
      }),
    ),
  );
  return (page.Items ?? []).length > 0;
}

/**
 * `DELETE /api/workers/{id}`: refused (409) once hours were entered for the worker (deactivate it
 * instead); race-free, as every entry stamps its worker (`reference-stamps.ts`).
 */
export async function deleteWorker(companyId: string, id: string): Promise<void> {
  await workers.removeUnlessUsed(companyId, id, async () =>
    (await hasTimeEntries(companyId, id)) ? conflict(workerMessages.inUse) : undefined,
  );
}

/** The worker a user is (its `UNIQUE#WORKER_USER#` marker), if any. */
export async function workerOfUser(companyId: string, userId: string): Promise<Worker | undefined> {
  const { Item } = await withAwsErrors(() =>
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: companyMarkerKey(companyId, 'WORKER', 'USER', userId),
        ConsistentRead: true,
      }),
    ),
  );
  if (!Item || typeof Item.ownerId !== 'string') return undefined;
  const worker = await workers.get(companyId, Item.ownerId);
  return worker?.userId === userId ? worker : undefined;
}
