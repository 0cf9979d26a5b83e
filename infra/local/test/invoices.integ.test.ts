import { clientCreateInput } from '@btp/shared/entities/client';
import { projectCreateInput } from '@btp/shared/entities/project';
import { quoteCreateInput } from '@btp/shared/entities/quote';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { projects } from '../../../functions/src/data/entities/projects.js';
import { createQuote } from '../../../functions/src/data/entities/quotes.js';
import { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;

interface Invoice {
  id: string;
  number?: string;
  status: string;
  title: string;
  totalAmount: string;
  paidAmount: string;
  dueDate?: string;
  sentAt?: string;
  paidAt?: string;
  version: number;
  clientId: string;
  projectId?: string;
  client?: { id: string; name: string };
  project?: { id: string; name: string };
}

interface Company {
  http: TestClient;
  companyId: string;
  clientId: string;
  projectId: string;
  quoteId: string;
  otherClientId: string;
  otherProjectId: string;
  otherQuoteId: string;
}

// Records the invoices name are created through the repositories (their own routes belong to
// other features), in the company of the signed-in user.
async function seededCompany(name: string): Promise<Company> {
  const { client: http, companyId } = await signedInCompany(stack.url, name);
  const client = await clients.create(companyId, clientCreateInput.parse({ name: `Client de ${name}` }));
  const other = await clients.create(companyId, clientCreateInput.parse({ name: `Autre client de ${name}` }));
  const project = await projects.create(
    companyId,
    projectCreateInput.parse({ name: `Chantier de ${name}`, clientId: client.id }),
  );
  const otherProject = await projects.create(
    companyId,
    projectCreateInput.parse({ name: `Autre chantier de ${name}`, clientId: other.id }),
  );
  const quote = await createQuote(
    companyId,
    quoteCreateInput.parse({ title: 'Devis', clientId: client.id, projectId: project.id }),
  );
  const otherQuote = await createQuote(
    companyId,
    quoteCreateInput.parse({ title: 'Devis', clientId: other.id }),
  );
  return {
    http,
    companyId,
    clientId: client.id,
    projectId: project.id,
    quoteId: quote.id,
    otherClientId: other.id,
    otherProjectId: otherProject.id,
    otherQuoteId: otherQuote.id,
  };
}

function shiftDate(date: string, days: number): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

const today = () => calendarDateInFrance();
const year = () => today().slice(0, 4);

let a: Company;
let b: Company;

async function createDraft(company: Company, fields: Record<string, unknown> = {}): Promise<Invoice> {
  const response = await company.http.post('/api/invoices', {
    clientId: company.clientId,
    title: 'Travaux de maçonnerie',
    totalAmount: '1 234,50',
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body as Invoice;
}

async function sent(company: Company, fields: Record<string, unknown> = {}): Promise<Invoice> {
  const draft = await createDraft(company, fields);
  const response = await company.http.post(`/api/invoices/${draft.id}/send`);
  expect(response.status).toBe(200);
  return response.body as Invoice;
}

const unknownId = '0190a7c4-0000-7000-8000-000000000000';

beforeAll(async () => {
  stack = await startTestStack();
  a = await seededCompany('Alpha');
  b = await seededCompany('Bravo');
}, 90_000);

afterAll(async () => {
  await stack?.dispose();
});

describe('POST /api/invoices', () => {
  it('creates a draft without a number, nothing paid, with its client and project', async () => {
    const response = await a.http.post('/api/invoices', {
      clientId: a.clientId,
      projectId: a.projectId,
      quoteId: a.quoteId,
      title: '  Situation n°1  ',
      totalAmount: '1 234,5',
      paidAmount: '500',
      dueDate: '2030-01-31',
      status: 'paid',
      number: 'FAC-1999-0001',
      companyId: b.companyId,
      items: [{ designation: 'Maçonnerie', montant: '1234.50' }],
    });
    expect(response.status).toBe(201);
    const invoice = response.body as Invoice & { companyId: string; quoteId: string };
    expect(invoice).toMatchObject({
      status: 'draft',
      title: 'Situation n°1',
      totalAmount: '1234.50',
      paidAmount: '0.00',
      dueDate: '2030-01-31',
      companyId: a.companyId,
      clientId: a.clientId,
      projectId: a.projectId,
      quoteId: a.quoteId,
      client: { id: a.clientId, name: 'Client de Alpha' },
      project: { id: a.projectId, name: 'Chantier de Alpha' },
      version: 1,
    });
    expect(invoice.number).toBeUndefined();
    expect(invoice.sentAt).toBeUndefined();
  });

  it('answers the French message of each invalid field', async () => {
    const response = await a.http.post('/api/invoices', {
      clientId: '',
      title: ' ',
      dueDate: '31/01/2030',
      projectId: 'pas-un-id',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      error: 'validation_error',
      message: 'Certaines données sont invalides.',
    });
    const details = (response.body as { details: { path: string; message: string }[] }).details;
    expect(details).toEqual(
      expect.arrayContaining([
        { path: 'clientId', message: 'Le client est requis' },
        { path: 'title', message: 'Le titre est requis' },
        { path: 'totalAmount', message: 'Le montant total est requis' },
        { path: 'dueDate', message: 'Date invalide : utilisez le format AAAA-MM-JJ, par exemple 2026-11-22' },
        { path: 'projectId', message: 'Identifiant invalide' },
      ]),
    );

    const negative = await a.http.post('/api/invoices', {
      clientId: a.clientId,
      title: 'T',
      totalAmount: -5,
    });
    expect(negative.status).toBe(400);
    expect((negative.body as { details: unknown[] }).details).toEqual([
      { path: 'totalAmount', message: 'Le montant doit être positif ou nul' },
    ]);
    const unreadable = await a.http.post('/api/invoices', {
      clientId: a.clientId,
      title: 'T',
      totalAmount: '12,345',
    });
    expect((unreadable.body as { details: unknown[] }).details).toEqual([
      {
        path: 'totalAmount',
        message: 'Montant invalide : utilisez un nombre avec au plus deux décimales, par exemple 1 234,50',
      },
    ]);
  });

  it('refuses a client, project or quote that is not the company’s, or not the client’s', async () => {
    const foreign = await a.http.post('/api/invoices', {
      clientId: b.clientId,
      projectId: b.projectId,
      quoteId: b.quoteId,
      title: 'T',
      totalAmount: 10,
    });
    expect(foreign.status).toBe(400);
    expect((foreign.body as { details: unknown[] }).details).toEqual([
      {
        path: 'clientId',
        message: 'Client introuvable dans votre entreprise : choisissez un de vos clients.',
      },
      {
        path: 'projectId',
        message: 'Projet introuvable dans votre entreprise : choisissez un de vos projets.',
      },
      { path: 'quoteId', message: 'Devis introuvable dans votre entreprise : choisissez un de vos devis.' },
    ]);

    const mismatched = await a.http.post('/api/invoices', {
      clientId: a.clientId,
      projectId: a.otherProjectId,
      quoteId: a.otherQuoteId,
      title: 'T',
      totalAmount: 10,
    });
    expect(mismatched.status).toBe(400);
    expect((mismatched.body as { details: unknown[] }).details).toEqual([
      {
        path: 'projectId',
        message: 'Ce projet appartient à un autre client : choisissez un projet du client facturé.',
      },
      {
        path: 'quoteId',
        message: 'Ce devis a été établi pour un autre client : choisissez un devis du client facturé.',
      },
    ]);
  });
});

describe('GET /api/invoices and /api/invoices/{id}', () => {
  it('lists the company’s invoices, most recent first, a page at a time', async () => {
    const first = await createDraft(a, { title: 'Première' });
    const second = await createDraft(a, { title: 'Deuxième', projectId: a.projectId });
    const list = await a.http.get('/api/invoices');
    expect(list.status).toBe(200);
    const items = list.body as Invoice[];
    expect(items[0]?.id).toBe(second.id);
    expect(items[1]?.id).toBe(first.id);
    expect(items[0]).toMatchObject({
      client: { id: a.clientId, name: 'Client de Alpha' },
      project: { id: a.projectId, name: 'Chantier de Alpha' },
    });
    expect(items.some((invoice) => invoice.clientId === b.clientId)).toBe(false);

    const page = await a.http.get('/api/invoices?limit=1');
    expect((page.body as Invoice[]).map((invoice) => invoice.id)).toEqual([second.id]);
    const cursor = page.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await a.http.get(`/api/invoices?limit=1&cursor=${encodeURIComponent(cursor as string)}`);
    expect((next.body as Invoice[]).map((invoice) => invoice.id)).toEqual([first.id]);

    const badLimit = await a.http.get('/api/invoices?limit=0');
    expect(badLimit.status).toBe(400);
    expect((badLimit.body as { details: unknown[] }).details).toEqual([
      { path: 'query.limit', message: 'La limite doit être un nombre entier entre 1 et 1 000' },
    ]);
  });

  it('reads one invoice; another company’s or an unknown id is not found', async () => {
    const invoice = await createDraft(a);
    const read = await a.http.get(`/api/invoices/${invoice.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: invoice.id, client: { id: a.clientId } });

    for (const response of [
      await b.http.get(`/api/invoices/${invoice.id}`),
      await a.http.get(`/api/invoices/${unknownId}`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: 'not_found', message: 'Facture introuvable.' });
    }
  });
});

describe('PUT /api/invoices/{id}', () => {
  it('replaces the editable fields of a draft and ignores read-only ones', async () => {
    const draft = await createDraft(a, { dueDate: '2030-01-01', description: 'À effacer' });
    const response = await a.http.put(`/api/invoices/${draft.id}`, {
      ...draft,
      title: 'Titre corrigé',
      totalAmount: 2000,
      projectId: a.projectId,
      description: '',
      status: 'paid',
      number: 'FAC-2000-0001',
      paidAmount: '2000',
      version: draft.version,
    });
    expect(response.status).toBe(200);
    const updated = response.body as Invoice & { description?: string };
    expect(updated).toMatchObject({
      title: 'Titre corrigé',
      totalAmount: '2000.00',
      status: 'draft',
      paidAmount: '0.00',
      project: { id: a.projectId },
      version: draft.version + 1,
    });
    expect(updated.number).toBeUndefined();
    expect(updated.description).toBeUndefined();
  });

  it('refuses a stale version, invalid fields, another company’s id', async () => {
    const draft = await createDraft(a);
    const body = { clientId: a.clientId, title: 'X', totalAmount: 1 };
    expect((await a.http.put(`/api/invoices/${draft.id}`, { ...body, version: draft.version })).status).toBe(
      200,
    );
    const stale = await a.http.put(`/api/invoices/${draft.id}`, { ...body, version: draft.version });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      error: 'conflict',
      message: 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
    });

    const invalid = await a.http.put(`/api/invoices/${draft.id}`, { ...body, title: '' });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { details: unknown[] }).details).toEqual([
      { path: 'title', message: 'Le titre est requis' },
    ]);

    const foreignClient = await a.http.put(`/api/invoices/${draft.id}`, { ...body, clientId: b.clientId });
    expect(foreignClient.status).toBe(400);

    expect((await b.http.put(`/api/invoices/${draft.id}`, { ...body, clientId: b.clientId })).status).toBe(
      404,
    );
    expect((await a.http.put(`/api/invoices/${unknownId}`, body)).status).toBe(404);
  });

  it('refuses to edit an invoice once sent', async () => {
    const invoice = await sent(a);
    const response = await a.http.put(`/api/invoices/${invoice.id}`, {
      clientId: a.clientId,
      title: 'Trop tard',
      totalAmount: 1,
    });
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      error: 'conflict',
      message: `La facture ${invoice.number} a déjà été envoyée : seule une facture en brouillon peut être modifiée.`,
    });
  });
});

describe('POST /api/invoices/{id}/send', () => {
  it('numbers invoices FAC-<year>-<4 digits>, gapless and per company, and sets sentAt', async () => {
    const before = Date.now();
    const first = await sent(b);
    expect(first).toMatchObject({ status: 'sent', number: `FAC-${year()}-0001` });
    expect(Date.parse(first.sentAt as string)).toBeGreaterThanOrEqual(before - 1000);

    // Three sent at once still take consecutive numbers.
    const drafts = await Promise.all([createDraft(b), createDraft(b), createDraft(b)]);
    const answers = await Promise.all(drafts.map((draft) => b.http.post(`/api/invoices/${draft.id}/send`)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => (answer.body as Invoice).number).sort()).toEqual([
      `FAC-${year()}-0002`,
      `FAC-${year()}-0003`,
      `FAC-${year()}-0004`,
    ]);
  });

  it('refuses to send an invoice twice, and another company’s invoice', async () => {
    const invoice = await sent(a);
    const again = await a.http.post(`/api/invoices/${invoice.id}/send`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'conflict',
      message: `La facture ${invoice.number} a déjà été envoyée : seule une facture en brouillon peut être envoyée.`,
    });
    const draft = await createDraft(a);
    expect((await b.http.post(`/api/invoices/${draft.id}/send`)).status).toBe(404);
    expect((await a.http.get(`/api/invoices/${draft.id}`)).body).toMatchObject({ status: 'draft' });
  });
});

describe('overdue', () => {
  it('reads overdue once the due date is past for a sent invoice, never for a draft', async () => {
    const yesterday = shiftDate(today(), -1);
    const late = await sent(a, { dueDate: yesterday });
    expect(late.status).toBe('overdue');
    expect((await a.http.get(`/api/invoices/${late.id}`)).body).toMatchObject({ status: 'overdue' });
    const listed = (await a.http.get('/api/invoices')).body as Invoice[];
    expect(listed.find((invoice) => invoice.id === late.id)?.status).toBe('overdue');

    const dueToday = await sent(a, { dueDate: today() });
    expect(dueToday.status).toBe('sent');

    const draft = await createDraft(a, { dueDate: yesterday });
    expect(draft.status).toBe('draft');
  });
});

describe('POST /api/invoices/{id}/pay', () => {
  it('marks a sent invoice paid with its total, now, by default', async () => {
    const invoice = await sent(a);
    const before = Date.now();
    const response = await a.http.post(`/api/invoices/${invoice.id}/pay`);
    expect(response.status).toBe(200);
    const paid = response.body as Invoice;
    expect(paid).toMatchObject({ status: 'paid', paidAmount: '1234.50', number: invoice.number });
    expect(Date.parse(paid.paidAt as string)).toBeGreaterThanOrEqual(before - 1000);

    const again = await a.http.post(`/api/invoices/${invoice.id}/pay`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'conflict',
      message: `La facture ${invoice.number} est déjà payée.`,
    });
  });

  it('pays an overdue invoice with a given amount and date; a paid invoice is never overdue', async () => {
    const invoice = await sent(a, { dueDate: shiftDate(today(), -10), totalAmount: '10000' });
    expect(invoice.status).toBe('overdue');
    const response = await a.http.post(`/api/invoices/${invoice.id}/pay`, {
      paidAmount: '9 500,00',
      paidAt: '2026-01-15T10:30:00+01:00',
      version: invoice.version,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      status: 'paid',
      paidAmount: '9500.00',
      paidAt: '2026-01-15T09:30:00.000Z',
    });
  });

  it('refuses a draft, an amount above the total or zero, a future date, invalid values', async () => {
    const draft = await createDraft(a);
    const early = await a.http.post(`/api/invoices/${draft.id}/pay`);
    expect(early.status).toBe(409);
    expect(early.body).toEqual({
      error: 'conflict',
      message: 'Cette facture est encore un brouillon : envoyez-la avant de la marquer payée.',
    });

    const invoice = await sent(a);
    const tooMuch = await a.http.post(`/api/invoices/${invoice.id}/pay`, { paidAmount: '1234.51' });
    expect(tooMuch.status).toBe(400);
    expect((tooMuch.body as { details: unknown[] }).details).toEqual([
      {
        path: 'paidAmount',
        message:
          'Le montant payé ne peut pas dépasser le montant total de la facture (1\u202f234,50\u00a0€).',
      },
    ]);
    const zero = await a.http.post(`/api/invoices/${invoice.id}/pay`, { paidAmount: 0 });
    expect((zero.body as { details: unknown[] }).details).toEqual([
      { path: 'paidAmount', message: 'Le montant payé doit être supérieur à 0.' },
    ]);
    const future = await a.http.post(`/api/invoices/${invoice.id}/pay`, {
      paidAt: `${shiftDate(today(), 2)}T12:00:00Z`,
    });
    expect((future.body as { details: unknown[] }).details).toEqual([
      { path: 'paidAt', message: 'La date de paiement ne peut pas être dans le futur.' },
    ]);
    const invalid = await a.http.post(`/api/invoices/${invoice.id}/pay`, {
      paidAmount: 'beaucoup',
      paidAt: 'hier',
    });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { details: { path: string }[] }).details.map((detail) => detail.path)).toEqual([
      'paidAmount',
      'paidAt',
    ]);
    const stale = await a.http.post(`/api/invoices/${invoice.id}/pay`, { version: invoice.version - 1 });
    expect(stale.status).toBe(409);

    expect((await b.http.post(`/api/invoices/${invoice.id}/pay`)).status).toBe(404);
    expect((await a.http.get(`/api/invoices/${invoice.id}`)).body).toMatchObject({ status: 'sent' });
  });
});

describe('DELETE /api/invoices/{id}', () => {
  it('deletes a draft', async () => {
    const draft = await createDraft(a);
    expect((await b.http.delete(`/api/invoices/${draft.id}`)).status).toBe(404);
    const response = await a.http.delete(`/api/invoices/${draft.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await a.http.get(`/api/invoices/${draft.id}`)).status).toBe(404);
    expect((await a.http.delete(`/api/invoices/${draft.id}`)).status).toBe(404);
  });

  it('never deletes a numbered invoice, sent or paid', async () => {
    const invoice = await sent(a);
    const message = `La facture ${invoice.number} a été émise : la loi interdit de supprimer une facture numérotée. Pour l'annuler, établissez un avoir.`;
    const response = await a.http.delete(`/api/invoices/${invoice.id}`);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'conflict', message });
    await a.http.post(`/api/invoices/${invoice.id}/pay`);
    expect((await a.http.delete(`/api/invoices/${invoice.id}`)).body).toEqual({ error: 'conflict', message });
    expect((await a.http.get(`/api/invoices/${invoice.id}`)).status).toBe(200);
  });
});

describe('access', () => {
  it('refuses writes without the CSRF header', async () => {
    const draft = await createDraft(a);
    const calls: [string, string][] = [
      ['POST', '/api/invoices'],
      ['PUT', `/api/invoices/${draft.id}`],
      ['DELETE', `/api/invoices/${draft.id}`],
      ['POST', `/api/invoices/${draft.id}/send`],
      ['POST', `/api/invoices/${draft.id}/pay`],
    ];
    for (const [method, path] of calls) {
      const response = await a.http.request(
        method,
        path,
        { clientId: a.clientId, title: 'T', totalAmount: 1 },
        { csrf: false },
      );
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toMatchObject({ error: 'csrf' });
    }
    expect((await a.http.get(`/api/invoices/${draft.id}`)).body).toMatchObject({
      status: 'draft',
      version: 1,
    });
  });

  it('answers 401 without a session', async () => {
    const anonymous = new TestClient(stack.url);
    const calls: [string, string][] = [
      ['GET', '/api/invoices'],
      ['POST', '/api/invoices'],
      ['GET', `/api/invoices/${unknownId}`],
      ['PUT', `/api/invoices/${unknownId}`],
      ['DELETE', `/api/invoices/${unknownId}`],
      ['POST', `/api/invoices/${unknownId}/send`],
      ['POST', `/api/invoices/${unknownId}/pay`],
    ];
    for (const [method, path] of calls) {
      const response = await anonymous.request(method, path, method === 'GET' ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.body).toMatchObject({ error: 'unauthenticated' });
    }
  });
});
