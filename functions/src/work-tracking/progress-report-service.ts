/**
 * Work progress reports (Suivi Travaux), spec section 4: created pending; an edit never changes
 * the status; validate only from pending; sign only from validated, with the signer's name, which
 * also sets the project's progress to the report's; signed is final (no more edits).
 */
import type {
  ProgressReport,
  ProgressReportCreateData,
  ProgressReportListItem,
  ProgressReportSignResult,
  ProgressReportUpdateData,
} from '@btp/shared/entities/progress-report';
import type { Project } from '@btp/shared/entities/project';
import type { ListQuery } from '@btp/shared/list';
import type { Fields, Page } from '../data/entity-repository.js';
import { progressReports } from '../data/entities/progress-reports.js';
import { projects } from '../data/entities/projects.js';
import { nowIso } from '../data/ids.js';
import { withProjectAndClient } from '../data/related.js';
import { transactWrite, type TransactItem } from '../data/transactions.js';
import { badRequest, conflict, HttpError } from '../lib/http-errors.js';

export const progressReportMessages = {
  projectNotFound: 'Projet introuvable dans votre entreprise : choisissez un de vos projets.',
  signedIsFinal: "Cet état d'avancement est signé : il ne peut plus être modifié.",
  alreadyValidated: "Cet état d'avancement est déjà validé.",
  alreadySigned: "Cet état d'avancement est déjà signé.",
  signNeedsValidation: "Cet état d'avancement doit d'abord être validé avant d'être signé.",
  signRaced:
    "Cet état d'avancement ou son projet a été modifié pendant la signature : rechargez la page puis signez à nouveau.",
} as const;

function present(companyId: string, records: ProgressReport[]): Promise<ProgressReportListItem[]> {
  return withProjectAndClient(companyId, records);
}

async function presentOne(companyId: string, record: ProgressReport): Promise<ProgressReportListItem> {
  const [report] = await present(companyId, [record]);
  return report as ProgressReportListItem;
}

async function checkProject(companyId: string, projectId: string): Promise<void> {
  if (!(await projects.get(companyId, projectId))) {
    throw badRequest(undefined, [{ path: 'projectId', message: progressReportMessages.projectNotFound }]);
  }
}

function assertEditable(report: ProgressReport): void {
  if (report.status === 'signed') throw conflict(progressReportMessages.signedIsFinal);
}

/** The company's reports, most recent first, a page at a time. */
export async function listProgressReports(
  companyId: string,
  query: ListQuery,
): Promise<Page<ProgressReportListItem>> {
  const page = await progressReports.list(companyId, query);
  return { items: await present(companyId, page.items), nextCursor: page.nextCursor };
}

export async function getProgressReport(companyId: string, id: string): Promise<ProgressReportListItem> {
  return presentOne(companyId, await progressReports.getOrThrow(companyId, id));
}

/** A new report, always pending. */
export async function createProgressReport(
  companyId: string,
  data: ProgressReportCreateData,
): Promise<ProgressReportListItem> {
  await checkProject(companyId, data.projectId);
  const created = await progressReports.create(companyId, {
    ...data,
    status: 'pending',
  } as Fields<ProgressReport>);
  return presentOne(companyId, created);
}

/**
 * Replaces the editable fields of a pending or validated report; its status and the validation
 * and signature fields are kept. A signed report is final: 409.
 */
export async function updateProgressReport(
  companyId: string,
  id: string,
  body: ProgressReportUpdateData,
): Promise<ProgressReportListItem> {
  const { version, ...fields } = body;
  assertEditable(await progressReports.getOrThrow(companyId, id));
  await checkProject(companyId, fields.projectId);
  const updated = await progressReports.update(
    companyId,
    id,
    (current) => {
      // Checked again on the record the write is guarded by: it may have been signed meanwhile.
      assertEditable(current);
      return {
        ...fields,
        status: current.status,
        validatedAt: current.validatedAt,
        signedAt: current.signedAt,
        signatureData: current.signatureData,
      } as Fields<ProgressReport>;
    },
    { expectedVersion: version },
  );
  return presentOne(companyId, updated);
}

/** pending → validated, `validatedAt` now. */
export async function validateProgressReport(companyId: string, id: string): Promise<ProgressReportListItem> {
  const validated = await progressReports.update(companyId, id, (current) => {
    if (current.status === 'validated') throw conflict(progressReportMessages.alreadyValidated);
    if (current.status === 'signed') throw conflict(progressReportMessages.alreadySigned);
    return { ...current, status: 'validated', validatedAt: nowIso() } as Fields<ProgressReport>;
  });
  return presentOne(companyId, validated);
}

/** How many times signing is tried when the report or its project changed between read and write. */
export const signAttempts = 3;

/**
 * validated → signed, `signedAt` now, `signatureData` the signer's name; in the same transaction
 * the report's project takes the report's `progressPercentage` as its `progress`: a signed report
 * states the progress the client agreed, so the project is set to it, lower than before included.
 * Both writes are guarded by the versions read: when either record changed meanwhile (the project
 * edited, the report edited or signed elsewhere), nothing is written and the signature is tried
 * again on fresh records (a report signed meanwhile is then `alreadySigned`); after
 * `signAttempts` lost races, 409 `signRaced`. A project gone (it cannot be deleted while a report
 * names it) leaves only the report to sign.
 */
export async function signProgressReport(
  companyId: string,
  id: string,
  signerName: string,
): Promise<ProgressReportSignResult> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await progressReports.getOrThrow(companyId, id);
    if (current.status === 'pending') throw conflict(progressReportMessages.signNeedsValidation);
    if (current.status === 'signed') throw conflict(progressReportMessages.alreadySigned);
    const project = await projects.get(companyId, current.projectId);
    const report = progressReports.replaceItem(companyId, current, {
      ...current,
      status: 'signed',
      signedAt: nowIso(),
      signatureData: signerName,
    } as Fields<ProgressReport>);
    const items: TransactItem[] = [report.item];
    let progress: number | undefined;
    if (project) {
      progress = current.progressPercentage;
      items.push(projects.replaceItem(companyId, project, { ...project, progress } as Fields<Project>).item);
    }
    try {
      await transactWrite(items, () => conflict(progressReportMessages.signRaced));
    } catch (error) {
      // A failed version condition, or a transaction that met another one on the same items.
      const raced = error instanceof HttpError && error.statusCode === 409;
      if (raced && attempt < signAttempts) continue;
      throw raced ? conflict(progressReportMessages.signRaced) : error;
    }
    const { project: ref, ...signed } = await presentOne(companyId, report.record);
    return ref && progress !== undefined ? { ...signed, project: { ...ref, progress } } : signed;
  }
}
