import { invoiceCreateInput } from '@btp/shared/entities/invoice';
import { beforeAll, describe, expect, it } from 'vitest';
import { createDraftInvoice } from '../../../functions/src/data/entities/invoices.js';
import { newId } from '../../../functions/src/data/ids.js';
import { TestClient } from './http-client.js';
import { completeCompanyProfile, startTestStack } from './support.js';
import { type ErrorBody, detailsOf, currentYear } from './support/answers.js';
import { addSupplier, companyWithClient, putStoredRecord } from './support/records.js';

/**
 * Customer quotes through the local gateway. The clients, projects and suppliers the quotes link
 * to are written with the data layer (their own routes are another feature's tests).
 */
const stack = await startTestStack();

interface Company {
  client: TestClient;
  companyId: string;
  clientId: string;
  projectId: string;
  supplierId: string;
}

interface QuoteBody {
  id: string;
  number: string;
  status: string;
  version: number;
  title: string;
  clientId: string;
  projectId?: string;
  subtotalAmount: string;
  overheadAmount: string;
  marginAmount: string;
  totalAmount: string;
  overheadPercentage: string;
  marginPercentage: string;
  sentAt?: string;
  validatedAt?: string;
  acceptedAt?: string;
  signerName?: string;
  reverseCharge: boolean;
  vatBreakdown: { rate: string; base: string; amount: string }[];
  vatAmount: string;
  totalWithVat: string;
  items?: {
    id: string;
    resourceType: string;
    quantity: string;
    unitPrice: string;
    totalPrice: string;
    vatRate: string;
    saleUnitPrice: string;
    saleTotal: string;
  }[];
  client?: { id: string; name: string };
  project?: { id: string; name: string };
}

let a: Company;
let b: Company;
const year = currentYear;

async function company(name: string): Promise<Company> {
  const { http, companyId, clientId, projectId } = await companyWithClient(stack, name);
  const supplier = await addSupplier(companyId, { name: `Négoce de ${name}` });
  return { client: http, companyId, clientId, projectId, supplierId: supplier.id };
}

async function newQuote(owner: Company, fields: Record<string, unknown> = {}): Promise<QuoteBody> {
  const response = await owner.client.post('/api/quotes', {
    title: 'Rénovation salle de bains',
    clientId: owner.clientId,
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body as QuoteBody;
}

const lines = [
  {
    resourceType: 'materials',
    description: 'Carrelage 60x60',
    unit: 'm²',
    quantity: '12,5',
    unitPrice: '8.40',
  },
  { resourceType: 'labor', description: 'Pose', unit: 'h', quantity: 2, unitPrice: 150 },
];

beforeAll(async () => {
  a = await company('Bâtisseurs Réunis');
  b = await company('Concurrent');
  await Promise.all([completeCompanyProfile(a.client), completeCompanyProfile(b.client)]);
}, 90_000);

describe('POST /api/quotes', () => {
  it('creates a draft numbered by the server, with the defaults of spec section 9', async () => {
    const first = await newQuote(a, { projectId: 'none', description: 'Devis initial' });
    expect(first).toMatchObject({
      number: `DEV-${year}-0001`,
      status: 'draft',
      version: 1,
      clientId: a.clientId,
      companyId: a.companyId,
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
      subtotalAmount: '0.00',
      overheadAmount: '0.00',
      marginAmount: '0.00',
      totalAmount: '0.00',
      items: [],
    });
    expect(first.projectId).toBeUndefined();
    const second = await newQuote(a, { projectId: a.projectId, companyId: b.companyId, number: 'X-1' });
    expect(second.number).toBe(`DEV-${year}-0002`);
    expect(second).toMatchObject({ projectId: a.projectId, companyId: a.companyId });
  });

  it('answers 400 with the French message of each invalid field', async () => {
    const missing = await a.client.post('/api/quotes', { title: ' ', overheadPercentage: '101' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'validation_error' });
    expect(detailsOf(missing.body)).toMatchObject({
      title: 'Le titre est requis',
      clientId: 'Le client est requis',
      overheadPercentage: 'Le pourcentage doit être un nombre entre 0 et 100, avec au plus deux décimales',
    });
    const margin = await a.client.post('/api/quotes', {
      title: 'T',
      clientId: a.clientId,
      marginPercentage: -1,
    });
    expect(detailsOf(margin.body)).toMatchObject({
      marginPercentage: 'Le pourcentage doit être un nombre entre 0 et 100, avec au plus deux décimales',
    });
    const date = await a.client.post('/api/quotes', {
      title: 'T',
      clientId: a.clientId,
      validUntil: '31/12/2026',
    });
    expect(detailsOf(date.body)).toMatchObject({
      validUntil: 'Date invalide : utilisez le format AAAA-MM-JJ, par exemple 2026-11-22',
    });
  });

  it('creates drafts only', async () => {
    const sent = await a.client.post('/api/quotes', { title: 'T', clientId: a.clientId, status: 'sent' });
    expect(sent.status).toBe(400);
    expect(detailsOf(sent.body)).toEqual({
      status: 'Un nouveau devis est toujours un brouillon : envoyez-le ensuite avec « Envoyer ».',
    });
  });

  it("refuses another company's client or project (400, nothing created)", async () => {
    const response = await a.client.post('/api/quotes', {
      title: 'T',
      clientId: b.clientId,
      projectId: b.projectId,
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response.body)).toEqual({
      clientId: 'Client introuvable : choisissez un client de votre entreprise.',
      projectId: 'Projet introuvable : choisissez un projet de votre entreprise.',
    });
  });
});

describe('saving a quote with its lines in one call', () => {
  it('creates a quote with its lines: the amounts are the priced lines', async () => {
    const quote = await newQuote(a, {
      items: [
        { ...lines[0], sortOrder: 2 },
        { ...lines[1], sortOrder: 1 },
      ],
    });
    // Costs 12.5 × 8.40 = 105.00 and 2 × 150 = 300.00, overhead 10 % of 405.00 = 40.50; selling
    // prices at K = 1.10 × 1.15 = 1.265: 8.40 × K = 10.626 → 10.63, × 12.5 = 132.875 → 132.88;
    // 150 × K = 189.75, × 2 = 379.50; HT 512.38; margin 512.38 − 405.00 − 40.50 = 66.88.
    expect(quote).toMatchObject({
      status: 'draft',
      version: 1,
      subtotalAmount: '405.00',
      overheadAmount: '40.50',
      marginAmount: '66.88',
      totalAmount: '512.38',
    });
    expect(quote.items?.map((item) => [item.resourceType, item.quantity, item.totalPrice])).toEqual([
      ['labor', '2.000', '300.00'],
      ['materials', '12.500', '105.00'],
    ]);
    const read = (await a.client.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
    expect(read).toMatchObject({ totalAmount: '512.38', version: 1 });
    expect(read.items).toEqual(quote.items);
  });

  it('creates a quote of 1,000 lines: the lines live inside the quote, whatever their number', async () => {
    const many = Array.from({ length: 1000 }, (_, index) => ({
      resourceType: 'materials',
      quantity: '1',
      unitPrice: '1.50',
      sortOrder: index,
    }));
    const quote = await newQuote(a, { items: many });
    // 1.50 × 1.265 = 1.8975 → 1.90 a line.
    expect(quote).toMatchObject({ subtotalAmount: '1500.00', totalAmount: '1900.00' });
    const read = (await a.client.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
    expect(read.items).toHaveLength(1000);
    const tooMany = await a.client.post('/api/quotes', {
      title: 'T',
      clientId: a.clientId,
      items: [...many, many[0]],
    });
    expect(tooMany.status).toBe(400);
    expect(detailsOf(tooMany.body)).toEqual({ items: 'Un devis contient au plus 1 000 lignes' });
  });

  it('refuses invalid lines on creation: no quote is created and no number is taken', async () => {
    const fresh = await company('Lignes invalides');
    const invalid = await fresh.client.post('/api/quotes', {
      title: 'T',
      clientId: fresh.clientId,
      items: [lines[0], { ...lines[1], quantity: '0' }],
    });
    expect(invalid.status).toBe(400);
    expect(detailsOf(invalid.body)).toEqual({
      'items.1.quantity': 'La quantité doit être un nombre positif',
    });
    const foreign = await fresh.client.post('/api/quotes', {
      title: 'T',
      clientId: b.clientId,
      items: [{ ...lines[0], supplierId: b.supplierId }],
    });
    expect(foreign.status).toBe(400);
    expect(detailsOf(foreign.body)).toEqual({
      clientId: 'Client introuvable : choisissez un client de votre entreprise.',
      'items.0.supplierId': 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
    });
    expect((await fresh.client.get('/api/quotes')).body).toEqual([]);
    expect((await newQuote(fresh)).number).toBe(`DEV-${year}-0001`);
  });

  it('refuses a quote too large for one stored record, with a French message, and writes nothing', async () => {
    // Under the 256 KB body limit, but each stored line also carries its ids, stamps and total.
    const bulky = Array.from({ length: 1000 }, (_, index) => ({
      resourceType: 'materials',
      quantity: '1',
      unitPrice: '1',
      notes: `Note ${index} `.padEnd(150, 'x'),
    }));
    expect(JSON.stringify({ title: 'T', clientId: a.clientId, items: bulky }).length).toBeLessThan(
      256 * 1024,
    );
    const message =
      'Ce devis est trop volumineux pour être enregistré : réduisez le nombre de lignes ou la longueur de leurs textes (description, notes).';
    const fresh = await company('Volumineux');
    const created = await fresh.client.post('/api/quotes', {
      title: 'T',
      clientId: fresh.clientId,
      items: bulky,
    });
    expect(created.status).toBe(400);
    expect(created.body).toEqual({
      error: 'validation_error',
      message,
      details: [{ path: 'items', message }],
    });
    expect((await fresh.client.get('/api/quotes')).body).toEqual([]);

    const quote = await newQuote(fresh, { items: lines });
    const replaced = await fresh.client.put(`/api/quotes/${quote.id}`, {
      title: 'T',
      clientId: fresh.clientId,
      items: bulky,
    });
    expect(replaced.status).toBe(400);
    expect(replaced.body).toMatchObject({ message });
    const viaItems = await fresh.client.put(`/api/quotes/${quote.id}/items`, { items: bulky });
    expect(viaItems.status).toBe(400);
    expect((await fresh.client.get(`/api/quotes/${quote.id}`)).body).toMatchObject({
      title: 'Rénovation salle de bains',
      totalAmount: '512.38',
      version: 1,
    });
  });

  it('updates the fields and replaces the lines in one call, recomputing the amounts', async () => {
    const quote = await newQuote(a, { items: lines });
    const response = await a.client.put(`/api/quotes/${quote.id}`, {
      title: 'Pose seule',
      clientId: a.clientId,
      overheadPercentage: '20',
      items: [{ resourceType: 'labor', description: 'Pose', quantity: 3, unitPrice: 150 }],
      version: 1,
    });
    expect(response.status).toBe(200);
    // 3 × 150 = 450.00; overhead 20 % = 90.00; K = 1.20 × 1.15 = 1.38: 150 × K = 207.00, × 3 =
    // 621.00; margin 621.00 − 450.00 − 90.00 = 81.00.
    expect(response.body).toMatchObject({
      title: 'Pose seule',
      overheadPercentage: '20.00',
      subtotalAmount: '450.00',
      overheadAmount: '90.00',
      marginAmount: '81.00',
      totalAmount: '621.00',
      version: 2,
    });
    const read = (await a.client.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
    expect(read.items?.map((item) => [item.resourceType, item.quantity, item.totalPrice])).toEqual([
      ['labor', '3.000', '450.00'],
    ]);

    // Without `items`, the stored lines stay.
    const fieldsOnly = await a.client.put(`/api/quotes/${quote.id}`, {
      title: 'Pose seule (bis)',
      clientId: a.clientId,
      overheadPercentage: '20',
      version: 2,
    });
    expect(fieldsOnly.body).toMatchObject({ title: 'Pose seule (bis)', totalAmount: '621.00', version: 3 });
    expect((fieldsOnly.body as QuoteBody).items).toHaveLength(1);

    // `items: []` empties the quote.
    const emptied = await a.client.put(`/api/quotes/${quote.id}`, {
      title: 'Vide',
      clientId: a.clientId,
      items: [],
    });
    expect(emptied.body).toMatchObject({
      items: [],
      subtotalAmount: '0.00',
      totalAmount: '0.00',
      version: 4,
    });
  });

  it('a stale version writes neither the fields nor the lines', async () => {
    const quote = await newQuote(a, { items: lines });
    await a.client.put(`/api/quotes/${quote.id}`, {
      title: 'Changé ailleurs',
      clientId: a.clientId,
      version: 1,
    });
    const stale = await a.client.put(`/api/quotes/${quote.id}`, {
      title: 'Ma version',
      clientId: a.clientId,
      items: [{ resourceType: 'labor', quantity: 1, unitPrice: 1 }],
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      error: 'conflict',
      message: 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
    });
    const read = (await a.client.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
    expect(read).toMatchObject({ title: 'Changé ailleurs', totalAmount: '512.38', version: 2 });
    expect(read.items).toHaveLength(2);
  });

  it('invalid lines write nothing: the quote keeps its fields, lines and amounts', async () => {
    const quote = await newQuote(a, { items: lines });
    const before = (await a.client.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
    const invalid = await a.client.put(`/api/quotes/${quote.id}`, {
      title: 'Nouveau titre',
      clientId: a.clientId,
      items: [
        { ...lines[0], unitPrice: '-1' },
        { quantity: 1, unitPrice: 1 },
      ],
      version: 1,
    });
    expect(invalid.status).toBe(400);
    expect(detailsOf(invalid.body)).toEqual({
      'items.0.unitPrice': 'Le prix unitaire doit être un nombre positif ou nul',
      'items.1.resourceType': 'Le type de ressource est requis',
    });
    const foreign = await a.client.put(`/api/quotes/${quote.id}`, {
      title: 'Nouveau titre',
      clientId: a.clientId,
      items: [{ ...lines[0], supplierId: b.supplierId }],
      version: 1,
    });
    expect(foreign.status).toBe(400);
    expect(detailsOf(foreign.body)).toEqual({
      'items.0.supplierId': 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
    });
    expect((await a.client.get(`/api/quotes/${quote.id}`)).body).toEqual(before);
  });

  it('a sent quote accepts its lines sent back unchanged, and refuses others (409)', async () => {
    const quote = await newQuote(a, { items: lines });
    const sent = (await a.client.post(`/api/quotes/${quote.id}/send`)).body as QuoteBody;
    const changed = await a.client.put(`/api/quotes/${quote.id}`, {
      ...sent,
      status: 'rejected',
      items: [lines[0]],
    });
    expect(changed.status).toBe(409);
    expect(changed.body).toMatchObject({
      message:
        "Ce devis a été envoyé au client : son contenu ne peut plus être modifié, seul son statut peut passer à « Rejeté » ou « Expiré ». Son acceptation s'enregistre avec « Bon pour accord ».",
    });
    const answered = await a.client.put(`/api/quotes/${quote.id}`, { ...sent, status: 'rejected' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({ status: 'rejected', totalAmount: '512.38' });
    expect((answered.body as QuoteBody).items?.map((item) => item.id)).toEqual(
      sent.items?.map((item) => item.id),
    );
  });
});

describe('GET /api/quotes', () => {
  it('lists the company’s quotes most recent first, without lines, with client and project names', async () => {
    const fresh = await company('Liste');
    const older = await newQuote(fresh, { projectId: fresh.projectId });
    await fresh.client.put(`/api/quotes/${older.id}/items`, { items: lines });
    const newer = await newQuote(fresh);
    const response = await fresh.client.get('/api/quotes');
    expect(response.status).toBe(200);
    const list = response.body as QuoteBody[];
    expect(list.map((quote) => quote.id)).toEqual([newer.id, older.id]);
    expect(list[1]).toMatchObject({
      client: { id: fresh.clientId, name: 'Client de Liste' },
      project: { id: fresh.projectId, name: 'Chantier de Liste' },
      totalAmount: '512.38',
    });
    expect(list[1]?.items).toBeUndefined();
    expect(list[0]?.project).toBeUndefined();
    expect(response.headers.get('x-next-cursor')).toBeNull();

    const page = await fresh.client.get('/api/quotes?limit=1');
    expect((page.body as QuoteBody[]).map((quote) => quote.id)).toEqual([newer.id]);
    const cursor = page.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await fresh.client.get(`/api/quotes?limit=1&cursor=${encodeURIComponent(cursor ?? '')}`);
    expect((next.body as QuoteBody[]).map((quote) => quote.id)).toEqual([older.id]);

    const other = await b.client.get('/api/quotes');
    expect((other.body as QuoteBody[]).some((quote) => quote.id === older.id)).toBe(false);
  });

  it('refuses a limit outside 1–1000', async () => {
    const response = await a.client.get('/api/quotes?limit=0');
    expect(response.status).toBe(400);
    expect(detailsOf(response.body)).toEqual({
      'query.limit': 'La limite doit être un nombre entier entre 1 et 1 000',
    });
  });
});

describe('GET /api/quotes/{id}', () => {
  it('reads a quote with its lines, client and project', async () => {
    const quote = await newQuote(a, { projectId: a.projectId });
    await a.client.put(`/api/quotes/${quote.id}/items`, { items: lines });
    const response = await a.client.get(`/api/quotes/${quote.id}`);
    expect(response.status).toBe(200);
    const body = response.body as QuoteBody;
    expect(body.items).toHaveLength(2);
    expect(body).toMatchObject({
      client: { name: 'Client de Bâtisseurs Réunis' },
      project: { id: a.projectId },
    });
  });

  it("answers 404 for another company's quote and for an unknown id", async () => {
    const quote = await newQuote(a);
    const other = await b.client.get(`/api/quotes/${quote.id}`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ error: 'not_found', message: 'Devis introuvable.' });
    expect((await a.client.get('/api/quotes/0190a0b0-0000-7000-8000-000000000000')).status).toBe(404);
  });
});

describe('PUT /api/quotes/{id}/items', () => {
  it('replaces the lines and prices them by the shared rule', async () => {
    const quote = await newQuote(a);
    const response = await a.client.put(`/api/quotes/${quote.id}/items`, { items: lines, version: 1 });
    expect(response.status).toBe(200);
    const body = response.body as QuoteBody;
    // As on creation: HT 512.38 (selling prices 132.88 and 379.50), margin 66.88.
    expect(body).toMatchObject({
      subtotalAmount: '405.00',
      overheadAmount: '40.50',
      marginAmount: '66.88',
      totalAmount: '512.38',
      version: 2,
    });
    expect(body.items?.map((item) => [item.quantity, item.unitPrice, item.totalPrice])).toEqual([
      ['12.500', '8.40', '105.00'],
      ['2.000', '150.00', '300.00'],
    ]);
    const emptied = await a.client.put(`/api/quotes/${quote.id}/items`, { items: [] });
    expect(emptied.body).toMatchObject({
      items: [],
      subtotalAmount: '0.00',
      totalAmount: '0.00',
      version: 3,
    });
  });

  it('orders the lines by sortOrder', async () => {
    const quote = await newQuote(a);
    const response = await a.client.put(`/api/quotes/${quote.id}/items`, {
      items: [
        { ...lines[0], sortOrder: 2 },
        { ...lines[1], sortOrder: 1 },
      ],
    });
    expect((response.body as QuoteBody).items?.map((item) => item.resourceType)).toEqual([
      'labor',
      'materials',
    ]);
  });

  it('answers 400 with the messages of spec section 5 on items.N', async () => {
    const quote = await newQuote(a);
    const response = await a.client.put(`/api/quotes/${quote.id}/items`, {
      items: [
        { resourceType: 'materials', quantity: '0', unitPrice: '-1' },
        { resourceType: 'bricolage', quantity: 'beaucoup', unitPrice: 'gratuit' },
        { quantity: '1', unitPrice: '1' },
      ],
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response.body)).toMatchObject({
      'items.0.quantity': 'La quantité doit être un nombre positif',
      'items.0.unitPrice': 'Le prix unitaire doit être un nombre positif ou nul',
      'items.1.quantity': 'La quantité doit être un nombre positif',
      'items.1.unitPrice': 'Le prix unitaire doit être un nombre positif ou nul',
      'items.2.resourceType': 'Le type de ressource est requis',
    });
    expect(detailsOf(response.body)['items.1.resourceType']).toBeTruthy();
    const noItems = await a.client.put(`/api/quotes/${quote.id}/items`, {});
    expect(detailsOf(noItems.body)).toEqual({ items: 'La liste des lignes est requise' });
  });

  it("refuses a line's supplier of another company", async () => {
    const quote = await newQuote(a);
    const response = await a.client.put(`/api/quotes/${quote.id}/items`, {
      items: [
        { ...lines[0], supplierId: a.supplierId },
        { ...lines[1], supplierId: b.supplierId },
      ],
    });
    expect(response.status).toBe(400);
    expect(detailsOf(response.body)).toEqual({
      'items.1.supplierId': 'Fournisseur introuvable : choisissez un fournisseur de votre entreprise.',
    });
  });

  it('answers 409 for a stale version, 404 for another company, 409 once sent', async () => {
    const quote = await newQuote(a);
    expect((await a.client.put(`/api/quotes/${quote.id}/items`, { items: lines })).status).toBe(200);
    const stale = await a.client.put(`/api/quotes/${quote.id}/items`, { items: [], version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: 'conflict' });
    expect((await b.client.put(`/api/quotes/${quote.id}/items`, { items: [] })).status).toBe(404);
    await a.client.post(`/api/quotes/${quote.id}/send`);
    const sent = await a.client.put(`/api/quotes/${quote.id}/items`, { items: [] });
    expect(sent.status).toBe(409);
    expect(sent.body).toMatchObject({
      message: "Ce devis est « Envoyé » : seules les lignes d'un devis en brouillon peuvent être modifiées.",
    });
    expect((await a.client.get(`/api/quotes/${quote.id}`)).body).toMatchObject({ totalAmount: '512.38' });
  });
});

describe('PUT /api/quotes/{id}', () => {
  it('edits a draft and re-prices its lines when the percentages change', async () => {
    const quote = await newQuote(a);
    await a.client.put(`/api/quotes/${quote.id}/items`, { items: lines });
    const read = (await a.client.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
    const response = await a.client.put(`/api/quotes/${quote.id}`, {
      ...read,
      title: 'Rénovation complète',
      projectId: a.projectId,
      overheadPercentage: '20',
      number: 'DEV-PIRATE',
      totalAmount: '1.00',
    });
    expect(response.status).toBe(200);
    // overhead 20 % of 405.00 = 81.00; K = 1.20 × 1.15 = 1.38: 8.40 × K = 11.592 → 11.59, × 12.5 =
    // 144.875 → 144.88; 150 × K = 207.00, × 2 = 414.00; HT 558.88; margin 558.88 − 405 − 81 = 72.88.
    expect(response.body).toMatchObject({
      title: 'Rénovation complète',
      projectId: a.projectId,
      number: quote.number,
      overheadPercentage: '20.00',
      subtotalAmount: '405.00',
      overheadAmount: '81.00',
      marginAmount: '72.88',
      totalAmount: '558.88',
      version: read.version + 1,
    });
    expect((response.body as QuoteBody).items).toHaveLength(2);
  });

  it('answers 409 for a stale version and 404 for another company', async () => {
    const quote = await newQuote(a);
    const body = { title: 'Nouveau titre', clientId: a.clientId };
    expect((await a.client.put(`/api/quotes/${quote.id}`, { ...body, version: 1 })).status).toBe(200);
    const stale = await a.client.put(`/api/quotes/${quote.id}`, { ...body, version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
    });
    expect((await b.client.put(`/api/quotes/${quote.id}`, { ...body, clientId: b.clientId })).status).toBe(
      404,
    );
  });

  it('answers 400 for invalid fields and links to another company', async () => {
    const quote = await newQuote(a);
    const invalid = await a.client.put(`/api/quotes/${quote.id}`, {
      title: '',
      clientId: a.clientId,
      version: 0,
    });
    expect(detailsOf(invalid.body)).toMatchObject({
      title: 'Le titre est requis',
      version: 'La version doit être un nombre entier positif',
    });
    const foreign = await a.client.put(`/api/quotes/${quote.id}`, {
      title: 'T',
      clientId: b.clientId,
      projectId: b.projectId,
    });
    expect(foreign.status).toBe(400);
    expect(Object.keys(detailsOf(foreign.body))).toEqual(['clientId', 'projectId']);
  });

  it('keeps a draft a draft: sending is the send action, answers come after', async () => {
    const quote = await newQuote(a);
    const body = { title: 'T', clientId: a.clientId };
    const send = await a.client.put(`/api/quotes/${quote.id}`, { ...body, status: 'sent' });
    expect(send.status).toBe(409);
    expect(send.body).toMatchObject({ message: "Pour envoyer ce devis, utilisez l'action « Envoyer »." });
    const validate = await a.client.put(`/api/quotes/${quote.id}`, { ...body, status: 'validated' });
    expect(validate.status).toBe(409);
    expect(validate.body).toMatchObject({
      message: "Ce devis est encore un brouillon : envoyez-le d'abord, avant de le passer à « Validé ».",
    });
  });

  it('freezes a sent quote but records the answer: accepted (« Bon pour accord »), rejected or expired, then final', async () => {
    const quote = await newQuote(a);
    await a.client.put(`/api/quotes/${quote.id}/items`, { items: lines });
    const sent = (await a.client.post(`/api/quotes/${quote.id}/send`)).body as QuoteBody;
    const record = { title: sent.title, clientId: sent.clientId };

    // « Validé » is never chosen by hand: only the client's « Bon pour accord » (a signer) validates.
    const byHand = await a.client.put(`/api/quotes/${quote.id}`, { ...sent, status: 'validated' });
    expect(byHand.status).toBe(409);
    expect(byHand.body).toEqual({
      error: 'conflict',
      message:
        "Un devis passe à « Validé » par l'accord du client : enregistrez-le avec « Bon pour accord » (nom du signataire et date).",
    });
    const unchanged = (await a.client.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
    expect(unchanged).toMatchObject({ status: 'sent', version: sent.version });
    expect(unchanged.validatedAt).toBeUndefined();

    const edit = await a.client.put(`/api/quotes/${quote.id}`, { ...record, status: 'sent', title: 'Autre' });
    expect(edit.status).toBe(409);
    expect(edit.body).toMatchObject({
      message:
        "Ce devis a été envoyé au client : son contenu ne peut plus être modifié, seul son statut peut passer à « Rejeté » ou « Expiré ». Son acceptation s'enregistre avec « Bon pour accord ».",
    });
    const back = await a.client.put(`/api/quotes/${quote.id}`, { ...record, status: 'draft' });
    expect(back.status).toBe(409);
    expect(back.body).toMatchObject({ message: 'Un devis envoyé ne peut pas redevenir un brouillon.' });

    const validated = await a.client.post(`/api/quotes/${quote.id}/accept`, {
      signerName: 'M. Martin',
      version: sent.version,
    });
    expect(validated.status).toBe(200);
    const body = validated.body as QuoteBody;
    expect(body).toMatchObject({
      status: 'validated',
      signerName: 'M. Martin',
      totalAmount: '512.38',
      sentAt: sent.sentAt,
    });
    expect(Date.parse(body.validatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const again = await a.client.put(`/api/quotes/${quote.id}`, { ...record, status: 'rejected' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      message: 'Ce devis est « Validé » : son statut ne peut plus changer.',
    });
    const frozen = await a.client.put(`/api/quotes/${quote.id}`, {
      ...record,
      status: 'validated',
      title: 'X',
    });
    expect(frozen.body).toMatchObject({ message: 'Ce devis est « Validé » : il ne peut plus être modifié.' });

    for (const status of ['rejected', 'expired']) {
      const other = await newQuote(a);
      await a.client.post(`/api/quotes/${other.id}/send`);
      const answered = await a.client.put(`/api/quotes/${other.id}`, { ...record, status });
      expect(answered.status).toBe(200);
      expect(answered.body).toMatchObject({ status });
      expect((answered.body as QuoteBody).validatedAt).toBeUndefined();
    }
  });
});

describe('POST /api/quotes/{id}/send', () => {
  it('sends a draft once: status sent, sentAt set', async () => {
    const quote = await newQuote(a);
    const response = await a.client.post(`/api/quotes/${quote.id}/send`, { version: 1 });
    expect(response.status).toBe(200);
    const body = response.body as QuoteBody;
    expect(body).toMatchObject({ status: 'sent', version: 2 });
    expect(Date.parse(body.sentAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const again = await a.client.post(`/api/quotes/${quote.id}/send`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'conflict',
      message: 'Ce devis est déjà « Envoyé » : seul un devis en brouillon peut être envoyé.',
    });
  });

  it('answers 409 for a stale version and 404 for another company', async () => {
    const quote = await newQuote(a);
    await a.client.put(`/api/quotes/${quote.id}`, { title: 'T2', clientId: a.clientId });
    expect((await a.client.post(`/api/quotes/${quote.id}/send`, { version: 1 })).status).toBe(409);
    expect((await b.client.post(`/api/quotes/${quote.id}/send`)).status).toBe(404);
    expect((await a.client.get(`/api/quotes/${quote.id}`)).body).toMatchObject({ status: 'draft' });
  });
});

describe('DELETE /api/quotes/{id}', () => {
  it('deletes a draft (204), then it is gone', async () => {
    const quote = await newQuote(a);
    await a.client.put(`/api/quotes/${quote.id}/items`, { items: lines });
    const response = await a.client.delete(`/api/quotes/${quote.id}`);
    expect(response.status).toBe(204);
    expect(response.body).toBeUndefined();
    expect((await a.client.get(`/api/quotes/${quote.id}`)).status).toBe(404);
    expect((await a.client.delete(`/api/quotes/${quote.id}`)).status).toBe(404);
  });

  it('refuses a sent quote (409), and another company gets 404', async () => {
    const quote = await newQuote(a);
    expect((await b.client.delete(`/api/quotes/${quote.id}`)).status).toBe(404);
    await a.client.post(`/api/quotes/${quote.id}/send`);
    const response = await a.client.delete(`/api/quotes/${quote.id}`);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      message: 'Ce devis est « Envoyé » : seul un devis en brouillon peut être supprimé.',
    });
    expect((await a.client.get(`/api/quotes/${quote.id}`)).status).toBe(200);
  });

  it('refuses a draft an invoice refers to', async () => {
    const quote = await newQuote(a);
    await createDraftInvoice(
      a.companyId,
      invoiceCreateInput.parse({
        clientId: a.clientId,
        quoteId: quote.id,
        title: 'Acompte',
        totalAmount: '100',
      }),
    );
    const response = await a.client.delete(`/api/quotes/${quote.id}`);
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({
      message: "Ce devis est utilisé par 1 facture : supprimez-la ou modifiez-la d'abord.",
    });
  });
});

describe('access', () => {
  const id = '0190a0b0-0000-7000-8000-000000000000';
  const calls: [string, string][] = [
    ['GET', '/api/quotes'],
    ['POST', '/api/quotes'],
    ['GET', `/api/quotes/${id}`],
    ['PUT', `/api/quotes/${id}`],
    ['DELETE', `/api/quotes/${id}`],
    ['PUT', `/api/quotes/${id}/items`],
    ['POST', `/api/quotes/${id}/send`],
    ['POST', `/api/quotes/${id}/accept`],
    ['POST', `/api/quotes/${id}/invoices`],
  ];

  it('answers 401 without a session on every route', async () => {
    const anonymous = new TestClient(stack.url);
    for (const [method, path] of calls) {
      const response = await anonymous.request(method, path, method === 'GET' ? undefined : {});
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it('answers 403 csrf to writes without the X-Requested-With header', async () => {
    const quote = await newQuote(a);
    for (const [method, path] of calls.filter(([method]) => method !== 'GET')) {
      const response = await a.client.request(method, path.replace(id, quote.id), {}, { csrf: false });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body).toMatchObject({ error: 'csrf' });
    }
    expect((await a.client.get(`/api/quotes/${quote.id}`)).body).toMatchObject({
      status: 'draft',
      version: 1,
    });
  });
});

/**
 * Three lines at two rates (DOCUMENTS.md § 2), overhead 10 %, margin 15 %: K = 1.10 × 1.15 = 1.265.
 *
 * | line      | cost total           | sale unit price            | sale total                 | rate |
 * | Carrelage | 12.5 × 8.40 = 105.00 | 8.40 × K = 10.626 → 10.63  | 12.5 × 10.63 = 132.875 → 132.88 | 10 % |
 * | Pose      | 2 × 150 = 300.00     | 150 × K = 189.75           | 2 × 189.75 = 379.50        | 20 % |
 * | (no text) | 7.25 × 3.33 = 24.1425 → 24.14 | 3.33 × K = 4.21245 → 4.21 | 7.25 × 4.21 = 30.5225 → 30.52 | 10 % |
 *
 * subtotal 429.14; overhead 10 % = 42.914 → 42.91; HT 132.88 + 379.50 + 30.52 = 542.90;
 * margin 542.90 − 429.14 − 42.91 = 70.85. VAT per rate on the sums: 20 % of 379.50 = 75.90;
 * 10 % of (132.88 + 30.52 = 163.40) = 16.34; VAT 92.24; TTC 635.14.
 */
const vatLines = [
  {
    resourceType: 'materials',
    description: 'Carrelage 60x60',
    unit: 'm²',
    quantity: '12,5',
    unitPrice: '8.40',
    vatRate: '10',
  },
  { resourceType: 'labor', description: 'Pose', unit: 'h', quantity: 2, unitPrice: 150, vatRate: '20.00' },
  { resourceType: 'materials', unit: 'm', quantity: '7.25', unitPrice: '3.33', vatRate: 10 },
];
const vatTotals = {
  subtotalAmount: '429.14',
  overheadAmount: '42.91',
  marginAmount: '70.85',
  totalAmount: '542.90',
  vatBreakdown: [
    { rate: '20.00', base: '379.50', amount: '75.90' },
    { rate: '10.00', base: '163.40', amount: '16.34' },
  ],
  vatAmount: '92.24',
  totalWithVat: '635.14',
};

interface InvoiceBody {
  id: string;
  kind: string;
  status: string;
  title: string;
  quoteId?: string;
  clientId: string;
  projectId?: string;
  reverseCharge: boolean;
  number?: string;
  version: number;
  lines: {
    description: string;
    unit?: string;
    quantity: string;
    unitPrice: string;
    vatRate: string;
    total: string;
  }[];
  totalAmount: string;
  vatBreakdown: { rate: string; base: string; amount: string }[];
  vatAmount: string;
  totalWithVat: string;
  amountDue: string;
  depositDeduction?: string;
}

/** A quote with `vatLines`, sent and accepted by the client. */
async function acceptedQuote(owner: Company, fields: Record<string, unknown> = {}): Promise<QuoteBody> {
  const quote = await newQuote(owner, { projectId: owner.projectId, items: vatLines, ...fields });
  const sent = await owner.client.post(`/api/quotes/${quote.id}/send`, { version: quote.version });
  expect(sent.status).toBe(200);
  const accepted = await owner.client.post(`/api/quotes/${quote.id}/accept`, {
    signerName: 'Mme Durand',
    version: (sent.body as QuoteBody).version,
  });
  expect(accepted.status).toBe(200);
  return accepted.body as QuoteBody;
}

async function invoicesOf(owner: Company, quoteId: string): Promise<InvoiceBody[]> {
  return ((await owner.client.get('/api/invoices')).body as InvoiceBody[]).filter(
    (invoice) => invoice.quoteId === quoteId,
  );
}

describe('VAT on quote lines', () => {
  it('a quote with lines at 20 % and 10 % gives the totals of DOCUMENTS.md § 2 to the cent', async () => {
    const quote = await newQuote(a, { items: vatLines });
    expect(quote).toMatchObject({ ...vatTotals, reverseCharge: false });
    expect(
      quote.items?.map((item) => [item.vatRate, item.totalPrice, item.saleUnitPrice, item.saleTotal]),
    ).toEqual([
      ['10.00', '105.00', '10.63', '132.88'],
      ['20.00', '300.00', '189.75', '379.50'],
      ['10.00', '24.14', '4.21', '30.52'],
    ]);
    const read = (await a.client.get(`/api/quotes/${quote.id}`)).body as QuoteBody;
    expect(read).toMatchObject(vatTotals);
    expect(read.items).toEqual(quote.items);
    const listed = ((await a.client.get('/api/quotes')).body as QuoteBody[]).find(
      (item) => item.id === quote.id,
    );
    expect(listed).toMatchObject(vatTotals);
  });

  it('reverse charge puts every line at 0 %; leaving it gives those lines the company default', async () => {
    const quote = await newQuote(a, { items: vatLines, reverseCharge: true });
    expect(quote).toMatchObject({
      reverseCharge: true,
      totalAmount: '542.90',
      vatBreakdown: [{ rate: '0.00', base: '542.90', amount: '0.00' }],
      vatAmount: '0.00',
      totalWithVat: '542.90',
    });
    expect(quote.items?.map((item) => item.vatRate)).toEqual(['0.00', '0.00', '0.00']);
    const back = await a.client.put(`/api/quotes/${quote.id}`, {
      title: quote.title,
      clientId: a.clientId,
      reverseCharge: false,
      version: quote.version,
    });
    expect(back.status).toBe(200);
    // The company's default rate is 20 %: 542.90 × 20 % = 108.58.
    expect(back.body).toMatchObject({
      reverseCharge: false,
      vatBreakdown: [{ rate: '20.00', base: '542.90', amount: '108.58' }],
      totalWithVat: '651.48',
    });
  });

  it("a line without a rate takes the company's default rate; an unknown rate is refused", async () => {
    const fresh = await company('Taux réduit');
    await completeCompanyProfile(fresh.client, { defaultVatRate: '5,5' });
    const quote = await newQuote(fresh, { items: [lines[1]] });
    // 379.50 × 5.5 % = 20.8725 → 20.87.
    expect(quote.items?.[0]?.vatRate).toBe('5.50');
    expect(quote).toMatchObject({ vatAmount: '20.87', totalWithVat: '400.37' });

    const unknown = await fresh.client.post('/api/quotes', {
      title: 'T',
      clientId: fresh.clientId,
      items: [{ ...lines[0], vatRate: '19.6' }],
    });
    expect(unknown.status).toBe(400);
    expect(detailsOf(unknown.body)).toEqual({
      'items.0.vatRate': 'Taux de TVA inconnu : choisissez 20 %, 10 %, 5,5 %, 2,1 % ou 0 %',
    });
    expect(((await fresh.client.get('/api/quotes')).body as unknown[]).length).toBe(1);
  });

  it('a company under the VAT franchise puts every line at 0 %', async () => {
    const fresh = await company('Micro-entreprise');
    await completeCompanyProfile(fresh.client, { vatRegime: 'franchise', vatNumber: '' });
    const quote = await newQuote(fresh, { items: vatLines });
    expect(quote).toMatchObject({ reverseCharge: false, vatAmount: '0.00', totalWithVat: '542.90' });
    expect(quote.items?.map((item) => item.vatRate)).toEqual(['0.00', '0.00', '0.00']);
    // A franchise company needs no VAT number to send.
    expect((await fresh.client.post(`/api/quotes/${quote.id}/send`, {})).status).toBe(200);
  });
});

describe('sending a quote needs the company profile', () => {
  it('answers 409 listing the missing fields while the profile is incomplete, and writes nothing', async () => {
    const fresh = await company('Profil incomplet');
    const quote = await newQuote(fresh, { items: lines });
    const refused = await fresh.client.post(`/api/quotes/${quote.id}/send`, { version: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'conflict',
      message:
        "Le profil de l'entreprise est incomplet : complétez-le dans « Paramètres de l'entreprise » avant d'envoyer un devis.",
      details: [
        { path: 'legalForm', message: 'La forme juridique est requise' },
        { path: 'address', message: "L'adresse de l'entreprise est requise" },
        { path: 'postalCode', message: 'Le code postal est requis' },
        { path: 'city', message: 'La ville est requise' },
        { path: 'siret', message: 'Le SIRET est requis' },
        { path: 'registration', message: "L'immatriculation (RCS ou RM) est requise" },
        { path: 'vatNumber', message: 'Le numéro de TVA intracommunautaire est requis' },
        { path: 'insurer', message: "L'assureur (décennale ou RC professionnelle) est requis" },
        { path: 'insurancePolicyNumber', message: "Le numéro de police d'assurance est requis" },
        { path: 'insuranceArea', message: "La zone géographique couverte par l'assurance est requise" },
      ],
    });
    expect((await fresh.client.get(`/api/quotes/${quote.id}`)).body).toMatchObject({
      status: 'draft',
      version: 1,
    });

    // A quote needs no IBAN: only the invoice does.
    await completeCompanyProfile(fresh.client, { iban: '' });
    const sent = await fresh.client.post(`/api/quotes/${quote.id}/send`, { version: 1 });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ status: 'sent', version: 2, totalWithVat: '614.86' });
  });
});

describe('POST /api/quotes/{id}/accept', () => {
  it("records the client's agreement on a sent quote: validated, signer and dates", async () => {
    const quote = await newQuote(a, { items: lines });
    const sent = (await a.client.post(`/api/quotes/${quote.id}/send`, { version: 1 })).body as QuoteBody;
    const accepted = await a.client.post(`/api/quotes/${quote.id}/accept`, {
      signerName: '  M. Martin  ',
      acceptedAt: '2026-01-15T10:30:00+01:00',
      version: sent.version,
    });
    expect(accepted.status).toBe(200);
    const body = accepted.body as QuoteBody;
    expect(body).toMatchObject({
      status: 'validated',
      signerName: 'M. Martin',
      acceptedAt: '2026-01-15T09:30:00.000Z',
      sentAt: sent.sentAt,
      totalAmount: '512.38',
      version: sent.version + 1,
    });
    expect(Date.parse(body.validatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    const again = await a.client.post(`/api/quotes/${quote.id}/accept`, { signerName: 'X' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'conflict',
      message: "Ce devis est « Validé » : seul un devis envoyé peut recevoir l'accord du client.",
    });
  });

  it('defaults the date to now; refuses a draft, a stale version, a missing signer, a future date', async () => {
    const draft = await newQuote(a);
    const early = await a.client.post(`/api/quotes/${draft.id}/accept`, { signerName: 'M. Martin' });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      message: "Ce devis est encore un brouillon : envoyez-le au client avant d'enregistrer son accord.",
    });
    const sent = (await a.client.post(`/api/quotes/${draft.id}/send`, {})).body as QuoteBody;
    const missing = await a.client.post(`/api/quotes/${draft.id}/accept`, { signerName: ' ' });
    expect(missing.status).toBe(400);
    expect(detailsOf(missing.body)).toEqual({ signerName: 'Le nom du signataire est requis' });
    const future = await a.client.post(`/api/quotes/${draft.id}/accept`, {
      signerName: 'M. Martin',
      acceptedAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(detailsOf(future.body)).toEqual({
      acceptedAt: "La date d'acceptation ne peut pas être dans le futur.",
    });
    const stale = await a.client.post(`/api/quotes/${draft.id}/accept`, {
      signerName: 'M. Martin',
      version: sent.version - 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({
      message: 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.',
    });
    expect((await b.client.post(`/api/quotes/${draft.id}/accept`, { signerName: 'X' })).status).toBe(404);
    expect((await a.client.get(`/api/quotes/${draft.id}`)).body).toMatchObject({ status: 'sent' });

    const now = await a.client.post(`/api/quotes/${draft.id}/accept`, { signerName: 'M. Martin' });
    expect(now.status).toBe(200);
    expect(Date.parse((now.body as QuoteBody).acceptedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('POST /api/quotes/{id}/invoices', () => {
  it('a deposit of 30 % is split across the quote’s rates, and one above what remains is refused', async () => {
    const quote = await acceptedQuote(a);
    const response = await a.client.post(`/api/quotes/${quote.id}/invoices`, {
      kind: 'deposit',
      percentage: '30',
    });
    expect(response.status).toBe(201);
    const deposit = response.body as InvoiceBody;
    // 30 % of each rate's base: 379.50 × 30 % = 113.85 at 20 % (VAT 22.77); 163.40 × 30 % = 49.02
    // at 10 % (VAT 4.902 → 4.90). HT 162.87, VAT 27.67, TTC 190.54.
    expect(deposit).toMatchObject({
      kind: 'deposit',
      status: 'draft',
      quoteId: quote.id,
      clientId: a.clientId,
      projectId: a.projectId,
      reverseCharge: false,
      title: `Acompte sur le devis ${quote.number} – ${quote.title}`,
      lines: [
        {
          description: `Acompte de 30\u00a0% sur le devis ${quote.number}`,
          quantity: '1.000',
          unitPrice: '113.85',
          vatRate: '20.00',
          total: '113.85',
        },
        {
          description: `Acompte de 30\u00a0% sur le devis ${quote.number}`,
          quantity: '1.000',
          unitPrice: '49.02',
          vatRate: '10.00',
          total: '49.02',
        },
      ],
      totalAmount: '162.87',
      vatBreakdown: [
        { rate: '20.00', base: '113.85', amount: '22.77' },
        { rate: '10.00', base: '49.02', amount: '4.90' },
      ],
      vatAmount: '27.67',
      totalWithVat: '190.54',
      amountDue: '190.54',
    });
    expect(deposit.number).toBeUndefined();

    // What remains of the quote's HT: 542.90 − 162.87 = 380.03 (the draft deposit counts).
    const tooMuch = await a.client.post(`/api/quotes/${quote.id}/invoices`, {
      kind: 'deposit',
      amount: '380.04',
    });
    expect(tooMuch.status).toBe(409);
    const message = `L'acompte (380,04\u00a0€ HT) dépasse ce qui reste à facturer sur le devis ${quote.number} (380,03\u00a0€ HT).`;
    expect(tooMuch.body).toEqual({ error: 'conflict', message, details: [{ path: 'amount', message }] });
    // 71 % of each base: 269.45 + 116.01 = 385.46 > 380.03.
    const byPercent = await a.client.post(`/api/quotes/${quote.id}/invoices`, {
      kind: 'deposit',
      percentage: 71,
    });
    expect(byPercent.status).toBe(409);
    expect((byPercent.body as ErrorBody).details?.[0]?.path).toBe('percentage');
    expect((await invoicesOf(a, quote.id)).map((invoice) => invoice.id)).toEqual([deposit.id]);

    // An amount HT is split in proportion to the bases (379.50 : 163.40), to the cent: 100.00 ×
    // 379.50 / 542.90 = 69.902… and 30.097…: the cent left goes to the larger remainder (10 %).
    const byAmount = await a.client.post(`/api/quotes/${quote.id}/invoices`, {
      kind: 'deposit',
      amount: '100',
    });
    expect(byAmount.status).toBe(201);
    expect(byAmount.body).toMatchObject({
      lines: [
        { description: `Acompte sur le devis ${quote.number}`, unitPrice: '69.90', vatRate: '20.00' },
        { description: `Acompte sur le devis ${quote.number}`, unitPrice: '30.10', vatRate: '10.00' },
      ],
      totalAmount: '100.00',
    });
  });

  it('a standard invoice of the quote equals its totals to the cent; it is invoiced once', async () => {
    const quote = await acceptedQuote(a);
    const response = await a.client.post(`/api/quotes/${quote.id}/invoices`, { kind: 'standard' });
    expect(response.status).toBe(201);
    const invoice = response.body as InvoiceBody;
    expect(invoice).toMatchObject({
      kind: 'standard',
      status: 'draft',
      quoteId: quote.id,
      title: `Facture du devis ${quote.number} – ${quote.title}`,
      lines: [
        {
          description: 'Carrelage 60x60',
          unit: 'm²',
          quantity: '12.500',
          unitPrice: '10.63',
          vatRate: '10.00',
          total: '132.88',
        },
        {
          description: 'Pose',
          unit: 'h',
          quantity: '2.000',
          unitPrice: '189.75',
          vatRate: '20.00',
          total: '379.50',
        },
        {
          description: 'Matériaux',
          unit: 'm',
          quantity: '7.250',
          unitPrice: '4.21',
          vatRate: '10.00',
          total: '30.52',
        },
      ],
      totalAmount: quote.totalAmount,
      vatBreakdown: quote.vatBreakdown,
      vatAmount: quote.vatAmount,
      totalWithVat: quote.totalWithVat,
      amountDue: '635.14',
    });

    for (const body of [{ kind: 'standard' }, { kind: 'deposit', percentage: 10 }]) {
      const twice = await a.client.post(`/api/quotes/${quote.id}/invoices`, body);
      expect(twice.status).toBe(409);
      expect(twice.body).toEqual({
        error: 'conflict',
        message:
          'Ce devis est déjà facturé en totalité (une facture en brouillon) : envoyez-la ou supprimez-la.',
      });
    }
    expect(await invoicesOf(a, quote.id)).toHaveLength(1);
  });

  it('the final invoice deducts the issued deposits: deposit + final = the quote’s TTC', async () => {
    const quote = await acceptedQuote(a);
    const deposit = (
      await a.client.post(`/api/quotes/${quote.id}/invoices`, { kind: 'deposit', percentage: 30 })
    ).body as InvoiceBody;
    const pending = await a.client.post(`/api/quotes/${quote.id}/invoices`, { kind: 'standard' });
    expect(pending.status).toBe(409);
    expect(pending.body).toMatchObject({
      message:
        "Une facture d'acompte de ce devis est encore en brouillon : envoyez-la ou supprimez-la avant de facturer le devis en totalité.",
    });
    const sent = (await a.client.post(`/api/invoices/${deposit.id}/send`, { version: deposit.version }))
      .body as InvoiceBody;
    const final = await a.client.post(`/api/quotes/${quote.id}/invoices`, { kind: 'standard' });
    expect(final.status).toBe(201);
    // Per rate: 20 %: 379.50 − 113.85 = 265.65 (VAT 53.13); 10 %: 163.40 − 49.02 = 114.38 (VAT 11.438
    // → 11.44). HT 380.03, VAT 64.57, TTC 444.60; 190.54 + 444.60 = 635.14, the quote's TTC.
    const body = final.body as InvoiceBody;
    expect(body.lines.slice(3)).toEqual([
      {
        description: `Déduction de l'acompte ${sent.number}`,
        quantity: '-1.000',
        unitPrice: '113.85',
        vatRate: '20.00',
        total: '-113.85',
      },
      {
        description: `Déduction de l'acompte ${sent.number}`,
        quantity: '-1.000',
        unitPrice: '49.02',
        vatRate: '10.00',
        total: '-49.02',
      },
    ]);
    expect(body).toMatchObject({
      depositDeduction: '162.87',
      totalAmount: '380.03',
      vatBreakdown: [
        { rate: '20.00', base: '265.65', amount: '53.13' },
        { rate: '10.00', base: '114.38', amount: '11.44' },
      ],
      vatAmount: '64.57',
      totalWithVat: '444.60',
      amountDue: '444.60',
    });
  });

  it('refuses a quote that is not validated, invalid bodies, another company’s quote', async () => {
    const quote = await newQuote(a, { items: vatLines });
    const draft = await a.client.post(`/api/quotes/${quote.id}/invoices`, { kind: 'standard' });
    expect(draft.status).toBe(409);
    expect(draft.body).toEqual({
      error: 'conflict',
      message: 'Seul un devis validé (accepté par le client) peut être facturé : ce devis est « Brouillon ».',
    });
    const both = await a.client.post(`/api/quotes/${quote.id}/invoices`, {
      kind: 'deposit',
      percentage: 10,
      amount: 5,
    });
    expect(both.status).toBe(400);
    expect(detailsOf(both.body)).toEqual({
      percentage: "Un acompte se donne par un pourcentage ou par un montant HT (l'un des deux)",
    });
    const kind = await a.client.post(`/api/quotes/${quote.id}/invoices`, {});
    expect(detailsOf(kind.body)).toEqual({ kind: 'Le type de facture est requis (standard ou acompte)' });
    const accepted = await acceptedQuote(a);
    expect((await b.client.post(`/api/quotes/${accepted.id}/invoices`, { kind: 'standard' })).status).toBe(
      404,
    );
    expect(await invoicesOf(a, quote.id)).toEqual([]);
  });

  it('reverse charge: the invoice of the quote keeps it, every line at 0 %', async () => {
    const quote = await acceptedQuote(a, { reverseCharge: true });
    const invoice = (
      await a.client.post(`/api/quotes/${quote.id}/invoices`, { kind: 'deposit', percentage: 50 })
    ).body as InvoiceBody;
    expect(invoice).toMatchObject({
      reverseCharge: true,
      lines: [{ unitPrice: '271.45', vatRate: '0.00' }],
      totalAmount: '271.45',
      vatAmount: '0.00',
      totalWithVat: '271.45',
    });
  });
});

describe('quotes stored before VAT existed', () => {
  it('read with their lines at 20 %, their selling prices, and VAT derived from the stored HT', async () => {
    // As the previous version stored it: cost lines, HT by the old rule (512.33), no VAT field.
    const id = await putStoredRecord(a.companyId, 'QUOTE', (id, now) => ({
      number: 'DEV-2025-0099',
      title: 'Ancien devis',
      clientId: a.clientId,
      status: 'sent',
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
      subtotalAmount: '405.00',
      overheadAmount: '40.50',
      marginAmount: '66.83',
      totalAmount: '512.33',
      sentAt: now,
      items: [
        {
          id: newId(),
          companyId: a.companyId,
          quoteId: id,
          resourceType: 'labor',
          description: 'Pose',
          quantity: '2.000',
          unitPrice: '150.00',
          totalPrice: '300.00',
          sortOrder: 0,
          createdAt: now,
          updatedAt: now,
        },
      ],
      version: 3,
    }));
    const read = await a.client.get(`/api/quotes/${id}`);
    expect(read.status).toBe(200);
    // The stored HT is kept; 512.33 × 20 % = 102.466 → 102.47.
    expect(read.body).toMatchObject({
      totalAmount: '512.33',
      reverseCharge: false,
      vatBreakdown: [{ rate: '20.00', base: '512.33', amount: '102.47' }],
      vatAmount: '102.47',
      totalWithVat: '614.80',
      items: [{ vatRate: '20.00', totalPrice: '300.00', saleUnitPrice: '189.75', saleTotal: '379.50' }],
    });
    const listed = ((await a.client.get('/api/quotes')).body as QuoteBody[]).find((quote) => quote.id === id);
    expect(listed).toMatchObject({ totalAmount: '512.33', vatAmount: '102.47', totalWithVat: '614.80' });
    expect(listed?.items).toBeUndefined();

    // Accepted as it is: its HT stays, its VAT fields are stored as read.
    const accepted = await a.client.post(`/api/quotes/${id}/accept`, { signerName: 'M. Ancien', version: 3 });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({
      status: 'validated',
      totalAmount: '512.33',
      totalWithVat: '614.80',
    });
  });
});
