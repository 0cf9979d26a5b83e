import { describe, expect, it } from 'vitest';
import { inUseMessage } from '../../../functions/src/clients/in-use.js';
import { documents } from '../../../functions/src/data/entities/documents.js';
import { projects } from '../../../functions/src/data/entities/projects.js';
import { linkChecks } from '../../../functions/src/documents/document-links.js';
import { conflict } from '../../../functions/src/lib/http-errors.js';
import { projectUsage } from '../../../functions/src/projects/project-service.js';
import { createDraftInvoice, invoices } from '../../../functions/src/data/entities/invoices.js';
import { progressReports } from '../../../functions/src/data/entities/progress-reports.js';
import { createQuote, quotes } from '../../../functions/src/data/entities/quotes.js';
import { supplierInvoices } from '../../../functions/src/data/entities/supplier-invoices.js';
import { createSupplierQuote, supplierQuotes } from '../../../functions/src/data/entities/supplier-quotes.js';
import { suppliers } from '../../../functions/src/data/entities/suppliers.js';
import { invoiceCreateInput } from '@btp/shared/entities/invoice';
import { progressReportCreateInput } from '@btp/shared/entities/progress-report';
import { quoteCreateInput } from '@btp/shared/entities/quote';
import { supplierCreateInput } from '@btp/shared/entities/supplier';
import { supplierQuoteCreateInput } from '@btp/shared/entities/supplier-quote';
import type { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';
import { addSupplierInvoice } from './support/records.js';

const stack = await startTestStack();

interface ProjectBody {
  id: string;
  companyId: string;
  name: string;
  clientId: string;
  client?: { id: string; name: string };
  status: string;
  progress: number;
  estimatedBudget?: string;
  actualBudget?: string;
  startDate?: string;
  endDate?: string;
  version: number;
  createdAt: string;
}

const unknownId = '01900000-0000-7000-8000-000000000000';
const unknownClient = 'Client introuvable : choisissez un client de votre entreprise.';
const staleVersion = 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.';

async function createClient(who: TestClient, name: string): Promise<{ id: string; name: string }> {
  const response = await who.post('/api/clients', { name });
  expect(response.status).toBe(201);
  return response.body as { id: string; name: string };
}

async function createProject(who: TestClient, fields: Record<string, unknown>): Promise<ProjectBody> {
  const response = await who.post('/api/projects', fields);
  expect(response.status).toBe(201);
  return response.body as ProjectBody;
}

const details = (body: unknown) => (body as { details: unknown[] }).details;

describe('POST /api/projects', () => {
  it('creates a project with the spec defaults and its client, in the caller’s company', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Projets création');
    const owner = await createClient(client, 'Maison Durand');
    const response = await client.post('/api/projects', {
      name: ' Rénovation cuisine ',
      clientId: owner.id,
      description: 'Dépose et pose d’une cuisine équipée.',
      startDate: '2026-03-02',
      endDate: '2026-04-30T00:00:00.000Z',
      estimatedBudget: '18 500,5',
      actualBudget: 0,
      progress: '',
      location: 'Lyon 3e',
      companyId: unknownId,
    });
    expect(response.status).toBe(201);
    const created = response.body as ProjectBody;
    expect(created).toMatchObject({
      name: 'Rénovation cuisine',
      clientId: owner.id,
      client: { id: owner.id, name: 'Maison Durand' },
      status: 'planning',
      progress: 0,
      startDate: '2026-03-02',
      endDate: '2026-04-30',
      estimatedBudget: '18500.50',
      actualBudget: '0.00',
      location: 'Lyon 3e',
      companyId,
      version: 1,
    });
    expect((await client.get(`/api/projects/${created.id}`)).body).toEqual(created);
    const chosen = await createProject(client, {
      name: 'Toiture',
      clientId: owner.id,
      status: 'on_hold',
      progress: 35,
    });
    expect(chosen).toMatchObject({ status: 'on_hold', progress: 35 });
  });

  it('refuses missing name and client, bad status, progress, budgets and dates with French messages', async () => {
    const { client } = await signedInCompany(stack.url, 'Projets validation');
    const owner = await createClient(client, 'Client');
    const missing = await client.post('/api/projects', { name: '' });
    expect(missing.status).toBe(400);
    expect(details(missing.body)).toEqual([
      { path: 'name', message: 'Le nom du projet est requis' },
      { path: 'clientId', message: 'Le client est requis' },
    ]);
    const wrong = await client.post('/api/projects', {
      name: 'P',
      clientId: owner.id,
      status: 'started',
      progress: 101,
      estimatedBudget: '-1',
      actualBudget: '12.345',
      startDate: '2026-02-30',
    });
    expect(wrong.status).toBe(400);
    const paths = details(wrong.body) as { path: string; message: string }[];
    expect(paths.map((detail) => detail.path)).toEqual([
      'status',
      'startDate',
      'estimatedBudget',
      'actualBudget',
      'progress',
    ]);
    expect(paths).toContainEqual({
      path: 'progress',
      message: "L'avancement doit être un nombre entier entre 0 et 100",
    });
    expect(paths).toContainEqual({ path: 'estimatedBudget', message: 'Le montant doit être positif ou nul' });
    expect(paths).toContainEqual({
      path: 'startDate',
      message: 'Date invalide : utilisez le format AAAA-MM-JJ, par exemple 2026-11-22',
    });
    expect(
      (await client.post('/api/projects', { name: 'P', clientId: owner.id, progress: 12.5 })).status,
    ).toBe(400);
    const reversed = await client.post('/api/projects', {
      name: 'P',
      clientId: owner.id,
      startDate: '2026-05-10',
      endDate: '2026-05-09',
    });
    expect(reversed.status).toBe(400);
    expect(details(reversed.body)).toEqual([
      { path: 'endDate', message: 'La date de fin ne peut pas précéder la date de début' },
    ]);
    expect((await client.get('/api/projects')).body).toEqual([]);
  });

  it('refuses a client of another company or an unknown one, on clientId', async () => {
    const mine = await signedInCompany(stack.url, 'Projets client A');
    const theirs = await signedInCompany(stack.url, 'Projets client B');
    const foreignClient = await createClient(theirs.client, 'Client de B');
    for (const clientId of [foreignClient.id, unknownId]) {
      const response = await mine.client.post('/api/projects', { name: 'Chantier', clientId });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ error: 'validation_error' });
      expect(details(response.body)).toEqual([{ path: 'clientId', message: unknownClient }]);
    }
    expect((await mine.client.get('/api/projects')).body).toEqual([]);
  });

  it('answers 403 without the CSRF header and 401 without a session', async () => {
    const { client } = await signedInCompany(stack.url, 'Projets sécurité');
    const owner = await createClient(client, 'Client');
    const csrf = await client.request(
      'POST',
      '/api/projects',
      { name: 'P', clientId: owner.id },
      { csrf: false },
    );
    expect(csrf.status).toBe(403);
    expect(csrf.body).toMatchObject({ error: 'csrf' });
    client.clearCookies();
    expect((await client.post('/api/projects', { name: 'P', clientId: owner.id })).status).toBe(401);
  });
});

describe('GET /api/projects', () => {
  it('lists the caller’s projects most recent first, each with client{id,name}, page by page', async () => {
    const { client } = await signedInCompany(stack.url, 'Projets liste');
    const other = await signedInCompany(stack.url, 'Projets liste autre');
    await createProject(other.client, {
      name: 'Chantier de B',
      clientId: (await createClient(other.client, 'B')).id,
    });
    const durand = await createClient(client, 'Maison Durand');
    const martin = await createClient(client, 'Boulangerie Martin');
    await createProject(client, { name: 'Alpha', clientId: durand.id });
    await createProject(client, { name: 'Bravo', clientId: martin.id });
    await createProject(client, { name: 'Charlie', clientId: durand.id });

    const all = await client.get('/api/projects');
    expect(all.status).toBe(200);
    const items = all.body as ProjectBody[];
    expect(items.map((item) => [item.name, item.client])).toEqual([
      ['Charlie', { id: durand.id, name: 'Maison Durand' }],
      ['Bravo', { id: martin.id, name: 'Boulangerie Martin' }],
      ['Alpha', { id: durand.id, name: 'Maison Durand' }],
    ]);
    expect(items[0]).not.toHaveProperty('project');

    // A renamed client is seen at once in the list.
    await client.put(`/api/clients/${durand.id}`, { name: 'Maison Durand & Fils' });
    const first = await client.get('/api/projects?limit=2');
    expect((first.body as ProjectBody[]).map((item) => item.client?.name)).toEqual([
      'Maison Durand & Fils',
      'Boulangerie Martin',
    ]);
    const cursor = first.headers.get('x-next-cursor') as string;
    expect(cursor).toBeTruthy();
    const next = await client.get(`/api/projects?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect((next.body as ProjectBody[]).map((item) => item.name)).toEqual(['Alpha']);
    expect(next.headers.get('x-next-cursor')).toBeNull();

    client.clearCookies();
    expect((await client.get('/api/projects')).status).toBe(401);
  });
});

describe('GET /api/projects/{id}', () => {
  it('answers with client{id,name}, and 404 for an unknown id or another company’s project', async () => {
    const owner = await signedInCompany(stack.url, 'Projets lecture A');
    const stranger = await signedInCompany(stack.url, 'Projets lecture B');
    const customer = await createClient(owner.client, 'SCI Les Tilleuls');
    const created = await createProject(owner.client, { name: 'Ravalement', clientId: customer.id });
    const read = await owner.client.get(`/api/projects/${created.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({
      id: created.id,
      client: { id: customer.id, name: 'SCI Les Tilleuls' },
    });
    const foreign = await stranger.client.get(`/api/projects/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'Projet introuvable.' });
    expect((await owner.client.get(`/api/projects/${unknownId}`)).status).toBe(404);
    owner.client.clearCookies();
    expect((await owner.client.get(`/api/projects/${created.id}`)).status).toBe(401);
  });
});

describe('PUT /api/projects/{id}', () => {
  it('replaces the editable fields, ignores read-only ones (client included) and honours the version', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Projets modification');
    const first = await createClient(client, 'Premier client');
    const second = await createClient(client, 'Second client');
    const created = await createProject(client, {
      name: 'Extension',
      clientId: first.id,
      estimatedBudget: '42000',
      location: 'Caluire',
    });
    const updated = await client.put(`/api/projects/${created.id}`, {
      ...created,
      clientId: second.id,
      status: 'in_progress',
      progress: '40',
      location: '',
      client: { id: first.id, name: 'ignoré' },
      companyId: unknownId,
    });
    expect(updated.status).toBe(200);
    const body = updated.body as ProjectBody;
    expect(body).toMatchObject({
      id: created.id,
      companyId,
      clientId: second.id,
      client: { id: second.id, name: 'Second client' },
      status: 'in_progress',
      progress: 40,
      estimatedBudget: '42000.00',
      version: 2,
      createdAt: created.createdAt,
    });
    expect(body).not.toHaveProperty('location');

    const stale = await client.put(`/api/projects/${created.id}`, { ...created, name: 'Autre' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'conflict', message: staleVersion });
    // The whole record is replaced: status and progress fall back to their defaults.
    const reset = await client.put(`/api/projects/${created.id}`, { name: 'Extension', clientId: second.id });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ status: 'planning', progress: 0, version: 3 });
    expect(reset.body).not.toHaveProperty('estimatedBudget');
  });

  it('refuses a foreign client, invalid fields, another company’s project and a missing CSRF header', async () => {
    const owner = await signedInCompany(stack.url, 'Projets modification A');
    const stranger = await signedInCompany(stack.url, 'Projets modification B');
    const customer = await createClient(owner.client, 'Client A');
    const foreignClient = await createClient(stranger.client, 'Client B');
    const created = await createProject(owner.client, { name: 'Isolation', clientId: customer.id });

    const foreign = await owner.client.put(`/api/projects/${created.id}`, {
      name: 'Isolation',
      clientId: foreignClient.id,
    });
    expect(foreign.status).toBe(400);
    expect(details(foreign.body)).toEqual([{ path: 'clientId', message: unknownClient }]);
    const invalid = await owner.client.put(`/api/projects/${created.id}`, {
      name: 'Isolation',
      clientId: customer.id,
      progress: -1,
      status: 'done',
    });
    expect(invalid.status).toBe(400);
    expect((details(invalid.body) as { path: string }[]).map((detail) => detail.path)).toEqual([
      'status',
      'progress',
    ]);
    const reversed = await owner.client.put(`/api/projects/${created.id}`, {
      name: 'Isolation',
      clientId: customer.id,
      startDate: '2026-06-01',
      endDate: '2026-01-01',
    });
    expect(details(reversed.body)).toEqual([
      { path: 'endDate', message: 'La date de fin ne peut pas précéder la date de début' },
    ]);
    const otherCompany = await stranger.client.put(`/api/projects/${created.id}`, {
      name: 'Piraté',
      clientId: foreignClient.id,
    });
    expect(otherCompany.status).toBe(404);
    const csrf = await owner.client.request(
      'PUT',
      `/api/projects/${created.id}`,
      { name: 'X', clientId: customer.id },
      { csrf: false },
    );
    expect(csrf.status).toBe(403);
    const read = (await owner.client.get(`/api/projects/${created.id}`)).body as ProjectBody;
    expect(read).toMatchObject({ name: 'Isolation', clientId: customer.id, version: 1 });
    owner.client.clearCookies();
    expect(
      (await owner.client.put(`/api/projects/${created.id}`, { name: 'X', clientId: customer.id })).status,
    ).toBe(401);
  });
});

describe('DELETE /api/projects/{id}', () => {
  it('deletes an unused project (204); its client can then be deleted', async () => {
    const { client } = await signedInCompany(stack.url, 'Projets suppression');
    const customer = await createClient(client, 'Client');
    const created = await createProject(client, { name: 'Chantier éphémère', clientId: customer.id });
    expect((await client.delete(`/api/clients/${customer.id}`)).status).toBe(409);
    const removed = await client.delete(`/api/projects/${created.id}`);
    expect(removed.status).toBe(204);
    expect((await client.get(`/api/projects/${created.id}`)).status).toBe(404);
    expect((await client.delete(`/api/clients/${customer.id}`)).status).toBe(204);
  });

  it('refuses while quotes, invoices, supplier records, progress reports or documents use it, naming them', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Projets utilisés');
    const customer = await createClient(client, 'Client');
    const project = await createProject(client, { name: 'Chantier occupé', clientId: customer.id });
    const supplier = await suppliers.create(companyId, supplierCreateInput.parse({ name: 'Fournisseur' }));
    const projectId = project.id;
    const quote = await createQuote(
      companyId,
      quoteCreateInput.parse({ title: 'Devis', clientId: customer.id, projectId }),
    );
    const invoices_ = await Promise.all(
      ['Acompte', 'Solde'].map((title) =>
        createDraftInvoice(
          companyId,
          invoiceCreateInput.parse({ title, clientId: customer.id, projectId, totalAmount: '10' }),
        ),
      ),
    );
    const supplierQuote = await createSupplierQuote(
      companyId,
      supplierQuoteCreateInput.parse({ supplierId: supplier.id, projectId, title: 'Demande' }),
    );
    const supplierInvoice = await addSupplierInvoice(companyId, supplier.id, {
      projectId,
      title: 'FF',
      totalAmount: '5',
    });
    const reports = await Promise.all(
      [10, 20, 30].map((progressPercentage) =>
        progressReports.create(companyId, {
          ...progressReportCreateInput.parse({
            projectId,
            title: `Situation ${progressPercentage}`,
            progressPercentage,
          }),
          status: 'pending',
        }),
      ),
    );
    const document = await documents.create(companyId, {
      name: 'Photo.jpg',
      originalName: 'Photo.jpg',
      type: 'photo',
      tags: [],
      projectId,
    });

    const refused = await client.delete(`/api/projects/${projectId}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'conflict',
      message:
        "Ce projet est utilisé par 1 devis, 2 factures, 1 demande de prix, 1 facture fournisseur, 3 états d'avancement et 1 document : supprimez-les ou modifiez-les d'abord.",
    });

    await quotes.remove(companyId, quote.id);
    for (const invoice of invoices_) await invoices.remove(companyId, invoice.id);
    await supplierQuotes.remove(companyId, supplierQuote.id);
    await supplierInvoices.remove(companyId, supplierInvoice.id);
    for (const report of reports) await progressReports.remove(companyId, report.id);
    const onlyDocument = await client.delete(`/api/projects/${projectId}`);
    expect(onlyDocument.status).toBe(409);
    expect(onlyDocument.body).toMatchObject({
      message: "Ce projet est utilisé par 1 document : supprimez-le ou modifiez-le d'abord.",
    });
    await documents.remove(companyId, document.id);
    expect((await client.delete(`/api/projects/${projectId}`)).status).toBe(204);
  });

  it('sees a link written between its count and the deletion (409); refuses one written after it (400)', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Projets course directe');
    const customer = await createClient(client, 'Client');
    const project = await createProject(client, { name: 'Chantier disputé', clientId: customer.id });
    const supplier = await suppliers.create(companyId, supplierCreateInput.parse({ name: 'Fournisseur' }));
    let checks = 0;
    const deletion = projects.removeUnlessUsed(companyId, project.id, async () => {
      checks += 1;
      const message = inUseMessage('Ce projet', await projectUsage(companyId, project.id));
      // The first count found nothing; a supplier quote is linked right after it.
      if (checks === 1)
        await createSupplierQuote(
          companyId,
          supplierQuoteCreateInput.parse({
            supplierId: supplier.id,
            projectId: project.id,
            title: 'Demande',
          }),
        );
      return message ? conflict(message) : undefined;
    });
    await expect(deletion).rejects.toMatchObject({
      statusCode: 409,
      message: "Ce projet est utilisé par 1 demande de prix : supprimez-la ou modifiez-la d'abord.",
    });
    expect(checks).toBe(2);
    expect((await client.get(`/api/projects/${project.id}`)).status).toBe(200);

    const empty = await createProject(client, { name: 'Chantier vide', clientId: customer.id });
    expect((await client.delete(`/api/projects/${empty.id}`)).status).toBe(204);
    const photo = {
      name: 'Photo.jpg',
      originalName: 'Photo.jpg',
      type: 'photo' as const,
      tags: [],
      projectId: empty.id,
    };
    // A write that links the deleted project is refused on its field by its own transaction,
    // even past the service's own check (the repositories are called directly here).
    const refusals = await Promise.all(
      [
        createQuote(
          companyId,
          quoteCreateInput.parse({ title: 'Devis', clientId: customer.id, projectId: empty.id }),
        ),
        createDraftInvoice(
          companyId,
          invoiceCreateInput.parse({
            title: 'Facture',
            clientId: customer.id,
            projectId: empty.id,
            totalAmount: '1',
          }),
        ),
        addSupplierInvoice(companyId, supplier.id, { projectId: empty.id, title: 'FF', totalAmount: '5' }),
        progressReports.create(companyId, {
          ...progressReportCreateInput.parse({
            projectId: empty.id,
            title: 'Situation',
            progressPercentage: 10,
          }),
          status: 'pending',
        }),
        documents.create(companyId, photo, linkChecks(companyId, photo, 'upload')),
      ].map((write) =>
        write.then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({
        statusCode: 400,
        details: [{ path: 'projectId', message: expect.stringMatching(/^Projet introuvable/) as unknown }],
      });
    }
    expect(refusals).toHaveLength(5);
    const stored: { projectId?: string }[][] = await Promise.all([
      quotes.listAll(companyId, ['projectId']),
      invoices.listAll(companyId, ['projectId']),
      supplierInvoices.listAll(companyId, ['projectId']),
      progressReports.listAll(companyId, ['projectId']),
      documents.listAll(companyId, ['projectId']),
    ]);
    expect(stored.flat().filter((record) => record.projectId === empty.id)).toEqual([]);
  });

  it('never leaves a record created during the deletion pointing at a deleted project', async () => {
    const { client } = await signedInCompany(stack.url, 'Projets course');
    const customer = await createClient(client, 'Client');
    const supplierResponse = await client.post('/api/suppliers', { name: 'Fournisseur' });
    expect(supplierResponse.status).toBe(201);
    const supplierId = (supplierResponse.body as { id: string }).id;
    const created: string[] = [];
    // Four rounds of the real race through the gateway (each ~60 table requests). Both of its
    // outcomes are proved in a set order by 'sees a link written between its count and the deletion
    // (409); refuses one written after it (400)' above: eight rounds only drew more samples of them.
    for (let round = 0; round < 4; round += 1) {
      const target = await createProject(client, {
        name: `Chantier disputé ${round}`,
        clientId: customer.id,
      });
      const projectId = target.id;
      const [removed, ...responses] = await Promise.all([
        client.delete(`/api/projects/${projectId}`),
        client.post('/api/quotes', { title: `Devis ${round}`, clientId: customer.id, projectId }),
        client.post('/api/invoices', {
          title: `Facture ${round}`,
          clientId: customer.id,
          projectId,
          totalAmount: '100',
        }),
        client.post('/api/supplier-quotes', { title: `Demande ${round}`, supplierId, projectId }),
        client.post('/api/supplier-invoices', {
          title: `FF ${round}`,
          supplierId,
          projectId,
          totalAmount: '10',
        }),
        client.post('/api/progress-reports', {
          title: `Situation ${round}`,
          projectId,
          progressPercentage: 10,
        }),
      ]);
      if (removed.status === 204) {
        // The project went first: each creation was refused on its field, none was written.
        for (const response of responses) {
          expect(response.status).toBe(400);
          expect(response.body).toMatchObject({
            details: [
              { path: 'projectId', message: expect.stringMatching(/^Projet introuvable/) as unknown },
            ],
          });
        }
      } else {
        expect(removed.status).toBe(409);
        expect(removed.body).toMatchObject({ message: expect.stringMatching(/^Ce projet est utilisé par /) });
      }
      for (const response of responses) {
        if (response.status === 201) created.push(projectId);
        else expect(response.status).toBe(400);
      }
    }
    for (const projectId of created) {
      expect((await client.get(`/api/projects/${projectId}`)).status).toBe(200);
    }
  });

  it('answers 404 for another company’s project, 403 without CSRF, 401 without a session', async () => {
    const owner = await signedInCompany(stack.url, 'Projets suppression A');
    const stranger = await signedInCompany(stack.url, 'Projets suppression B');
    const customer = await createClient(owner.client, 'Client');
    const created = await createProject(owner.client, { name: 'Chantier protégé', clientId: customer.id });
    const foreign = await stranger.client.delete(`/api/projects/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'Projet introuvable.' });
    const csrf = await owner.client.request('DELETE', `/api/projects/${created.id}`, undefined, {
      csrf: false,
    });
    expect(csrf.status).toBe(403);
    owner.client.clearCookies();
    expect((await owner.client.delete(`/api/projects/${created.id}`)).status).toBe(401);
    expect((await stranger.client.get('/api/projects')).body).toEqual([]);
  });
});
