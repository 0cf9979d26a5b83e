/**
 * `POST /api/accounting/exports` and `GET /api/accounting/exports/{id}` (docs/api/accounting.md):
 * an export job is created, handed to its worker, and polled until its files are ready; each poll of
 * a finished job presigns its files again (5 minutes).
 */
import { exportMessages, type ExportData, type ExportJob } from '@btp/shared/accounting/export';
import { getCompanyProfile } from '../company/company-service.js';
import { presignedDownload } from '../documents/presigned-download.js';
import { conflict } from '../lib/http-errors.js';
import {
  createExportJob,
  finishExportJob,
  publicFiles,
  readExportJob,
  type StoredExportJob,
} from './export-jobs.js';
import { startExport } from './export-runner.js';

export const missingSirenMessage =
  "Le SIREN de l'entreprise nomme le FEC : renseignez le SIRET dans Paramètres avant d'exporter.";

function answerOf(job: StoredExportJob, urls?: string[]): ExportJob {
  const { companyId: _company, heartbeatAt: _heartbeat, files, ...rest } = job;
  return {
    ...rest,
    files: publicFiles(files).map((file, index) => ({ ...file, ...(urls ? { url: urls[index] } : {}) })),
  };
}

export async function startAccountingExport(companyId: string, period: ExportData): Promise<ExportJob> {
  const company = await getCompanyProfile(companyId);
  if (!company.siren) throw conflict(missingSirenMessage);
  const job = await createExportJob(companyId, period);
  try {
    await startExport({ companyId, jobId: job.id });
  } catch (error) {
    await finishExportJob(companyId, job.id, { status: 'failed', message: exportMessages.failed });
    throw error;
  }
  return answerOf(job);
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
