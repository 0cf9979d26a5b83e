import { clientCreateInput } from '@btp/shared/entities/client';
import { progressReportCreateInput } from '@btp/shared/entities/progress-report';
import { projectCreateInput, type Project } from '@btp/shared/entities/project';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testCompanyId } from '../../test/company.js';
import type { Fields } from '../data/entity-repository.js';
import { clients } from '../data/entities/clients.js';
import { progressReports } from '../data/entities/progress-reports.js';
import { projects } from '../data/entities/projects.js';
import { HttpError } from '../lib/http-errors.js';
import {
  createProgressReport,
  progressReportMessages,
  signAttempts,
  signProgressReport,
  validateProgressReport,
} from './progress-report-service.js';

afterEach(() => {
  vi.restoreAllMocks();
});

/** A company with a project at `progress` % and a validated report of it at `percentage` %. */
async function validatedReport(progress: number, percentage: number) {
  const companyId = testCompanyId();
  const client = await clients.create(companyId, clientCreateInput.parse({ name: 'Garnier SARL' }));
  const project = await projects.create(
    companyId,
    projectCreateInput.parse({ name: 'Extension Garnier', clientId: client.id, progress }),
  );
  const report = await createProgressReport(
    companyId,
    progressReportCreateInput.parse({
      projectId: project.id,
      title: 'Situation n°3',
      progressPercentage: percentage,
    }),
  );
  await validateProgressReport(companyId, report.id);
  return { companyId, projectId: project.id, reportId: report.id };
}

/** Someone edits the project's notes right after the signature read it (before its write). */
function projectEditedAfterEachRead(times: number) {
  const read = projects.get.bind(projects);
  let edits = 0;
  return vi.spyOn(projects, 'get').mockImplementation(async (companyId, id) => {
    const project = await read(companyId, id);
    if (project && edits < times) {
      edits += 1;
      await projects.update(
        companyId,
        id,
        (current) => ({ ...current, notes: `Modifié ${edits}` }) as Fields<Project>,
      );
    }
    return project;
  });
}

async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('signing a progress report sets its project’s progress', () => {
  it('sets the project to the signed percentage, in the answer too', async () => {
    const { companyId, projectId, reportId } = await validatedReport(65, 70);
    const signed = await signProgressReport(companyId, reportId, 'Jeanne Durand');
    expect(signed).toMatchObject({
      status: 'signed',
      signatureData: 'Jeanne Durand',
      version: 3,
      project: { id: projectId, name: 'Extension Garnier', progress: 70, client: { name: 'Garnier SARL' } },
    });
    expect(await projects.get(companyId, projectId)).toMatchObject({ progress: 70, version: 2 });
  });

  it('sets it even when lower: the signed report is what the client agreed', async () => {
    const { companyId, projectId, reportId } = await validatedReport(80, 70);
    expect((await signProgressReport(companyId, reportId, 'Jeanne Durand')).project?.progress).toBe(70);
    expect((await projects.get(companyId, projectId))?.progress).toBe(70);
  });

  it('tries again when the project changed meanwhile, keeping that change', async () => {
    const { companyId, projectId, reportId } = await validatedReport(65, 70);
    const spy = projectEditedAfterEachRead(1);
    const signed = await signProgressReport(companyId, reportId, 'Jeanne Durand');
    expect(spy).toHaveBeenCalledTimes(2);
    expect(signed).toMatchObject({ status: 'signed', project: { progress: 70 } });
    expect(await projects.get(companyId, projectId)).toMatchObject({
      progress: 70,
      notes: 'Modifié 1',
      version: 3,
    });
  });

  it('writes nothing and answers 409 when the project keeps changing', async () => {
    const { companyId, projectId, reportId } = await validatedReport(65, 70);
    projectEditedAfterEachRead(signAttempts);
    const error = await failure(signProgressReport(companyId, reportId, 'Jeanne Durand'));
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe(progressReportMessages.signRaced);
    expect(await progressReports.get(companyId, reportId)).toMatchObject({ status: 'validated', version: 2 });
    expect(await projects.get(companyId, projectId)).toMatchObject({
      progress: 65,
      notes: `Modifié ${signAttempts}`,
    });
  });

  it('signs once when two signatures race; the other is told it is already signed', async () => {
    const { companyId, projectId, reportId } = await validatedReport(65, 70);
    const results = await Promise.allSettled([
      signProgressReport(companyId, reportId, 'Jeanne Durand'),
      signProgressReport(companyId, reportId, 'Paul Martin'),
    ]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const [refused] = results.filter((result) => result.status === 'rejected');
    expect((refused?.reason as HttpError | undefined)?.statusCode).toBe(409);
    expect(await progressReports.get(companyId, reportId)).toMatchObject({ status: 'signed', version: 3 });
    expect(await projects.get(companyId, projectId)).toMatchObject({ progress: 70, version: 2 });
  });

  it('leaves the project alone when the report cannot be signed', async () => {
    const { companyId, projectId, reportId } = await validatedReport(65, 70);
    await signProgressReport(companyId, reportId, 'Jeanne Durand');
    const error = await failure(signProgressReport(companyId, reportId, 'Paul Martin'));
    expect(error.message).toBe(progressReportMessages.alreadySigned);
    expect(await projects.get(companyId, projectId)).toMatchObject({ progress: 70, version: 2 });
  });
});
