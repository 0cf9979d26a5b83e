/**
 * Hands a price-list import to its worker: on AWS a message on the import queue (the worker
 * function `jobs/library-import`); locally nothing, the local stack's job runner polls the active
 * imports (`LIBIMPORT#ACTIVE` in the global index). The SQS client is loaded when a message is
 * sent, not when a function that may send one starts (the job's status route never does).
 */
import type { SQSClient } from '@aws-sdk/client-sqs';
import { withAwsErrors } from '../lib/aws-errors.js';
import { config } from '../lib/config.js';

export interface ImportMessage {
  companyId: string;
  jobId: string;
}

let client: SQSClient | undefined;

/** Sends the job to the worker, after `delaySeconds` (0–900) when given. */
export async function enqueueImport(message: ImportMessage, delaySeconds = 0): Promise<void> {
  const queueUrl = config().LIBRARY_IMPORT_QUEUE_URL;
  if (!queueUrl) return;
  const { SendMessageCommand, SQSClient } = await import('@aws-sdk/client-sqs');
  client ??= new SQSClient({ region: config().AWS_REGION, maxAttempts: 3 });
  const sqs = client;
  await withAwsErrors(() =>
    sqs.send(
      new SendMessageCommand({
        QueueUrl: queueUrl,
        MessageBody: JSON.stringify(message),
        DelaySeconds: Math.min(900, Math.max(0, Math.round(delaySeconds))),
      }),
    ),
  );
}
