/**
 * Running an accounting export (docs/accounting.md, « FEC export »): the worker function's work (15
 * minutes, more memory), handed over by the route (`export-handoff.ts`: an asynchronous invocation on
 * AWS; on the local stack, where every function runs in the one process, this module loaded and run
 * there after the answer). Whatever stops it, the job says so: a failure is recorded
 * with a French message, and a worker that died is seen by its stale heartbeat (`export-jobs.ts`).
 */
import { exportMessages } from '@btp/shared/accounting/export-messages';
import type { ExportMessage } from './export-message.js';
import { getCompanyProfile } from '../company/company-service.js';
import { HttpError } from '../lib/http-errors.js';
import { logger } from '../lib/logger.js';
import { readChart } from './chart-service.js';
import { finishExportJob, markExportProgress, readExportJob } from './export-jobs.js';

export type { ExportMessage } from './export-message.js';

/** The worker's work: builds the files and records the outcome on the job. Never throws. */
export async function runExport({ companyId, jobId }: ExportMessage, now: Date = new Date()): Promise<void> {
  try {
    const job = await readExportJob(companyId, jobId, now.getTime());
    if (job.status !== 'running') return;
    // The FEC writer and its encoder (iconv-lite, ~500 kB) load when the work runs: the worker's
    // start and the local stack's process without them (bench:lambda's 600 kB budget).
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
