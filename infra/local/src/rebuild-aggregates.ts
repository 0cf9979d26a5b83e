/**
 * `npm run aggregates:rebuild [-- <companyId>…]`: recomputes the company aggregates (the dashboard's
 * and Finances' figures, docs/data-model.md "Aggregates") from the records, and writes the links of
 * older invoices to their quote and credit notes to their invoice ("Links"), for the companies named
 * or all of them. With TABLE_NAME in the environment it works on that table (AWS with the usual
 * credentials, or DYNAMODB_ENDPOINT); without, on the local stack's data (DATA_DIR, `.data`), which
 * must be stopped (DynamoDB Local is started on it for the time of the rebuild).
 */
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { ensureTable } from './create-table.js';
import { localCredentials, startDynamoLocal, type DynamoLocal } from './dynamodb-local.js';
import { tableName } from './local-stack.js';
import { stopOnSignals } from './shutdown.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

async function main(): Promise<void> {
  const companyIds = process.argv.slice(2).filter((arg) => arg !== '--');
  let dynamo: DynamoLocal | undefined;
  if (!process.env.TABLE_NAME) {
    const dataDir = resolve(process.env.DATA_DIR ?? '.data');
    dynamo = await startDynamoLocal({
      dataDir: join(dataDir, 'dynamodb'),
      logFile: join(dataDir, 'dynamodb.log'),
    });
    const started = dynamo;
    // Ctrl-C stops DynamoDB Local cleanly, as the local stack does.
    stopOnSignals(() => started.stop());
    // A data directory the stack never used has no table yet: made empty, as the stack would.
    const client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'eu-west-3',
      credentials: localCredentials,
    });
    await ensureTable(client, tableName);
    client.destroy();
    Object.assign(process.env, {
      TABLE_NAME: tableName,
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
      AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      LOG_LEVEL: 'warn',
    });
  }
  try {
    const { rebuildAllAggregates } = await import('../../../functions/src/aggregates/rebuild.js');
    const started = Date.now();
    const count = await rebuildAllAggregates(companyIds.length > 0 ? companyIds : undefined);
    console.log(
      `Agrégats recalculés pour ${count} entreprise${count > 1 ? 's' : ''} en ${Date.now() - started} ms.`,
    );
  } finally {
    await dynamo?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
