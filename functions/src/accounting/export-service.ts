/**
 * `POST /api/accounting/exports` and `GET /api/accounting/exports/{id}` (docs/api/accounting.md):
 * an export job is created, handed to its worker, and polled until its files are ready; each poll of
 * a finished job presigns its files again (5 minutes): `export-status.ts`.
 */
import type { ExportData, ExportJob } from '@btp/shared/accounting/export';
import { exportMessages } from '@btp/shared/accounting/export-messages';
import { getCompanyProfile } from '../company/company-service.js';
import { conflict } from '../lib/http-errors.js';
import { createExportJob, finishExportJob } from './export-jobs.js';
import { startExport } from './export-handoff.js';
import { answerOf } from './export-status.js';

export const missingSirenMessage =
  "Le SIREN de l'entreprise nomme le FEC : renseignez le SIRET dans Paramètres avant d'exporter.";

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
