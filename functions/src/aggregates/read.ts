/**
 * Reads a company's aggregates (`figures.ts`): a few items whatever the number of records.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { batchGetConsistent } from '../data/batch-get.js';
import { companyPk } from '../data/keys.js';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { duePrefix, dueSk, monthSk, totalsSk } from './figures.js';

/** One aggregate item's amounts (absent ones read as 0). */
export class AggregateValues {
  constructor(private readonly values: Record<string, unknown> = {}) {}

  get(attribute: string): number {
    const value = this.values[attribute];
    return typeof value === 'number' ? value : 0;
  }

  /** The attributes whose name starts with `prefix` and whose amount is not 0, without the prefix. */
  withPrefix(prefix: string): { name: string; value: number }[] {
    return Object.entries(this.values).flatMap(([attribute, value]) =>
      attribute.startsWith(prefix) && typeof value === 'number' && value !== 0
        ? [{ name: attribute.slice(prefix.length), value }]
        : [],
    );
  }
}

/**
 * Items of the company whose sort key lies between `from` and `to` (both included), in order;
 * with `enough`, pages of `pageSize` items are read only until it answers true for what was read.
 */
export async function queryAggregates(
  companyId: string,
  from: string,
  to: string,
  options: { pageSize?: number; enough?: (found: { sk: string; values: AggregateValues }[]) => boolean } = {},
): Promise<{ sk: string; values: AggregateValues }[]> {
  const found: { sk: string; values: AggregateValues }[] = [];
  let startKey: Record<string, unknown> | undefined;
  try {
    do {
      const page = await db().send(
        new QueryCommand({
          TableName: tableName(),
          KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
          ExpressionAttributeValues: { ':pk': companyPk(companyId), ':from': from, ':to': to },
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
          ...(options.pageSize ? { Limit: options.pageSize } : {}),
        }),
      );
      for (const item of page.Items ?? []) {
        found.push({ sk: String(item.sk), values: new AggregateValues(item) });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey && !options.enough?.(found));
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
  return found;
}

/** Every item whose sort key starts with `prefix`. */
export function queryAggregatePrefix(
  companyId: string,
  prefix: string,
): Promise<{ sk: string; values: AggregateValues }[]> {
  return queryAggregates(companyId, prefix, `${prefix}\uffff`);
}

/** The company totals and the given months' items. */
export async function readAggregateItems(
  companyId: string,
  months: readonly string[],
): Promise<{ totals: AggregateValues; months: Map<string, AggregateValues> }> {
  const sks = [totalsSk, ...months.map(monthSk)];
  const items = await batchGetConsistent(sks.map((sk) => ({ pk: companyPk(companyId), sk })));
  const bySk = new Map(items.map((item) => [String(item.sk), new AggregateValues(item)]));
  return {
    totals: bySk.get(totalsSk) ?? new AggregateValues(),
    months: new Map(months.map((month) => [month, bySk.get(monthSk(month)) ?? new AggregateValues()])),
  };
}

/**
 * The customer invoices awaiting payment that are overdue on `today` (`YYYY-MM-DD`): those whose
 * due day is before today (and those stored `overdue`), how many and what remains to pay, TTC.
 */
export async function readOverdue(
  companyId: string,
  today: string,
): Promise<{ count: number; cents: number }> {
  const buckets = await queryAggregates(companyId, duePrefix, dueSk(today));
  let count = 0;
  let cents = 0;
  for (const bucket of buckets) {
    if (bucket.sk >= dueSk(today)) continue;
    count += bucket.values.get('count');
    cents += bucket.values.get('cents');
  }
  return { count, cents };
}
