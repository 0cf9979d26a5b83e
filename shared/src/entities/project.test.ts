import { describe, expect, it } from 'vitest';
import { validationDetails } from '../validation.js';
import { projectCreateInput, projectListItemSchema, projectUpdateInput } from './project.js';

const CLIENT = '0190a5f0-1234-7abc-8def-0123456789ab';
const PROJECT = '0190a5f0-2222-7abc-8def-0123456789ab';
const COMPANY = '0190a5f0-0000-7abc-8def-0123456789ab';

describe('project schemas', () => {
  it('require a name and a client', () => {
    expect(validationDetails(projectCreateInput.safeParse({ clientId: '' }).error!)).toEqual([
      { path: 'name', message: 'Le nom du projet est requis' },
      { path: 'clientId', message: 'Le client est requis' },
    ]);
  });

  it('apply the defaults on create: planning, progress 0', () => {
    expect(projectCreateInput.parse({ name: 'Villa', clientId: CLIENT })).toEqual({
      name: 'Villa',
      clientId: CLIENT,
      status: 'planning',
      progress: 0,
    });
  });

  it('turn a blank progress into 0 and keep it a whole number from 0 to 100', () => {
    expect(projectCreateInput.parse({ name: 'V', clientId: CLIENT, progress: '' }).progress).toBe(0);
    expect(projectCreateInput.parse({ name: 'V', clientId: CLIENT, progress: '45' }).progress).toBe(45);
    for (const progress of [101, -1, 12.5]) {
      expect(
        validationDetails(projectCreateInput.safeParse({ name: 'V', clientId: CLIENT, progress }).error!),
      ).toEqual([{ path: 'progress', message: "L'avancement doit être un nombre entier entre 0 et 100" }]);
    }
  });

  it('read dates sent as text, and budgets as money of at least 0', () => {
    const data = projectCreateInput.parse({
      name: 'V',
      clientId: CLIENT,
      startDate: '2026-03-01',
      endDate: '2026-09-30T00:00:00.000Z',
      estimatedBudget: '125 000,5',
      actualBudget: 99.99,
    });
    expect(data).toMatchObject({
      startDate: '2026-03-01',
      endDate: '2026-09-30',
      estimatedBudget: '125000.50',
      actualBudget: '99.99',
    });
    expect(
      validationDetails(
        projectCreateInput.safeParse({ name: 'V', clientId: CLIENT, estimatedBudget: '-1' }).error!,
      ),
    ).toEqual([{ path: 'estimatedBudget', message: 'Le montant doit être positif ou nul' }]);
  });

  it('refuses a status outside the enumeration', () => {
    expect(projectCreateInput.safeParse({ name: 'V', clientId: CLIENT, status: 'archived' }).success).toBe(
      false,
    );
  });

  it('take back a list item on update: the embedded client and read-only fields are dropped', () => {
    const item = projectListItemSchema.parse({
      id: PROJECT,
      companyId: COMPANY,
      createdAt: '2026-01-02T03:04:05.000Z',
      updatedAt: '2026-01-02T03:04:05.000Z',
      version: 2,
      name: 'Villa',
      clientId: CLIENT,
      status: 'in_progress',
      progress: 30,
      client: { id: CLIENT, name: 'ACME' },
    });
    expect(item.client).toEqual({ id: CLIENT, name: 'ACME' });
    expect(projectUpdateInput.parse(item)).toEqual({
      name: 'Villa',
      clientId: CLIENT,
      status: 'in_progress',
      progress: 30,
      version: 2,
    });
  });
});
