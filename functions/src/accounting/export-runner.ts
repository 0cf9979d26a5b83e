/**
 * Starting and running an accounting export (docs/accounting.md, « FEC export »). On AWS the route
 * hands the job to its worker function by an asynchronous invocation (15 minutes, more memory; the
 * route answers at once); on the local stack, where every function runs in the one process, the
 * same work runs there after the answer. Whatever stops it, the job says so: a failure is recorded
 * with a French message, and a worker that died is seen by its stale heartbeat (`export-jobs.ts`).
 */
import type { LambdaClient } from '@aws-sdk/client-lambda';
import { exportMessages } from '@btp/shared/accounting/export-messages';
import { getCompanyProfile } from '../company/company-service.js';
import { config } from '../lib/config.js';
import { HttpError } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import { readChart } from './chart-service.js';
import { finishExportJob, markExportProgress, readExportJob } from './export-jobs.js';

/** What the worker receives. */
export interface ExportMessage {
  companyId: string;
  jobId: string;
}

let lambda: LambdaClient | undefined;

/** Hands a created job to its worker (AWS) or runs it in this process after the answer (local). */
export async function startExport(message: ExportMessage): Promise<void> {
  const functionName = config().ACCOUNTING_EXPORT_FUNCTION;
  if (functionName) {
    // Loaded here: `GET /api/accounting/exports/{id}` shares this module and never invokes.
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
  setImmediate(() => void runExport(message));
}

/** The worker's work: builds the files and records the outcome on the job. Never throws. */
export async function runExport({ companyId, jobId }: ExportMessage, now: Date = new Date()): Promise<void> {
  try {
    const job = await readExportJob(companyId, jobId, now.getTime());
    if (job.status !== 'running') return;
    // The FEC writer and its encoder (iconv-lite, ~500 kB) load in the worker only: the two routes
    // that share this module start without them (bench:lambda's 600 kB budget).
    const { buildExport, exportDay } = await import('./fec-export.js');
    const [company, chart] = await Promise.all([getCompanyProfile(companyId), readChart(companyId)]);
    const result = await buildExport({
      companyId,
      jobId,
      siren: company.siren ?? '',
      vatOnReceipts: company.vatRegime !== 'franchise' && company.vatOnDebits !== true,
      chart,
      from: job.from,
      to: job.to,
      today: exportDay(now),
      progress: (read) => markExportProgress(companyId, jobId, read),
    });
    await finishExportJob(companyId, jobId, { status: 'done', ...result });
  } catch (error) {
    logger.error('Export comptable en échec', { companyId, jobId, error });
    const message =
      error instanceof HttpError && error.statusCode < 500 ? error.message : exportMessages.failed;
    await finishExportJob(companyId, jobId, { status: 'failed', message }).catch((cause: unknown) =>
      logger.error("Export comptable : l'échec n'a pas pu être enregistré", { companyId, jobId, cause }),
    );
  }
}
