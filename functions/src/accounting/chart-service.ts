/**
 * The company's chart of accounts (`GET, PUT /api/company/accounts`, docs/accounting.md): one item
 * `COMPANY#<c>` / `ACCOUNTS` holding what the administrator saved; until then the guide's defaults
 * (`defaultChartOfAccounts`, version 0). A save names the version it read: a concurrent save is a
 * 409, never lost.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ChartOfAccounts, ChartOfAccountsData } from '@btp/shared/accounting/chart';
// Read without zod (`chart-input.ts`, `chart-rules.ts`): the chart's routes start without it (issue 27).
import { storedChartParser } from '@btp/shared/accounting/chart-input';
import { defaultChartOfAccounts } from '@btp/shared/accounting/chart-rules';
import { awsErrorToHttp } from '../lib/aws-errors.js';
import { db, tableName } from '../lib/dynamo.js';
import { conflict } from '../lib/http-errors.js';
import { companyPk, type Key } from '../data/keys.js';
import { staleVersionMessage } from '../data/entity-repository.js';

export const chartKey = (companyId: string): Key => ({ pk: companyPk(companyId), sk: 'ACCOUNTS' });

/** The chart the entries are written with: the saved one, else the defaults. */
export async function readChart(companyId: string): Promise<ChartOfAccounts> {
  try {
    const { Item } = await db().send(
      new GetCommand({ TableName: tableName(), Key: chartKey(companyId), ConsistentRead: true }),
    );
    if (!Item) return defaultChartOfAccounts();
    // A chart saved before a use existed gets that use's default.
    const defaults = defaultChartOfAccounts();
    const stored = Item as Partial<ChartOfAccounts>;
    return storedChartParser.parse({
      ...defaults,
      ...stored,
      accounts: { ...defaults.accounts, ...(stored.accounts ?? {}) },
    });
  } catch (error) {
    throw awsErrorToHttp(error) ?? error;
  }
}

/** Saves the whole chart if it is still at `version` (0: never saved). */
export async function saveChart(companyId: string, input: ChartOfAccountsData): Promise<ChartOfAccounts> {
  const { version, ...fields } = input;
  const chart: ChartOfAccounts = { ...fields, version: version + 1 };
  try {
    await db().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...chartKey(companyId), ...chart, updatedAt: new Date().toISOString() },
        ...(version === 0
          ? { ConditionExpression: 'attribute_not_exists(pk)' }
          : {
              ConditionExpression: 'version = :version',
              ExpressionAttributeValues: { ':version': version },
            }),
      }),
    );
  } catch (error) {
    if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
      throw conflict(staleVersionMessage);
    }
    throw awsErrorToHttp(error) ?? error;
  }
  return chart;
}
