// Installed where every process that writes starts (data/transactions.ts): the articles this job
// writes move no company aggregate (nothing is loaded for them), a record that does would move them.
import '../../aggregates/install.js';
import type { SQSEvent } from 'aws-lambda';
import { activeJobs } from '../../data/entities/library-imports.js';
import { enqueueImport, type ImportMessage } from '../../library/import-queue.js';
import { runImportStep } from '../../library/price-list-import.js';
import { logger } from '../../lib/logger.js';

/** How long one step works before handing the rest to the next message, in ms. */
const stepMs = 10 * 60 * 1000;

/**
 * The price-list import worker (docs/library.md), not an HTTP route: each SQS message names a job;
 * a step works up to 10 minutes (the function's timeout is 15), then sends the job's next message.
 * A job held by another worker is looked at again a minute later.
 */
export async function handler(event: SQSEvent): Promise<void> {
  for (const record of event.Records) {
    const message = JSON.parse(record.body) as ImportMessage;
    const outcome = await runImportStep(message.companyId, message.jobId, Date.now() + stepMs);
    logger.info("Étape d'import de tarif", { ...message, outcome });
    if (outcome === 'more') await enqueueImport(message);
    else if (outcome === 'busy') await enqueueImport(message, 60);
  }
}

/**
 * The local stack's stand-in for the queue: one step of every waiting import, each of at most
 * `stepMs` (its timer calls it again while some remain).
 */
export async function runWaitingImports(localStepMs = 20_000): Promise<number> {
  const jobs = await activeJobs();
  for (const job of jobs) await runImportStep(job.companyId, job.id, Date.now() + localStepMs);
  return jobs.length;
}
