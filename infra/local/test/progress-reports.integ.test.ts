import { projectCreateInput } from '@btp/shared/entities/project';
import { beforeAll, describe, expect, it } from 'vitest';
import { projects } from '../../../functions/src/data/entities/projects.js';
import { TestClient } from './http-client.js';
import { startTestStack } from './support.js';
import { companyWithClient } from './support/records.js';

const stack = await startTestStack();

interface Report {
  id: string;
  companyId: string;
  projectId: string;
  title: string;
  description?: string;
  status: string;
  progressPercentage: number;
  totalPlanned?: string;
  totalRealized?: string;
  validatedAt?: string;
  signedAt?: string;
  signatureData?: string;
  version: number;
  project?: { id: string; name: string; progress?: number; client?: { id: string; name: string } };
}

interface Project {
  id: string;
  name: string;
  progress: number;
  version: number;
}

interface Company {
  http: TestClient;
  companyId: string;
  clientId: string;
  projectId: string;
}

// The project a report names is created through the repositories (projects are another
// feature), in the company of the signed-in user.
function seededCompany(name: string): Promise<Company> {
  return companyWithClient(stack, name);
}

let a: Company;
let b: Company;
const unknownId = '0190a7c4-0000-7000-8000-000000000000';

const fields = (company: Company, extra: Record<string, unknown> = {}) => ({
  projectId: company.projectId,
  title: 'Gros œuvre — semaine 12',
  progressPercentage: 40,
  ...extra,
});

async function createReport(company: Company, extra: Record<string, unknown> = {}): Promise<Report> {
  const response = await company.http.post('/api/progress-reports', {
    ...fields(company, extra),
    status: 'pending',
  });
  expect(response.status).toBe(201);
  return response.body as Report;
}

const patch = (company: Company, path: string, body?: unknown, options?: { csrf?: boolean }) =>
  company.http.request('PATCH', path, body, options);

async function validated(company: Company): Promise<Report> {
  const report = await createReport(company);
  const response = await patch(company, `/api/progress-reports/${report.id}/validate`);
  expect(response.status).toBe(200);
  return response.body as Report;
}

async function signed(company: Company): Promise<Report> {
  const report = await validated(company);
  const response = await patch(company, `/api/progress-reports/${report.id}/sign`, {
    signerName: 'Jeanne Durand',
  });
  expect(response.status).toBe(200);
  return response.body as Report;
}

beforeAll(async () => {
  a = await seededCompany('Alpha');
  b = await seededCompany('Bravo');
}, 90_000);

describe('POST /api/progress-reports', () => {
  it('creates a pending report with its project and the project’s client', async () => {
    const response = await a.http.post('/api/progress-reports', {
      ...fields(a),
      status: 'pending',
      description: 'Coulage des fondations',
      workCompleted: 'Fondations',
      nextSteps: 'Élévation des murs',
      totalPlanned: '12 000,00',
      totalRealized: 4800,
      companyId: b.companyId,
      validatedAt: '2026-01-01T00:00:00Z',
      signatureData: 'Faux',
    });
    expect(response.status).toBe(201);
    const report = response.body as Report;
    expect(report).toMatchObject({
      companyId: a.companyId,
      status: 'pending',
      progressPercentage: 40,
      totalPlanned: '12000.00',
      totalRealized: '4800.00',
      workCompleted: 'Fondations',
      version: 1,
      project: {
        id: a.projectId,
        name: 'Chantier de Alpha',
        client: { id: a.clientId, name: 'Client de Alpha' },
      },
    });
    expect(report.validatedAt).toBeUndefined();
    expect(report.signatureData).toBeUndefined();

    // Without a status it is pending too.
    expect(((await a.http.post('/api/progress-reports', fields(a))).body as Report).status).toBe('pending');
  });

  it('answers the French message of each invalid field', async () => {
    const response = await a.http.post('/api/progress-reports', {
      projectId: '',
      title: '',
      totalPlanned: -1,
      status: 'signed',
    });
    expect(response.status).toBe(400);
    expect((response.body as { details: unknown[] }).details).toEqual(
      expect.arrayContaining([
        { path: 'projectId', message: 'Le projet est requis' },
        { path: 'title', message: 'Le titre est requis' },
        { path: 'progressPercentage', message: "Le pourcentage d'avancement est requis" },
        { path: 'totalPlanned', message: 'Le montant doit être positif ou nul' },
        { path: 'status', message: "Un nouvel état d'avancement est toujours en attente" },
      ]),
    );
    for (const progressPercentage of [101, -1, 12.5, 'beaucoup']) {
      const invalid = await a.http.post('/api/progress-reports', fields(a, { progressPercentage }));
      expect(invalid.status).toBe(400);
      expect((invalid.body as { details: unknown[] }).details).toEqual([
        {
          path: 'progressPercentage',
          message: "Le pourcentage d'avancement doit être un nombre entier entre 0 et 100",
        },
      ]);
    }
  });

  it('refuses a project of another company', async () => {
    const response = await a.http.post('/api/progress-reports', fields(a, { projectId: b.projectId }));
    expect(response.status).toBe(400);
    expect((response.body as { details: unknown[] }).details).toEqual([
      {
        path: 'projectId',
        message: 'Projet introuvable dans votre entreprise : choisissez un de vos projets.',
      },
    ]);
  });
});

describe('GET /api/progress-reports and /api/progress-reports/{id}', () => {
  it('lists the company’s reports, most recent first, a page at a time', async () => {
    const first = await createReport(a, { title: 'Premier' });
    const second = await createReport(a, { title: 'Second' });
    const list = await a.http.get('/api/progress-reports');
    expect(list.status).toBe(200);
    const items = list.body as Report[];
    expect(items.slice(0, 2).map((report) => report.id)).toEqual([second.id, first.id]);
    expect(items[0]?.project).toEqual({
      id: a.projectId,
      name: 'Chantier de Alpha',
      client: { id: a.clientId, name: 'Client de Alpha' },
    });
    expect(items.every((report) => report.companyId === a.companyId)).toBe(true);

    const page = await a.http.get('/api/progress-reports?limit=1');
    expect((page.body as Report[]).map((report) => report.id)).toEqual([second.id]);
    const cursor = page.headers.get('x-next-cursor') as string;
    const next = await a.http.get(`/api/progress-reports?limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect((next.body as Report[]).map((report) => report.id)).toEqual([first.id]);
  });

  it('reads one report; another company’s or an unknown id is not found', async () => {
    const report = await createReport(a);
    const read = await a.http.get(`/api/progress-reports/${report.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: report.id, project: { id: a.projectId } });
    for (const response of [
      await b.http.get(`/api/progress-reports/${report.id}`),
      await a.http.get(`/api/progress-reports/${unknownId}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'État d’avancement introuvable.' });
    }
  });
});

describe('PUT /api/progress-reports/{id}', () => {
  it('replaces the editable fields and never changes the status', async () => {
    const report = await createReport(a, { description: 'À effacer' });
    const response = await a.http.put(`/api/progress-reports/${report.id}`, {
      ...report,
      title: 'Titre corrigé',
      progressPercentage: '55',
      description: null,
      status: 'signed',
      signatureData: 'Quelqu’un',
      version: report.version,
    });
    expect(response.status).toBe(200);
    const updated = response.body as Report;
    expect(updated).toMatchObject({
      title: 'Titre corrigé',
      progressPercentage: 55,
      status: 'pending',
      version: 2,
    });
    expect(updated.description).toBeUndefined();
    expect(updated.signatureData).toBeUndefined();

    const done = await validated(a);
    const edited = await a.http.put(`/api/progress-reports/${done.id}`, fields(a, { status: 'pending' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'validated', validatedAt: done.validatedAt });
  });

  it('refuses a stale version, invalid fields, a foreign project, another company’s id', async () => {
    const report = await createReport(a);
    expect((await a.http.put(`/api/progress-reports/${report.id}`, fields(a, { version: 1 }))).status).toBe(
      200,
    );
    const stale = await a.http.put(`/api/progress-reports/${report.id}`, fields(a, { version: 1 }));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
    });
    const invalid = await a.http.put(`/api/progress-reports/${report.id}`, fields(a, { title: ' ' }));
    expect((invalid.body as { details: unknown[] }).details).toEqual([
      { path: 'title', message: 'Le titre est requis' },
    ]);
    const foreign = await a.http.put(
      `/api/progress-reports/${report.id}`,
      fields(a, { projectId: b.projectId }),
    );
    expect(foreign.status).toBe(400);
    expect((await b.http.put(`/api/progress-reports/${report.id}`, fields(b))).status).toBe(404);
    expect((await a.http.put(`/api/progress-reports/${unknownId}`, fields(a))).status).toBe(404);
  });

  it('refuses to edit a signed report', async () => {
    const report = await signed(a);
    const response = await a.http.put(`/api/progress-reports/${report.id}`, fields(a));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'conflict',
      message: "Cet état d'avancement est signé : il ne peut plus être modifié.",
    });
  });
});

describe('PATCH /api/progress-reports/{id}/validate', () => {
  it('moves a pending report to validated, once', async () => {
    const report = await createReport(a);
    const before = Date.now();
    const response = await patch(a, `/api/progress-reports/${report.id}/validate`);
    expect(response.status).toBe(200);
    const done = response.body as Report;
    expect(done).toMatchObject({ status: 'validated', version: 2, project: { id: a.projectId } });
    expect(Date.parse(done.validatedAt as string)).toBeGreaterThanOrEqual(before - 1000);

    const again = await patch(a, `/api/progress-reports/${report.id}/validate`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'conflict', message: "Cet état d'avancement est déjà validé." });
  });

  it('refuses a signed report and another company’s report', async () => {
    const report = await signed(a);
    const response = await patch(a, `/api/progress-reports/${report.id}/validate`, {});
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'conflict', message: "Cet état d'avancement est déjà signé." });
    const pending = await createReport(a);
    expect((await patch(b, `/api/progress-reports/${pending.id}/validate`)).status).toBe(404);
    expect((await a.http.get(`/api/progress-reports/${pending.id}`)).body).toMatchObject({
      status: 'pending',
    });
  });
});

describe('PATCH /api/progress-reports/{id}/sign', () => {
  it('signs a validated report with the signer’s name, once', async () => {
    const report = await validated(a);
    const before = Date.now();
    const response = await patch(a, `/api/progress-reports/${report.id}/sign`, {
      signerName: '  Jeanne Durand ',
    });
    expect(response.status).toBe(200);
    const done = response.body as Report;
    expect(done).toMatchObject({
      status: 'signed',
      signatureData: 'Jeanne Durand',
      validatedAt: report.validatedAt,
    });
    expect(Date.parse(done.signedAt as string)).toBeGreaterThanOrEqual(before - 1000);

    const again = await patch(a, `/api/progress-reports/${report.id}/sign`, { signerName: 'Autre' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'conflict', message: "Cet état d'avancement est déjà signé." });
  });

  it('sets the report’s project to the signed percentage, on the project and in the lists', async () => {
    const project = await projects.create(
      a.companyId,
      projectCreateInput.parse({ name: 'Maison Dupont', clientId: a.clientId, progress: 65 }),
    );
    const report = await createReport(a, { projectId: project.id, progressPercentage: 70 });
    expect((await patch(a, `/api/progress-reports/${report.id}/validate`)).status).toBe(200);
    // Validating does not touch the project: only the client's signature does.
    expect(((await a.http.get(`/api/projects/${project.id}`)).body as Project).progress).toBe(65);

    const response = await patch(a, `/api/progress-reports/${report.id}/sign`, {
      signerName: 'Jeanne Durand',
    });
    expect(response.status).toBe(200);
    expect((response.body as Report).project).toEqual({
      id: project.id,
      name: 'Maison Dupont',
      progress: 70,
      client: { id: a.clientId, name: 'Client de Alpha' },
    });
    const read = await a.http.get(`/api/projects/${project.id}`);
    expect(read.body).toMatchObject({ id: project.id, progress: 70, version: 2 });
    // The project cards (Projets, Tableau de bord) read the list.
    const list = (await a.http.get('/api/projects')).body as Project[];
    expect(list.find((item) => item.id === project.id)?.progress).toBe(70);
    // Other answers keep `project{id,name,client}`.
    expect((await a.http.get(`/api/progress-reports/${report.id}`)).body).toMatchObject({
      project: { id: project.id, name: 'Maison Dupont' },
    });
  });

  it('sets a lower percentage too, and leaves the project alone when signing is refused', async () => {
    const project = await projects.create(
      a.companyId,
      projectCreateInput.parse({ name: 'École Jaurès', clientId: a.clientId, progress: 80 }),
    );
    const report = await createReport(a, { projectId: project.id, progressPercentage: 70 });
    const early = await patch(a, `/api/progress-reports/${report.id}/sign`, { signerName: 'Jeanne Durand' });
    expect(early.status).toBe(409);
    expect((await a.http.get(`/api/projects/${project.id}`)).body).toMatchObject({
      progress: 80,
      version: 1,
    });

    expect((await patch(a, `/api/progress-reports/${report.id}/validate`)).status).toBe(200);
    const done = await patch(a, `/api/progress-reports/${report.id}/sign`, { signerName: 'Jeanne Durand' });
    expect(done.status).toBe(200);
    expect((done.body as Report).project?.progress).toBe(70);
    expect((await a.http.get(`/api/projects/${project.id}`)).body).toMatchObject({
      progress: 70,
      version: 2,
    });

    const again = await patch(a, `/api/progress-reports/${report.id}/sign`, { signerName: 'Autre' });
    expect(again.status).toBe(409);
    expect((await a.http.get(`/api/projects/${project.id}`)).body).toMatchObject({
      progress: 70,
      version: 2,
    });
  });

  it('refuses a pending report, an empty signer name, another company’s report', async () => {
    const report = await createReport(a);
    const early = await patch(a, `/api/progress-reports/${report.id}/sign`, { signerName: 'Jeanne Durand' });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      error: 'conflict',
      message: "Cet état d'avancement doit d'abord être validé avant d'être signé.",
    });

    const done = await validated(a);
    for (const body of [{ signerName: '' }, { signerName: '   ' }, {}]) {
      const empty = await patch(a, `/api/progress-reports/${done.id}/sign`, body);
      expect(empty.status).toBe(400);
      expect((empty.body as { details: unknown[] }).details).toEqual([
        { path: 'signerName', message: 'Le nom du signataire est requis' },
      ]);
    }
    expect((await patch(b, `/api/progress-reports/${done.id}/sign`, { signerName: 'X' })).status).toBe(404);
    expect((await a.http.get(`/api/progress-reports/${done.id}`)).body).toMatchObject({
      status: 'validated',
    });
  });
});

describe('access', () => {
  it('refuses writes without the CSRF header', async () => {
    const report = await createReport(a);
    const calls: [string, string][] = [
      ['POST', '/api/progress-reports'],
      ['PUT', `/api/progress-reports/${report.id}`],
      ['PATCH', `/api/progress-reports/${report.id}/validate`],
      ['PATCH', `/api/progress-reports/${report.id}/sign`],
    ];
    for (const [method, path] of calls) {
      const response = await a.http.request(method, path, { ...fields(a), signerName: 'X' }, { csrf: false });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toMatchObject({ error: 'csrf' });
    }
    expect((await a.http.get(`/api/progress-reports/${report.id}`)).body).toMatchObject({
      status: 'pending',
      version: 1,
    });
  });

  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(stack.url);
    const calls: [string, string][] = [
      ['GET', '/api/progress-reports'],
      ['POST', '/api/progress-reports'],
      ['GET', `/api/progress-reports/${unknownId}`],
      ['PUT', `/api/progress-reports/${unknownId}`],
      ['PATCH', `/api/progress-reports/${unknownId}/validate`],
      ['PATCH', `/api/progress-reports/${unknownId}/sign`],
    ];
    for (const [method, path] of calls) {
      const response = await anonymous.request(method, path, method === 'GET' ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toMatchObject({ error: 'unauthenticated' });
    }
  });
});
