import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import { db, tableName } from '../lib/dynamo.js';
import { companyPk, sortKeyPrefix } from './keys.js';
import { queryPages } from './query-pages.js';

async function putItems(companyId: string, count: number): Promise<void> {
  const items = Array.from({ length: count }, (_, index) => ({
    pk: companyPk(companyId),
    sk: `PAGETEST#${String(index).padStart(3, '0')}`,
    position: index,
  }));
  for (let start = 0; start < items.length; start += 25) {
    await db().send(
      new BatchWriteCommand({
        RequestItems: {
          [tableName()]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })),
        },
      }),
    );
  }
}

describe('queryPages', () => {
  it('reads every page of a query, in order, one page per DynamoDB answer', async () => {
    const company = testCompanyId();
    await putItems(company, 7);
    const pages: number[][] = [];
    for await (const page of queryPages({
      ...sortKeyPrefix(companyPk(company), 'PAGETEST#'),
      ConsistentRead: true,
      Limit: 3,
    })) {
      pages.push(page.items.map((item) => Number(item.position)));
    }
    expect(pages).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
  });

  it('sums a count over the pages and stops reading at a break', async () => {
    const company = testCompanyId();
    await putItems(company, 5);
    const query = { ...sortKeyPrefix(companyPk(company), 'PAGETEST#'), ConsistentRead: true, Limit: 2 };
    let counted = 0;
    for await (const page of queryPages({ ...query, Select: 'COUNT' })) counted += page.count;
    expect(counted).toBe(5);

    const read: number[] = [];
    for await (const page of queryPages(query)) {
      read.push(...page.items.map((item) => Number(item.position)));
      if (read.length >= 2) break;
    }
    expect(read).toEqual([0, 1]);
  });

  it('answers no page items for a query that matches nothing', async () => {
    const pages = [];
    for await (const page of queryPages({
      ...sortKeyPrefix(companyPk(testCompanyId()), 'PAGETEST#'),
      ConsistentRead: true,
    })) {
      pages.push(page);
    }
    expect(pages).toEqual([{ items: [], count: 0 }]);
  });
});
