/**
 * Handing a created accounting export to whatever runs it (docs/accounting.md, « FEC export »): on
 * AWS its worker function, by an asynchronous invocation (the route answers at once); on the local
 * stack, where every function runs in the one process, `runExport` in this process after the
 * answer. Apart from the work itself (`export-runner.ts`, with the chart of accounts and its schema)
 * so that `POST /api/accounting/exports`, which on AWS only hands the job over, starts without it.
 */
import type { LambdaClient } from '@aws-sdk/client-lambda';
import { config } from '../lib/config.js';
import type { ExportMessage } from './export-message.js';

export type { ExportMessage } from './export-message.js';

let lambda: LambdaClient | undefined;

/** Hands a created job to its worker (AWS) or runs it in this process after the answer (local). */
export async function startExport(message: ExportMessage): Promise<void> {
  const functionName = config().ACCOUNTING_EXPORT_FUNCTION;
  if (functionName) {
    // Imported on the path that invokes (the local stack never does), as the SDK's other clients are.
    const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
    lambda ??= new LambdaClient({ region: config().AWS_REGION, maxAttempts: 3 });
    await lambda.send(
      new InvokeCommand({
        FunctionName: functionName,
        InvocationType: 'Event',
        Payload: Buffer.from(JSON.stringify(message)),
      }),
    );
    return;
  }
  // The local stack's path only: the work (which never throws) and what it reads load here.
  setImmediate(() => void import('./export-runner.js').then(({ runExport }) => runExport(message)));
}
