/**
 * `GET /api/accounting/exports/{id}` (docs/api/accounting.md): the export job's progress, then its
 * summary and its files, presigned again at each poll of a finished job (5 minutes). Apart from the
 * export's start (`export-service.ts`, its worker and the chart of accounts' schema, hence zod), so
 * that the polled route starts without them (issue 27, `bench:lambda`).
 */
import type { ExportJob } from '@btp/shared/accounting/export';
import { presignedDownload } from '../documents/presigned-download.js';
import { publicFiles, readExportJob, type StoredExportJob } from './export-jobs.js';

/** A job as the API answers it, with its files' URLs when given. */
export function answerOf(job: StoredExportJob, urls?: string[]): ExportJob {
  const { companyId: _company, heartbeatAt: _heartbeat, files, ...rest } = job;
  return {
    ...rest,
    files: publicFiles(files).map((file, index) => ({ ...file, ...(urls ? { url: urls[index] } : {}) })),
  };
}

export async function accountingExport(companyId: string, id: string): Promise<ExportJob> {
  const job = await readExportJob(companyId, id);
  if (job.status !== 'done') return answerOf(job);
  const urls = await Promise.all(
    (job.files ?? []).map((file) =>
      presignedDownload(file.key, {
        fileName: file.name,
        mimeType: file.kind === 'fec' ? 'text/plain; charset=iso-8859-15' : 'text/csv; charset=utf-8',
        inline: false,
      }),
    ),
  );
  return answerOf(job, urls);
}
