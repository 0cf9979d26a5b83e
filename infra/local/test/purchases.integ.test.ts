import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { startTestStack } from './support.js';
import { currentYear, detailsOf } from './support/answers.js';
import { addProject, addSupplier, companyWithClient } from './support/records.js';

/**
 * Supplier price requests and supplier invoices through the local gateway. The suppliers and
 * projects they link to are written with the data layer (their routes are another feature's).
 */
const stack = await startTestStack();

interface Company {
  client: TestClient;
  companyId: string;
  projectId: string;
  otherProjectId: string;
  supplierId: string;
  otherSupplierId: string;
}

interface SupplierQuoteBody {
  id: string;
  number: string;
  status: string;
  version: number;
  title: string;
  supplierId: string;
  projectId?: string;
  totalAmount: string;
  selected: boolean;
  sentAt?: string;
  receivedAt?: string;
  supplier?: { id: string; name: string };
  project?: { id: string; name: string };
}

interface SupplierInvoiceBody {
  id: string;
  number: string;
  status: string;
  version: number;
  supplierId: string;
  projectId?: string;
  supplierQuoteId?: string;
  totalAmount: string;
  paidAmount: string;
  receivedAt?: string;
  paidAt?: string;
  supplier?: { id: string; name: string };
  project?: { id: string; name: string };
}

let a: Company;
let b: Company;
const year = currentYear;
const unknownId = '0190a0b0-0000-7000-8000-000000000000';

async function company(name: string): Promise<Company> {
  const { http, companyId, clientId, projectId } = await companyWithClient(stack, name);
  const [otherProject, supplier, otherSupplier] = await Promise.all([
    addProject(companyId, clientId, { name: `Autre chantier de ${name}` }),
    addSupplier(companyId, { name: `Négoce de ${name}` }),
    addSupplier(companyId, { name: `Location de ${name}` }),
  ]);
  return {
    client: http,
    companyId,
    projectId,
    otherProjectId: otherProject.id,
    supplierId: supplier.id,
    otherSupplierId: otherSupplier.id,
  };
}

async function newRequest(owner: Company, fields: Record<string, unknown> = {}): Promise<SupplierQuoteBody> {
  const response = await owner.client.post('/api/supplier-quotes', {
    supplierId: owner.supplierId,
    projectId: owner.projectId,
    title: 'Béton prêt à l’emploi',
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body as SupplierQuoteBody;
}

async function newInvoice(
  owner: Company,
  fields: Record<string, unknown> = {},
): Promise<SupplierInvoiceBody> {
  const response = await owner.client.post('/api/supplier-invoices', {
    supplierId: owner.supplierId,
    title: 'Livraison béton',
    totalAmount: '1 250,40',
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body as SupplierInvoiceBody;
}

const recent = (instant: string | undefined) => Date.parse(instant ?? '') > Date.now() - 60_000;

beforeAll(async () => {
  a = await company('Maçonnerie Durand');
  b = await company('Concurrent');
}, 90_000);

describe('POST /api/supplier-quotes', () => {
  it('records a request numbered by the server, never selected', async () => {
    const first = await newRequest(a, {
      totalAmount: '3200.5',
      selected: true,
      number: 'X',
      companyId: b.companyId,
    });
    expect(first).toMatchObject({
      number: `DP-${year}-0001`,
      status: 'draft',
      version: 1,
      companyId: a.companyId,
      supplierId: a.supplierId,
      projectId: a.projectId,
      totalAmount: '3200.50',
      selected: false,
    });
    expect(first.sentAt).toBeUndefined();
    const received = await newRequest(a, { status: 'validated', projectId: 'none' });
    expect(received.number).toBe(`DP-${year}-0002`);
    expect(received.projectId).toBeUndefined();
    expect(recent(received.sentAt) && recent(received.receivedAt)).toBe(true);
  });

  it('answers 400 with the French message of each invalid field', async () => {
    const response = await a.client.post('/api/supplier-quotes', {
      supplierId: '',
      title: '',
      totalAmount: '-5',
      status: 'perdu',
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response.body)).toMatchObject({
      supplierId: 'Le fournisseur est requis',
      title: 'Le titre est requis',
      totalAmount: 'Le montant doit être positif ou nul',
    });
    expect(detailsOf(response.body).status).toBeTruthy();
  });

  it("refuses another company's supplier or project", async () => {
    const response = await a.client.post('/api/supplier-quotes', {
      supplierId: b.supplierId,
      projectId: b.projectId,
      title: 'T',
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response.body)).toEqual({
      supplierId: 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
      projectId: 'Projet introuvable : choisissez un projet de votre entreprise.',
    });
  });
});

describe('GET /api/supplier-quotes', () => {
  it('lists most recent first with supplier and project, limit and cursor', async () => {
    const fresh = await company('Achats');
    const older = await newRequest(fresh);
    const newer = await newRequest(fresh, { projectId: null });
    const response = await fresh.client.get('/api/supplier-quotes');
    expect(response.status).toBe(200);
    const list = response.body as SupplierQuoteBody[];
    expect(list.map((request) => request.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toMatchObject({
      supplier: { id: fresh.supplierId, name: 'Négoce de Achats' },
      project: { id: fresh.projectId, name: 'Chantier de Achats' },
    });
    expect(list[0]?.project).toBeUndefined();
    const page = await fresh.client.get('/api/supplier-quotes?limit=1');
    expect((page.body as SupplierQuoteBody[]).map((request) => request.id)).toEqual([newer.id]);
    const cursor = page.headers.get('x-next-cursor') ?? '';
    const next = await fresh.client.get(`/api/supplier-quotes?limit=1&cursor=${encodeURIComponent(cursor)}`);
    expect((next.body as SupplierQuoteBody[]).map((request) => request.id)).toEqual([older.id]);
    expect(((await b.client.get('/api/supplier-quotes')).body as SupplierQuoteBody[]).length).toBe(0);
  });
});

describe('GET /api/supplier-quotes/{id}', () => {
  it("reads a request with its supplier and project; another company's is 404", async () => {
    const request = await newRequest(a);
    const response = await a.client.get(`/api/supplier-quotes/${request.id}`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: request.id,
      supplier: { id: a.supplierId },
      project: { id: a.projectId },
    });
    const other = await b.client.get(`/api/supplier-quotes/${request.id}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'not_found', message: 'Demande de prix introuvable.' });
    expect((await a.client.get(`/api/supplier-quotes/${unknownId}`)).status).toBe(404);
  });
});

describe('PUT /api/supplier-quotes/{id}', () => {
  it('edits every field but selected, and dates the answer', async () => {
    const request = await newRequest(a);
    const read = (await a.client.get(`/api/supplier-quotes/${request.id}`)).body as SupplierQuoteBody;
    const response = await a.client.put(`/api/supplier-quotes/${request.id}`, {
      ...read,
      status: 'validated',
      totalAmount: '4 800,00',
      supplierId: a.otherSupplierId,
      selected: true,
      number: 'DP-PIRATE',
    });
    expect(response.status).toBe(200);
    const body = response.body as SupplierQuoteBody;
    expect(body).toMatchObject({
      status: 'validated',
      totalAmount: '4800.00',
      supplierId: a.otherSupplierId,
      selected: false,
      number: request.number,
      version: 2,
    });
    expect(recent(body.sentAt) && recent(body.receivedAt)).toBe(true);
    const again = await a.client.put(`/api/supplier-quotes/${request.id}`, {
      ...body,
      title: 'Béton C25/30',
    });
    expect(again.body).toMatchObject({ receivedAt: body.receivedAt, sentAt: body.sentAt });
  });

  it('answers 400 for invalid fields and foreign links, 409 for a stale version, 404 for another company', async () => {
    const request = await newRequest(a);
    const invalid = await a.client.put(`/api/supplier-quotes/${request.id}`, {
      supplierId: a.supplierId,
      title: '',
      validUntil: 'demain',
    });
    expect(detailsOf(invalid.body)).toMatchObject({
      title: 'Le titre est requis',
      validUntil: 'Date invalide : utilisez le format AAAA-MM-JJ, par exemple 2026-11-22',
    });
    const foreign = await a.client.put(`/api/supplier-quotes/${request.id}`, {
      supplierId: b.supplierId,
      projectId: b.projectId,
      title: 'T',
    });
    expect(Object.keys(detailsOf(foreign.body))).toEqual(['supplierId', 'projectId']);
    const body = { supplierId: a.supplierId, title: 'T' };
    expect((await a.client.put(`/api/supplier-quotes/${request.id}`, { ...body, version: 1 })).status).toBe(
      200,
    );
    expect((await a.client.put(`/api/supplier-quotes/${request.id}`, { ...body, version: 1 })).status).toBe(
      409,
    );
    expect(
      (await b.client.put(`/api/supplier-quotes/${request.id}`, { ...body, supplierId: b.supplierId }))
        .status,
    ).toBe(404);
  });
});

describe('POST /api/supplier-quotes/{id}/select', () => {
  it('selects only a received request', async () => {
    const request = await newRequest(a, { status: 'sent' });
    const response = await a.client.post(`/api/supplier-quotes/${request.id}/select`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'conflict',
      message: 'Seule une demande de prix reçue peut être sélectionnée : celle-ci est « Envoyé ».',
    });
    expect((await b.client.post(`/api/supplier-quotes/${request.id}/select`)).status).toBe(404);
  });

  it('selects a received request and unselects the others of the same project only', async () => {
    const fresh = await company('Sélection');
    const first = await newRequest(fresh, { status: 'validated' });
    const second = await newRequest(fresh, { status: 'validated' });
    const elsewhere = await newRequest(fresh, { status: 'validated', projectId: fresh.otherProjectId });
    expect((await fresh.client.post(`/api/supplier-quotes/${elsewhere.id}/select`)).status).toBe(200);

    const selected = await fresh.client.post(`/api/supplier-quotes/${first.id}/select`, { version: 1 });
    expect(selected.status).toBe(200);
    expect(selected.body).toMatchObject({ id: first.id, selected: true, version: 2 });
    const again = await fresh.client.post(`/api/supplier-quotes/${first.id}/select`);
    expect(again.body).toMatchObject({ selected: true, version: 2 });

    const switched = await fresh.client.post(`/api/supplier-quotes/${second.id}/select`);
    expect(switched.body).toMatchObject({ id: second.id, selected: true });
    const list = (await fresh.client.get('/api/supplier-quotes')).body as SupplierQuoteBody[];
    const selectedIds = list.filter((request) => request.selected).map((request) => request.id);
    expect(selectedIds.sort()).toEqual([second.id, elsewhere.id].sort());
    expect(list.find((request) => request.id === first.id)).toMatchObject({ selected: false, version: 3 });
  });

  it('leaves exactly one selected request when two are selected at once', async () => {
    const fresh = await company('Course');
    const requests = await Promise.all([1, 2, 3].map(() => newRequest(fresh, { status: 'validated' })));
    const answers = await Promise.all(
      requests.map((request) => fresh.client.post(`/api/supplier-quotes/${request.id}/select`)),
    );
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const winners = requests
      .filter((_, index) => answers[index]?.status === 200)
      .map((request) => request.id);
    const list = (await fresh.client.get('/api/supplier-quotes')).body as SupplierQuoteBody[];
    const selected = list.filter((request) => request.selected).map((request) => request.id);
    // Never two: each answer 200 took the selection from the one before; a 409 changed nothing.
    expect(selected).toHaveLength(winners.length > 0 ? 1 : 0);
    for (const id of selected) expect(winners).toContain(id);
  });

  it('answers 409 for a stale version', async () => {
    const request = await newRequest(a, { status: 'validated' });
    await a.client.put(`/api/supplier-quotes/${request.id}`, { ...request, title: 'Changé' });
    const response = await a.client.post(`/api/supplier-quotes/${request.id}/select`, { version: 1 });
    expect(response.status).toBe(409);
    expect((await a.client.get(`/api/supplier-quotes/${request.id}`)).body).toMatchObject({
      selected: false,
    });
  });

  it('drops the selection when an edit takes the request out of received or to another project', async () => {
    const request = await newRequest(a, { status: 'validated' });
    const selected = (await a.client.post(`/api/supplier-quotes/${request.id}/select`))
      .body as SupplierQuoteBody;
    const kept = await a.client.put(`/api/supplier-quotes/${request.id}`, {
      ...selected,
      title: 'Béton fibré',
    });
    expect(kept.body).toMatchObject({ selected: true });
    const moved = await a.client.put(`/api/supplier-quotes/${request.id}`, {
      ...(kept.body as SupplierQuoteBody),
      projectId: a.otherProjectId,
    });
    expect(moved.body).toMatchObject({ selected: false, projectId: a.otherProjectId });

    const other = await newRequest(a, { status: 'validated' });
    const picked = (await a.client.post(`/api/supplier-quotes/${other.id}/select`)).body as SupplierQuoteBody;
    const rejected = await a.client.put(`/api/supplier-quotes/${other.id}`, {
      ...picked,
      status: 'rejected',
    });
    expect(rejected.body).toMatchObject({ selected: false, status: 'rejected' });
  });
});

describe('DELETE /api/supplier-quotes/{id}', () => {
  it('deletes a request (204); another company gets 404', async () => {
    const request = await newRequest(a);
    expect((await b.client.delete(`/api/supplier-quotes/${request.id}`)).status).toBe(404);
    const response = await a.client.delete(`/api/supplier-quotes/${request.id}`);
    expect(response.status).toBe(204);
    expect((await a.client.get(`/api/supplier-quotes/${request.id}`)).status).toBe(404);
  });

  it('refuses the selected request and one a supplier invoice refers to', async () => {
    const request = await newRequest(a, { status: 'validated' });
    await a.client.post(`/api/supplier-quotes/${request.id}/select`);
    const selected = await a.client.delete(`/api/supplier-quotes/${request.id}`);
    expect(selected.status).toBe(409);
    expect(selected.body).toMatchObject({
      message:
        'Cette demande de prix est sélectionnée pour son projet : sélectionnez-en une autre ou changez son statut avant de la supprimer.',
    });

    const linked = await newRequest(a);
    await newInvoice(a, { supplierQuoteId: linked.id });
    await newInvoice(a, { supplierQuoteId: linked.id });
    const response = await a.client.delete(`/api/supplier-quotes/${linked.id}`);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      message:
        "Cette demande de prix est liée à 2 factures fournisseurs : supprimez-les ou modifiez-les d'abord.",
    });
  });
});

describe('POST /api/supplier-invoices', () => {
  it('records an invoice numbered by the server, received now', async () => {
    const fresh = await company('Factures');
    const request = await newRequest(fresh);
    const invoice = await newInvoice(fresh, {
      projectId: fresh.projectId,
      supplierQuoteId: request.id,
      dueDate: '2026-12-31',
      number: 'X',
    });
    expect(invoice).toMatchObject({
      number: `FF-${year}-0001`,
      status: 'draft',
      version: 1,
      supplierId: fresh.supplierId,
      projectId: fresh.projectId,
      supplierQuoteId: request.id,
      totalAmount: '1250.40',
      paidAmount: '0.00',
      dueDate: '2026-12-31',
    });
    expect(recent(invoice.receivedAt)).toBe(true);
    const paid = await newInvoice(fresh, { status: 'paid', receivedAt: '2026-01-05T09:00:00+01:00' });
    expect(paid).toMatchObject({
      number: `FF-${year}-0002`,
      paidAmount: '1250.40',
      receivedAt: '2026-01-05T08:00:00.000Z',
    });
    expect(recent(paid.paidAt)).toBe(true);
  });

  it('answers 400 with the French message of each invalid field', async () => {
    const response = await a.client.post('/api/supplier-invoices', {
      paidAmount: '-1',
      dueDate: '2026-02-30',
      status: 'late',
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response.body)).toMatchObject({
      supplierId: 'Le fournisseur est requis',
      totalAmount: 'Le montant total est requis',
      paidAmount: 'Le montant doit être positif ou nul',
      dueDate: 'Date invalide : utilisez le format AAAA-MM-JJ, par exemple 2026-11-22',
    });
    expect(detailsOf(response.body).status).toBeTruthy();
  });

  it("refuses another company's supplier, project or request, and a request of another supplier", async () => {
    const foreignRequest = await newRequest(b);
    const foreign = await a.client.post('/api/supplier-invoices', {
      supplierId: b.supplierId,
      projectId: b.projectId,
      supplierQuoteId: foreignRequest.id,
      totalAmount: 10,
    });
    expect(foreign.status).toBe(400);
    expect(detailsOf(foreign.body)).toEqual({
      supplierId: 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
      projectId: 'Projet introuvable : choisissez un projet de votre entreprise.',
      supplierQuoteId: 'Demande de prix introuvable : choisissez une demande de prix de votre entreprise.',
    });
    const request = await newRequest(a, { supplierId: a.otherSupplierId });
    const mismatch = await a.client.post('/api/supplier-invoices', {
      supplierId: a.supplierId,
      supplierQuoteId: request.id,
      totalAmount: 10,
    });
    expect(mismatch.status).toBe(400);
    expect(detailsOf(mismatch.body)).toEqual({
      supplierQuoteId:
        'Cette demande de prix concerne un autre fournisseur : choisissez une demande de prix de ce fournisseur.',
    });
  });
});

describe('GET /api/supplier-invoices', () => {
  it('lists most recent first with supplier and project, limit and cursor', async () => {
    const fresh = await company('Liste factures');
    const older = await newInvoice(fresh, { projectId: fresh.projectId });
    const newer = await newInvoice(fresh);
    const list = (await fresh.client.get('/api/supplier-invoices')).body as SupplierInvoiceBody[];
    expect(list.map((invoice) => invoice.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toMatchObject({
      supplier: { id: fresh.supplierId, name: 'Négoce de Liste factures' },
      project: { id: fresh.projectId, name: 'Chantier de Liste factures' },
    });
    const page = await fresh.client.get('/api/supplier-invoices?limit=1');
    expect((page.body as SupplierInvoiceBody[]).map((invoice) => invoice.id)).toEqual([newer.id]);
    expect(page.headers.get('x-next-cursor')).toBeTruthy();
    expect(((await b.client.get('/api/supplier-invoices')).body as SupplierInvoiceBody[]).length).toBe(0);
  });
});

describe('GET /api/supplier-invoices/{id}', () => {
  it("reads an invoice with its supplier; another company's is 404", async () => {
    const invoice = await newInvoice(a);
    const response = await a.client.get(`/api/supplier-invoices/${invoice.id}`);
    expect(response.body).toMatchObject({ id: invoice.id, supplier: { id: a.supplierId } });
    const other = await b.client.get(`/api/supplier-invoices/${invoice.id}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'not_found', message: 'Facture fournisseur introuvable.' });
  });
});

describe('PUT /api/supplier-invoices/{id}', () => {
  it('edits the invoice, status included; paying it dates it and pays the total', async () => {
    const invoice = await newInvoice(a);
    // A record made at its TTC alone goes back without the one line it reads as (no VAT rate).
    const paid = await a.client.put(`/api/supplier-invoices/${invoice.id}`, {
      ...invoice,
      lines: undefined,
      status: 'paid',
      totalAmount: '1300',
      receivedAt: null,
    });
    expect(paid.status).toBe(200);
    const body = paid.body as SupplierInvoiceBody;
    expect(body).toMatchObject({ status: 'paid', totalAmount: '1300.00', paidAmount: '1300.00', version: 2 });
    expect(body.receivedAt).toBe(invoice.receivedAt);
    expect(recent(body.paidAt)).toBe(true);
    const partial = await a.client.put(`/api/supplier-invoices/${invoice.id}`, {
      ...body,
      lines: undefined,
      paidAmount: '300',
      paidAt: '2026-03-01T10:00:00Z',
    });
    expect(partial.body).toMatchObject({ paidAmount: '300.00', paidAt: '2026-03-01T10:00:00.000Z' });
  });

  it('answers 400 for invalid fields and foreign links, 409 for a stale version, 404 for another company', async () => {
    const invoice = await newInvoice(a);
    const invalid = await a.client.put(`/api/supplier-invoices/${invoice.id}`, {
      supplierId: a.supplierId,
      totalAmount: 'cher',
    });
    expect(detailsOf(invalid.body)).toEqual({
      totalAmount: 'Montant invalide : utilisez un nombre avec au plus deux décimales, par exemple 1 234,50',
    });
    const foreign = await a.client.put(`/api/supplier-invoices/${invoice.id}`, {
      supplierId: b.supplierId,
      totalAmount: 1,
    });
    expect(Object.keys(detailsOf(foreign.body))).toEqual(['supplierId']);
    const request = await newRequest(a);
    const switched = await a.client.put(`/api/supplier-invoices/${invoice.id}`, {
      supplierId: a.otherSupplierId,
      supplierQuoteId: request.id,
      totalAmount: 1,
    });
    expect(Object.keys(detailsOf(switched.body))).toEqual(['supplierQuoteId']);
    const body = { supplierId: a.supplierId, totalAmount: 1 };
    expect((await a.client.put(`/api/supplier-invoices/${invoice.id}`, { ...body, version: 1 })).status).toBe(
      200,
    );
    expect((await a.client.put(`/api/supplier-invoices/${invoice.id}`, { ...body, version: 1 })).status).toBe(
      409,
    );
    expect(
      (await b.client.put(`/api/supplier-invoices/${invoice.id}`, { ...body, supplierId: b.supplierId }))
        .status,
    ).toBe(404);
  });
});

describe('DELETE /api/supplier-invoices/{id}', () => {
  it('deletes an invoice that is not paid (204); another company gets 404', async () => {
    for (const status of ['draft', 'sent', 'cancelled']) {
      const invoice = await newInvoice(a, { status });
      expect((await b.client.delete(`/api/supplier-invoices/${invoice.id}`)).status).toBe(404);
      expect((await a.client.delete(`/api/supplier-invoices/${invoice.id}`)).status).toBe(204);
      expect((await a.client.get(`/api/supplier-invoices/${invoice.id}`)).status).toBe(404);
    }
  });

  it('refuses a paid invoice (409) and keeps it; once no longer paid it can go', async () => {
    const invoice = await newInvoice(a, { status: 'paid' });
    const refused = await a.client.delete(`/api/supplier-invoices/${invoice.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'conflict',
      message: 'Cette facture fournisseur est payée : elle ne peut plus être supprimée.',
    });
    const kept = await a.client.get(`/api/supplier-invoices/${invoice.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ status: 'paid', version: invoice.version });

    const reopened = await a.client.put(`/api/supplier-invoices/${invoice.id}`, {
      ...(kept.body as SupplierInvoiceBody),
      lines: undefined,
      status: 'sent',
    });
    expect(reopened.status).toBe(200);
    expect((await a.client.delete(`/api/supplier-invoices/${invoice.id}`)).status).toBe(204);
  });
});

describe('access', () => {
  const calls: [string, string][] = [
    ['GET', '/api/supplier-quotes'],
    ['POST', '/api/supplier-quotes'],
    ['GET', `/api/supplier-quotes/${unknownId}`],
    ['PUT', `/api/supplier-quotes/${unknownId}`],
    ['DELETE', `/api/supplier-quotes/${unknownId}`],
    ['POST', `/api/supplier-quotes/${unknownId}/select`],
    ['GET', '/api/supplier-invoices'],
    ['POST', '/api/supplier-invoices'],
    ['GET', `/api/supplier-invoices/${unknownId}`],
    ['PUT', `/api/supplier-invoices/${unknownId}`],
    ['DELETE', `/api/supplier-invoices/${unknownId}`],
  ];

  it('answers 401 without a session on every route', async () => {
    const anonymous = new TestClient(stack.url);
    for (const [method, path] of calls) {
      const response = await anonymous.request(method, path, method === 'GET' ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 403 csrf to writes without the X-Requested-With header, and writes nothing', async () => {
    const request = await newRequest(a, { status: 'validated' });
    const invoice = await newInvoice(a);
    for (const [method, template] of calls.filter(([method]) => method !== 'GET')) {
      const path = template.replace(
        unknownId,
        template.startsWith('/api/supplier-quotes') ? request.id : invoice.id,
      );
      const response = await a.client.request(
        method,
        path,
        { supplierId: a.supplierId, title: 'T' },
        { csrf: false },
      );
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toMatchObject({ error: 'csrf' });
    }
    expect((await a.client.get(`/api/supplier-quotes/${request.id}`)).body).toMatchObject({
      version: 1,
      selected: false,
    });
    expect((await a.client.get(`/api/supplier-invoices/${invoice.id}`)).body).toMatchObject({ version: 1 });
  });
});
