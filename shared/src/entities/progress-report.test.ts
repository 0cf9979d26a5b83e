import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import {
  progressReportCreateInput,
  progressReportListItemSchema,
  progressReportSignInput,
  progressReportUpdateInput,
} from './progress-report.js';

const PROJECT = '0190a5f0-2222-7abc-8def-0123456789ab';
const CLIENT = '0190a5f0-1234-7abc-8def-0123456789ab';

describe('progress report schemas', () => {
  it('require a project, a title and a percentage', () => {
    expect(validationDetails(progressReportCreateInput.safeParse({ progressPercentage: '' }).error!)).toEqual(
      [
        { path: 'projectId', message: 'Le projet est requis' },
        { path: 'title', message: 'Le titre est requis' },
        { path: 'progressPercentage', message: "Le pourcentage d'avancement est requis" },
      ],
    );
  });

  it('keep the percentage a whole number from 0 to 100', () => {
    for (const progressPercentage of [-1, 101, '50.5']) {
      expect(
        validationDetails(
          progressReportCreateInput.safeParse({ projectId: PROJECT, title: 'S1', progressPercentage }).error!,
        ),
      ).toEqual([
        {
          path: 'progressPercentage',
          message: "Le pourcentage d'avancement doit être un nombre entier entre 0 et 100",
        },
      ]);
    }
  });

  it('create pending reports only', () => {
    const body = { projectId: PROJECT, title: 'Semaine 12', progressPercentage: '40', totalPlanned: '1000' };
    expect(progressReportCreateInput.parse(body)).toEqual({
      projectId: PROJECT,
      title: 'Semaine 12',
      progressPercentage: 40,
      totalPlanned: '1000.00',
      status: 'pending',
    });
    expect(progressReportCreateInput.parse({ ...body, status: 'pending' }).status).toBe('pending');
    expect(progressReportCreateInput.safeParse({ ...body, status: 'signed' }).success).toBe(false);
  });

  it('never take a status on update', () => {
    const data = progressReportUpdateInput.parse({
      projectId: PROJECT,
      title: 'S1',
      progressPercentage: 60,
      status: 'signed',
      validatedAt: '2026-01-02T03:04:05.000Z',
      version: 5,
    });
    expect(data).toEqual({ projectId: PROJECT, title: 'S1', progressPercentage: 60, version: 5 });
  });

  it('carry the project and its client in lists', () => {
    const item = progressReportListItemSchema.parse({
      id: '0190a5f0-4444-7abc-8def-0123456789ab',
      companyId: '0190a5f0-0000-7abc-8def-0123456789ab',
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 1,
      projectId: PROJECT,
      title: 'S1',
      progressPercentage: 10,
      status: 'validated',
      project: { id: PROJECT, name: 'Villa', client: { id: CLIENT, name: 'ACME' } },
    });
    expect(item.project?.client?.name).toBe('ACME');
  });

  it('require a signer name to sign', () => {
    expect(validationDetails(progressReportSignInput.safeParse({ signerName: '  ' }).error!)).toEqual([
      { path: 'signerName', message: 'Le nom du signataire est requis' },
    ]);
    expect(progressReportSignInput.parse({ signerName: ' M. Dupont ' })).toEqual({ signerName: 'M. Dupont' });
  });
});
