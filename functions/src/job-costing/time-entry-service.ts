/**
 * Pointage (docs/profitability.md): hours per worker, chantier and day, priced with the worker's
 * loaded hourly cost, in weeks an administrator validates (locks).
 *
 * Race-free rules, each inside the entry's own transaction (`transactWrite`, with the chantier's
 * aggregate it moves):
 * - 24 h a day per worker across chantiers: a per worker-day total `WORKDAY#<workerId>#<date>`
 *   (`hours`, hundredths) moved by `ADD` on condition that it stays within 24 h, so two entries
 *   written at once for the same day can never both pass;
 * - a validated week: a `ConditionCheck` that `TIMELOCK#<monday>` does not exist (writes of an
 *   administrator skip it), so an entry and the week's lock are serialised by DynamoDB;
 * - the worker and the chantier: the entry stamps both (`reference-stamps.ts`), which fails when
 *   either is not (or no longer) in the company: another company's id is « introuvable »;
 * - one entry per worker, chantier, day and devis line: a uniqueness marker.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type {
  TimeEntry,
  TimeEntryCreateData,
  TimeEntryListQuery,
  TimeEntryUpdateData,
  WeekLock,
} from '@btp/shared/entities/time-entry';
import { timeEntryMessages } from '@btp/shared/entities/time-entry-messages';
import type { Worker } from '@btp/shared/entities/worker';
import { hoursHundredthsOf, laborCostCents } from '@btp/shared/job-costing';
import { formatMoney, parseMoney } from '@btp/shared/money';
import { MAX_DAY_HOURS_HUNDREDTHS, weekStartOf } from '@btp/shared/timesheet';
import type { UserRole } from '@btp/shared/enums';
import { memberPrefix, projectSk } from '../aggregates/figures.js';
import { batchGetConsistent } from '../data/batch-get.js';
import { decodeCursor, encodeCursor } from '../data/cursor.js';
import { staleVersionMessage, type Page } from '../data/entity-repository.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { timeEntries, timeEntryIndexes, type StoredTimeEntry } from '../data/entities/time-entries.js';
import { workers } from '../data/entities/workers.js';
import { nowIso } from '../data/ids.js';
import { companyPk, sortKeyPrefix, withoutKeys, type Key } from '../data/keys.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import { withAwsErrors } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { badRequest, conflict, forbidden, HttpError } from '../lib/http-errors.js';
import { workerOfUser } from './worker-service.js';
import { workdayKey, workdaySk } from './workdays.js';
import { queryPages } from '../data/query-pages.js';

/** Who writes: the session's user and role. */
export interface Actor {
  userId: string;
  role: UserRole;
}

const isAdmin = (actor: Actor) => actor.role === 'company_admin' || actor.role === 'super_admin';

const lockKey = (companyId: string, weekStart: string): Key => ({
  pk: companyPk(companyId),
  sk: `TIMELOCK#${weekStart}`,
});

const dayKey = workdayKey;

const frenchDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
const frenchHours = (hundredths: number) =>
  `${(hundredths / 100)
    .toFixed(2)
    .replace(/\.?0+$/, '')
    .replace('.', ',')} h`;

/** Moves a worker-day's total by `delta` hundredths; a rise is conditioned on staying within 24 h. */
function dayItem(companyId: string, workerId: string, date: string, delta: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: dayKey(companyId, workerId, date),
      UpdateExpression: 'ADD #hours :delta',
      ExpressionAttributeNames: { '#hours': 'hours' },
      ExpressionAttributeValues: {
        ':delta': delta,
        ...(delta > 0 ? { ':room': MAX_DAY_HOURS_HUNDREDTHS - delta } : {}),
      },
      ...(delta > 0 ? { ConditionExpression: 'attribute_not_exists(#hours) OR #hours <= :room' } : {}),
    },
  };
}

/** The week is not validated (an administrator's write does not check it). */
function unlockedItem(companyId: string, weekStart: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: lockKey(companyId, weekStart),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

async function dayTotal(companyId: string, workerId: string, date: string): Promise<number> {
  const { Item } = await withAwsErrors(() =>
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: dayKey(companyId, workerId, date),
        ConsistentRead: true,
      }),
    ),
  );
  return typeof Item?.hours === 'number' ? Item.hours : 0;
}

/** A user linked to a worker who is not a team lead writes his own hours only (403). */
async function authorise(companyId: string, actor: Actor, workerIds: readonly string[]): Promise<void> {
  if (isAdmin(actor)) return;
  const own = await workerOfUser(companyId, actor.userId);
  if (own && !own.teamLead && workerIds.some((id) => id !== own.id))
    throw forbidden(timeEntryMessages.ownOnly);
}

async function workerOf(companyId: string, workerId: string, mustBeActive: boolean): Promise<Worker> {
  const worker = await workers.get(companyId, workerId);
  if (!worker) throw badRequest(undefined, [{ path: 'workerId', message: timeEntryMessages.workerNotFound }]);
  if (mustBeActive && !worker.isActive) {
    throw badRequest(undefined, [{ path: 'workerId', message: timeEntryMessages.workerInactive }]);
  }
  return worker;
}

/** The line must be one of a signed devis of the chantier (its aggregate lists them). */
async function checkItem(companyId: string, projectId: string, itemId: string | undefined): Promise<void> {
  if (!itemId) return;
  if (!(await projects.get(companyId, projectId))) {
    throw badRequest(undefined, [{ path: 'projectId', message: timeEntryMessages.projectNotFound }]);
  }
  const { Item } = await withAwsErrors(() =>
    db().send(
      new GetCommand({
        TableName: tableName(),
        Key: { pk: companyPk(companyId), sk: projectSk(projectId) },
        ConsistentRead: true,
      }),
    ),
  );
  const quoteIds = Object.keys(Item ?? {})
    .filter((attribute) => attribute.startsWith(memberPrefix))
    .map((attribute) => attribute.slice(memberPrefix.length));
  const signed = await quotes.getMany(companyId, quoteIds, ['items']);
  const found = [...signed.values()].some((quote) => (quote.items ?? []).some((item) => item.id === itemId));
  if (!found) throw badRequest(undefined, [{ path: 'itemId', message: timeEntryMessages.itemNotFound }]);
}

/** Thrown by `explainExtra` when the worker-day total would pass 24 h; turned into the 400. */
class DayFull extends HttpError {
  constructor(
    readonly workerId: string,
    readonly date: string,
  ) {
    super(400, 'validation_error', 'day');
  }
}

async function dayFullError(companyId: string, worker: Worker, error: DayFull): Promise<HttpError> {
  const total = await dayTotal(companyId, error.workerId, error.date);
  const message = timeEntryMessages.overDay(worker.name, frenchDate(error.date), frenchHours(total));
  return badRequest(message, [{ path: 'hours', message }]);
}

const lockedError = (weekStart: string) => conflict(timeEntryMessages.locked(frenchDate(weekStart)));

/**
 * The worker-day and lock items of a write that takes `before` (absent: a creation) to `after`
 * (absent: a deletion), and how to explain their failure.
 */
function ruleItems(
  companyId: string,
  actor: Actor,
  before: StoredTimeEntry | undefined,
  after: Pick<StoredTimeEntry, 'workerId' | 'date' | 'hours' | 'weekStart'> | undefined,
): { items: TransactItem[]; explain: (index: number) => HttpError | undefined } {
  const moves = new Map<string, { workerId: string; date: string; delta: number }>();
  const move = (entry: Pick<StoredTimeEntry, 'workerId' | 'date' | 'hours'>, sign: number) => {
    const key = `${entry.workerId}#${entry.date}`;
    const found = moves.get(key) ?? { workerId: entry.workerId, date: entry.date, delta: 0 };
    found.delta += sign * hoursHundredthsOf(entry.hours);
    moves.set(key, found);
  };
  if (before) move(before, -1);
  if (after) move(after, 1);
  const days = [...moves.values()].filter((day) => day.delta !== 0);
  const weeks = isAdmin(actor)
    ? []
    : [...new Set([before?.weekStart, after?.weekStart].filter((week): week is string => Boolean(week)))];
  const items = [
    ...days.map((day) => dayItem(companyId, day.workerId, day.date, day.delta)),
    ...weeks.map((week) => unlockedItem(companyId, week)),
  ];
  return {
    items,
    explain: (index) => {
      const day = days[index];
      if (day) return new DayFull(day.workerId, day.date);
      const week = weeks[index - days.length];
      return week ? lockedError(week) : undefined;
    },
  };
}

/** Runs a write, turning a full day into its French 400. */
async function write(companyId: string, worker: Worker, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    if (error instanceof DayFull) throw await dayFullError(companyId, worker, error);
    throw error;
  }
}

/** The fields stored for `data` with the worker's cost (`hourlyCost` kept when given). */
function storedFields(
  data: TimeEntryCreateData,
  hourlyCost: string,
  actor: Actor,
): Omit<StoredTimeEntry, 'id' | 'companyId' | 'createdAt' | 'updatedAt' | 'version'> {
  return {
    ...data,
    hourlyCost,
    cost: formatMoney(laborCostCents(hoursHundredthsOf(data.hours), parseMoney(hourlyCost))),
    weekStart: weekStartOf(data.date),
    enteredBy: actor.userId,
  };
}

/** `POST /api/time-entries`. */
export async function createTimeEntry(
  companyId: string,
  actor: Actor,
  data: TimeEntryCreateData,
): Promise<TimeEntry> {
  await authorise(companyId, actor, [data.workerId]);
  const worker = await workerOf(companyId, data.workerId, true);
  await checkItem(companyId, data.projectId, data.itemId);
  const fields = storedFields(data, worker.hourlyCost, actor);
  const rules = ruleItems(companyId, actor, undefined, fields);
  const { record, items, explain } = timeEntries.createItems(companyId, fields);
  await write(companyId, worker, () =>
    transactWrite([...items, ...rules.items], (index) =>
      index < items.length ? explain(index) : rules.explain(index - items.length),
    ),
  );
  return (await answers(companyId, [record]))[0] as TimeEntry;
}

/**
 * `PUT /api/time-entries/{id}`: the whole editable record (`version`: 409 when stale). The entry
 * keeps its hourly cost while it stays the same worker's; another worker's entry takes his.
 */
export async function updateTimeEntry(
  companyId: string,
  actor: Actor,
  id: string,
  input: TimeEntryUpdateData,
): Promise<TimeEntry> {
  const { version, ...data } = input;
  const current = await timeEntries.getOrThrow(companyId, id);
  if (version !== undefined && version !== current.version) throw conflict(staleVersionMessage);
  await authorise(companyId, actor, [current.workerId, data.workerId]);
  const sameWorker = data.workerId === current.workerId;
  const worker = await workerOf(companyId, data.workerId, !sameWorker);
  if (data.itemId && (data.itemId !== current.itemId || data.projectId !== current.projectId)) {
    await checkItem(companyId, data.projectId, data.itemId);
  }
  const fields = storedFields(data, sameWorker ? current.hourlyCost : worker.hourlyCost, actor);
  const rules = ruleItems(companyId, actor, current, fields);
  const { record, items, explain } = timeEntries.updateItems(companyId, current, fields, {
    extraItems: rules.items,
    explainExtra: rules.explain,
  });
  await write(companyId, worker, () => transactWrite(items, explain));
  return (await answers(companyId, [record]))[0] as TimeEntry;
}

/** `DELETE /api/time-entries/{id}`. */
export async function deleteTimeEntry(companyId: string, actor: Actor, id: string): Promise<void> {
  const current = await timeEntries.getOrThrow(companyId, id);
  await authorise(companyId, actor, [current.workerId]);
  const rules = ruleItems(companyId, actor, current, undefined);
  const { items, explain } = timeEntries.deleteItems(companyId, current, {
    extraItems: rules.items,
    explainExtra: rules.explain,
  });
  await transactWrite(items, explain);
}

// ---------------------------------------------------------------------------------------------
// Weeks

/** `POST /api/time-entries/lock`: validates a week (or reopens it with `locked: false`). */
export async function lockWeek(
  companyId: string,
  actor: Actor,
  input: { weekStart: string; locked: boolean },
): Promise<WeekLock> {
  const key = lockKey(companyId, input.weekStart);
  if (!input.locked) {
    await transactWrite([{ Delete: { TableName: tableName(), Key: key } }]);
    return { weekStart: input.weekStart, locked: false };
  }
  const lock = { weekStart: input.weekStart, locked: true, lockedAt: nowIso(), lockedBy: actor.userId };
  await transactWrite([{ Put: { TableName: tableName(), Item: { ...key, ...lock } } }]);
  return lock;
}

/** The validated weeks whose Monday lies between `from` and `to` (the Monday of `from`'s week on). */
export async function listLocks(companyId: string, from: string, to: string): Promise<WeekLock[]> {
  const locks: WeekLock[] = [];
  for await (const page of queryPages({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': companyPk(companyId),
      ':from': `TIMELOCK#${weekStartOf(from)}`,
      ':to': `TIMELOCK#${to.slice(0, 10)}`,
    },
    ConsistentRead: true,
  })) {
    for (const item of page.items) locks.push(withoutKeys<WeekLock>(item));
  }
  return locks;
}

// ---------------------------------------------------------------------------------------------
// Lists

/** Entries as answered: `locked`, `worker{id,name}`, `project{id,name}`. */
async function answers(companyId: string, entries: StoredTimeEntry[]): Promise<TimeEntry[]> {
  if (entries.length === 0) return [];
  const weeks = entries.map((entry) => entry.weekStart).sort();
  const [locks, workerRecords, projectRecords] = await Promise.all([
    listLocks(companyId, weeks[0] as string, weeks.at(-1) as string),
    workers.getMany(
      companyId,
      entries.map((entry) => entry.workerId),
      ['name'],
    ),
    projects.getMany(
      companyId,
      entries.map((entry) => entry.projectId),
      ['name'],
    ),
  ]);
  const locked = new Set(locks.map((lock) => lock.weekStart));
  return entries.map((entry) => {
    const worker = workerRecords.get(entry.workerId);
    const project = projectRecords.get(entry.projectId);
    return {
      ...entry,
      locked: locked.has(entry.weekStart),
      ...(worker ? { worker: { id: worker.id, name: worker.name } } : {}),
      ...(project ? { project: { id: project.id, name: project.name } } : {}),
    };
  });
}

/**
 * `GET /api/time-entries`: by date, most recent first, from the chantier's index, else the
 * worker's, else the company's (a worker on a chantier: the worker's, filtered), between `from` and
 * `to` included; pages of `limit` (at most 1,000) with `x-next-cursor`.
 */
export async function listTimeEntries(
  companyId: string,
  query: TimeEntryListQuery,
): Promise<Page<TimeEntry>> {
  const prefix = query.workerId
    ? timeEntryIndexes.worker(query.workerId)
    : query.projectId
      ? timeEntryIndexes.project(query.projectId)
      : timeEntryIndexes.company();
  const filterProject = query.workerId !== undefined && query.projectId !== undefined;
  const pk = companyPk(companyId);
  const limit = Math.min(Math.max(query.limit ?? 1000, 1), 1000);
  const found: StoredTimeEntry[] = [];
  let startKey: Record<string, unknown> | undefined = decodeCursor(query.cursor, pk, prefix);
  let lastKey: Key | undefined;
  do {
    const page = await withAwsErrors(() =>
      db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: {
            ':pk': pk,
            ':from': `${prefix}${query.from ?? '0000-00-00'}`,
            ':to': `${prefix}${query.to ?? '9999-12-31'}#\uffff`,
            ...(filterProject ? { ':project': query.projectId } : {}),
          },
          ...(filterProject ? { FilterExpression: 'projectId = :project' } : {}),
          ScanIndexForward: false,
          ConsistentRead: true,
          Limit: limit + 1 - found.length,
          ExclusiveStartKey: startKey,
        }),
      ),
    );
    for (const item of page.Items ?? []) {
      if (found.length < limit) lastKey = { pk, sk: String(item.sk) };
      found.push(withoutKeys<StoredTimeEntry>(item));
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey && found.length <= limit);
  const more = found.length > limit;
  const items = await answers(companyId, found.slice(0, limit));
  return { items, nextCursor: more ? encodeCursor(lastKey) : undefined };
}

/** One entry (its worker and chantier named), 404 otherwise. */
export async function getTimeEntry(companyId: string, id: string): Promise<TimeEntry> {
  return (await answers(companyId, [await timeEntries.getOrThrow(companyId, id)]))[0] as TimeEntry;
}

/** The worker-day totals of a worker in a period, hundredths per day (the 24 h rule's items). */
export async function storedDayTotals(
  companyId: string,
  workerId: string,
  dates: readonly string[],
): Promise<Map<string, number>> {
  const items = await batchGetConsistent(dates.map((date) => dayKey(companyId, workerId, date)));
  return new Map(
    items.map((item) => [String(item.sk).slice(workdaySk(workerId, '').length), Number(item.hours ?? 0)]),
  );
}

/** How many entries a chantier has (its index, counted without reading the entries). */
export async function timeEntryCount(companyId: string, projectId: string): Promise<number> {
  let count = 0;
  for await (const page of queryPages({
    ...sortKeyPrefix(companyPk(companyId), timeEntryIndexes.project(projectId)),
    Select: 'COUNT',
    ConsistentRead: true,
  })) {
    count += page.count;
  }
  return count;
}
