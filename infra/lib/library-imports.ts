import { Duration } from 'aws-cdk-lib';
import type { Stack } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { jobTag, type Functions } from './functions.js';

/** Value of {@link jobTag} on the price-list import worker's function. */
export const libraryImportJobTagValue = 'job:library-import';

/** Module under `functions/src/handlers/` of the price-list import worker. */
export const libraryImportJobHandler = 'jobs/library-import';

/** The worker's timeout: a step works 10 minutes at most (`jobs/library-import.ts`). */
export const libraryImportTimeout = Duration.minutes(15);

/**
 * Supplier price-list imports (docs/library.md): the queue on which `POST /api/library/imports`
 * (the routes marked `importQueue`) hands a job to its worker, and the worker itself. Each message
 * names a job; the worker works on it for at most 10 minutes, then sends the job's next message
 * itself. A message that fails five times goes to the dead-letter queue (alarm-free: the job is
 * marked failed with its reason after three failed steps, and the screen shows it).
 */
export class LibraryImports {
  readonly queue: sqs.Queue;
  readonly deadLetters: sqs.Queue;
  worker?: lambda.Function;

  constructor(stack: Stack) {
    this.deadLetters = new sqs.Queue(stack, 'LibraryImportDeadLetters', {
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      retentionPeriod: Duration.days(14),
    });
    this.queue = new sqs.Queue(stack, 'LibraryImportQueue', {
      enforceSSL: true,
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      // Longer than the worker's timeout, so a message is never handled twice at once.
      visibilityTimeout: libraryImportTimeout.plus(Duration.minutes(1)),
      deadLetterQueue: { queue: this.deadLetters, maxReceiveCount: 5 },
    });
  }

  /** The worker function, triggered by the queue one message at a time. */
  addWorker(functions: Functions, entry: string): lambda.Function {
    const worker = functions.add({
      constructId: 'LibraryImportJob',
      entry,
      description: 'Import des tarifs fournisseurs (bibliothèque)',
      tagKey: jobTag,
      tagValue: libraryImportJobTagValue,
      memorySize: 1024,
      timeout: libraryImportTimeout,
      access: {
        table: 'write',
        documents: 'write',
        secrets: { sessionKey: false, setupToken: false },
        importQueue: true,
      },
    });
    worker.addEventSource(new SqsEventSource(this.queue, { batchSize: 1 }));
    this.worker = worker;
    return worker;
  }
}
