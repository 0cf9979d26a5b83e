import { describe, expect, it } from 'vitest';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { inUseMessage } from '../../../functions/src/clients/in-use.js';
import { documents } from '../../../functions/src/data/entities/documents.js';
import { suppliers } from '../../../functions/src/data/entities/suppliers.js';
import { linkChecks } from '../../../functions/src/documents/document-links.js';
import { conflict } from '../../../functions/src/lib/http-errors.js';
import { supplierUsage } from '../../../functions/src/suppliers/supplier-service.js';
import { createQuote, quotes, replaceQuoteItems } from '../../../functions/src/data/entities/quotes.js';
import { supplierInvoices } from '../../../functions/src/data/entities/supplier-invoices.js';
import { createSupplierQuote, supplierQuotes } from '../../../functions/src/data/entities/supplier-quotes.js';
import { clientCreateInput } from '@btp/shared/entities/client';
import { quoteCreateInput, quoteItemInput } from '@btp/shared/entities/quote';
import { supplierQuoteCreateInput } from '@btp/shared/entities/supplier-quote';
import type { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';
import { addSupplierInvoice } from './support/records.js';

const stack = await startTestStack();

interface SupplierBody {
  id: string;
  companyId: string;
  name: string;
  specialties: string[];
  rating?: string;
  country?: string;
  version: number;
  createdAt: string;
}

const unknownId = '01900000-0000-7000-8000-000000000000';
const ratingMessage = 'La note doit être comprise entre 1 et 5, par pas de 0,1';
const staleVersion = 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.';

async function createSupplier(who: TestClient, fields: Record<string, unknown>): Promise<SupplierBody> {
  const response = await who.post('/api/suppliers', fields);
  expect(response.status).toBe(201);
  return response.body as SupplierBody;
}

describe('POST /api/suppliers', () => {
  it('creates a supplier with its specialties cleaned and its rating to one decimal', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Fournisseurs création');
    const response = await client.post('/api/suppliers', {
      name: 'Point P Lyon',
      contactPerson: 'Karim Benali',
      email: 'agence@pointp.fr',
      city: 'Vénissieux',
      specialties: [' Matériaux ', 'Carrelage', '', 'Matériaux', '   '],
      rating: '4,5',
      companyId: unknownId,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      name: 'Point P Lyon',
      contactPerson: 'Karim Benali',
      city: 'Vénissieux',
      country: 'France',
      specialties: ['Matériaux', 'Carrelage'],
      rating: '4.5',
      companyId,
      version: 1,
    });
    const bare = await createSupplier(client, { name: 'Sans note', rating: '' });
    expect(bare.specialties).toEqual([]);
    expect(bare).not.toHaveProperty('rating');
    expect((await client.get(`/api/suppliers/${bare.id}`)).body).toEqual(bare);
    expect((await createSupplier(client, { name: 'Note entière', rating: 5 })).rating).toBe('5.0');
  });

  it('refuses a rating outside 1–5 or finer than 0.1, a missing name, too many specialties', async () => {
    const { client } = await signedInCompany(stack.url, 'Fournisseurs validation');
    for (const rating of [0.9, 5.1, '4.55', 'bien']) {
      const response = await client.post('/api/suppliers', { name: 'S', rating });
      expect(response.status).toBe(400);
      expect((response.body as { details: unknown[] }).details).toEqual([
        { path: 'rating', message: ratingMessage },
      ]);
    }
    const missing = await client.post('/api/suppliers', { specialties: ['Bois'] });
    expect(missing.status).toBe(400);
    expect((missing.body as { details: unknown[] }).details).toEqual([
      { path: 'name', message: 'Le nom est requis' },
    ]);
    const many = await client.post('/api/suppliers', {
      name: 'S',
      specialties: Array.from({ length: 51 }, (_, index) => `Spécialité ${index}`),
    });
    expect(many.status).toBe(400);
    expect((many.body as { details: unknown[] }).details).toEqual([
      { path: 'specialties', message: 'La liste doit contenir au plus 50 éléments' },
    ]);
    const notList = await client.post('/api/suppliers', { name: 'S', specialties: 12 });
    expect((notList.body as { details: unknown[] }).details).toEqual([
      { path: 'specialties', message: 'Liste invalide : une liste de textes est attendue' },
    ]);
  });

  it('keeps names unique per company, not across companies', async () => {
    const first = await signedInCompany(stack.url, 'Fournisseurs unicité A');
    const second = await signedInCompany(stack.url, 'Fournisseurs unicité B');
    await createSupplier(first.client, { name: 'Rexel' });
    const again = await first.client.post('/api/suppliers', { name: ' REXEL ' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'conflict', message: 'Un fournisseur porte déjà ce nom.' });
    await createSupplier(second.client, { name: 'Rexel' });
  });

  it('answers 403 without the CSRF header and 401 without a session', async () => {
    const { client } = await signedInCompany(stack.url, 'Fournisseurs sécurité');
    const csrf = await client.request('POST', '/api/suppliers', { name: 'X' }, { csrf: false });
    expect(csrf.status).toBe(403);
    expect(csrf.body).toMatchObject({ error: 'csrf' });
    client.clearCookies();
    expect((await client.post('/api/suppliers', { name: 'X' })).status).toBe(401);
  });
});

describe('GET /api/suppliers', () => {
  it('lists only the caller’s suppliers, most recent first, page by page', async () => {
    const { client } = await signedInCompany(stack.url, 'Fournisseurs liste');
    const other = await signedInCompany(stack.url, 'Fournisseurs liste autre');
    await createSupplier(other.client, { name: 'Fournisseur d’une autre entreprise' });
    for (const name of ['Alpha', 'Bravo', 'Charlie'])
      await createSupplier(client, { name, specialties: [name] });

    const all = await client.get('/api/suppliers');
    expect(all.status).toBe(200);
    expect((all.body as SupplierBody[]).map((item) => item.name)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect((all.body as SupplierBody[])[0]?.specialties).toEqual(['Charlie']);

    const first = await client.get('/api/suppliers?limit=2');
    expect((first.body as SupplierBody[]).map((item) => item.name)).toEqual(['Charlie', 'Bravo']);
    const cursor = first.headers.get('x-next-cursor') as string;
    expect(cursor).toBeTruthy();
    const next = await client.get(`/api/suppliers?limit=2&cursor=${encodeURIComponent(cursor)}`);
    expect((next.body as SupplierBody[]).map((item) => item.name)).toEqual(['Alpha']);
    expect(next.headers.get('x-next-cursor')).toBeNull();

    client.clearCookies();
    expect((await client.get('/api/suppliers')).status).toBe(401);
  });
});

describe('GET /api/suppliers/{id}', () => {
  it('answers 404 for an unknown id and for another company’s supplier', async () => {
    const owner = await signedInCompany(stack.url, 'Fournisseurs lecture A');
    const stranger = await signedInCompany(stack.url, 'Fournisseurs lecture B');
    const created = await createSupplier(owner.client, { name: 'Würth' });
    const foreign = await stranger.client.get(`/api/suppliers/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'Fournisseur introuvable.' });
    expect((await owner.client.get(`/api/suppliers/${unknownId}`)).status).toBe(404);
    owner.client.clearCookies();
    expect((await owner.client.get(`/api/suppliers/${created.id}`)).status).toBe(401);
  });
});

describe('PUT /api/suppliers/{id}', () => {
  it('replaces the editable fields, ignores the read-only ones and honours the version', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Fournisseurs modification');
    const created = await createSupplier(client, {
      name: 'Leroy Merlin Pro',
      specialties: ['Outillage'],
      rating: 3,
    });
    const updated = await client.put(`/api/suppliers/${created.id}`, {
      ...created,
      specialties: ['Outillage', 'Peinture', 'outillage '],
      rating: '4.2',
      id: unknownId,
      companyId: unknownId,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.id,
      companyId,
      name: 'Leroy Merlin Pro',
      specialties: ['Outillage', 'Peinture', 'outillage'],
      rating: '4.2',
      version: 2,
      createdAt: created.createdAt,
    });
    const stale = await client.put(`/api/suppliers/${created.id}`, { ...created, rating: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'conflict', message: staleVersion });
    // The whole record is replaced: specialties and rating left out are cleared.
    const cleared = await client.put(`/api/suppliers/${created.id}`, {
      name: 'Leroy Merlin Pro',
      version: 2,
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ specialties: [], version: 3 });
    expect(cleared.body).not.toHaveProperty('rating');
  });

  it('refuses a taken name, an invalid rating, another company’s supplier and a missing CSRF header', async () => {
    const owner = await signedInCompany(stack.url, 'Fournisseurs modification A');
    const stranger = await signedInCompany(stack.url, 'Fournisseurs modification B');
    await createSupplier(owner.client, { name: 'Cedeo' });
    const created = await createSupplier(owner.client, { name: 'Gedimat' });
    const taken = await owner.client.put(`/api/suppliers/${created.id}`, { name: 'cedeo' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'conflict', message: 'Un fournisseur porte déjà ce nom.' });
    const invalid = await owner.client.put(`/api/suppliers/${created.id}`, { name: 'Gedimat', rating: 6 });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { details: unknown[] }).details).toEqual([
      { path: 'rating', message: ratingMessage },
    ]);
    expect((await stranger.client.put(`/api/suppliers/${created.id}`, { name: 'Piraté' })).status).toBe(404);
    const csrf = await owner.client.request(
      'PUT',
      `/api/suppliers/${created.id}`,
      { name: 'X' },
      { csrf: false },
    );
    expect(csrf.status).toBe(403);
    expect(((await owner.client.get(`/api/suppliers/${created.id}`)).body as SupplierBody).name).toBe(
      'Gedimat',
    );
    owner.client.clearCookies();
    expect((await owner.client.put(`/api/suppliers/${created.id}`, { name: 'X' })).status).toBe(401);
  });
});

describe('DELETE /api/suppliers/{id}', () => {
  it('deletes an unused supplier (204) and frees its name', async () => {
    const { client } = await signedInCompany(stack.url, 'Fournisseurs suppression');
    const created = await createSupplier(client, { name: 'Fournisseur éphémère' });
    expect((await client.delete(`/api/suppliers/${created.id}`)).status).toBe(204);
    expect((await client.get(`/api/suppliers/${created.id}`)).status).toBe(404);
    await createSupplier(client, { name: 'Fournisseur éphémère' });
  });

  it('refuses while supplier quotes, supplier invoices, quote lines or documents use it, naming them', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Fournisseurs utilisés');
    const used = await createSupplier(client, { name: 'Fournisseur occupé' });
    const other = await createSupplier(client, { name: 'Autre fournisseur' });
    const customer = await clients.create(companyId, clientCreateInput.parse({ name: 'Client' }));
    const supplierQuote = await createSupplierQuote(
      companyId,
      supplierQuoteCreateInput.parse({ supplierId: used.id, title: 'Carrelage' }),
    );
    const supplierInvoice = await addSupplierInvoice(companyId, used.id, {
      title: 'Facture carrelage',
      totalAmount: '120',
    });
    const quote = await createQuote(
      companyId,
      quoteCreateInput.parse({ title: 'Devis', clientId: customer.id }),
    );
    const line = (supplierId?: string) =>
      quoteItemInput.parse({ resourceType: 'materials', quantity: '1', unitPrice: '10', supplierId });
    await replaceQuoteItems(companyId, quote.id, [line(used.id), line(other.id), line(used.id), line()]);
    const document = await documents.create(companyId, {
      name: 'Catalogue.pdf',
      originalName: 'Catalogue.pdf',
      type: 'other',
      tags: [],
      supplierId: used.id,
    });

    const refused = await client.delete(`/api/suppliers/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'conflict',
      message:
        "Ce fournisseur est utilisé par 1 demande de prix, 1 facture fournisseur, 2 lignes de devis et 1 document : supprimez-les ou modifiez-les d'abord.",
    });
    const otherRefused = await client.delete(`/api/suppliers/${other.id}`);
    expect(otherRefused.body).toMatchObject({
      message: "Ce fournisseur est utilisé par 1 ligne de devis : supprimez-la ou modifiez-la d'abord.",
    });

    await supplierQuotes.remove(companyId, supplierQuote.id);
    await supplierInvoices.remove(companyId, supplierInvoice.id);
    await documents.remove(companyId, document.id);
    await replaceQuoteItems(companyId, quote.id, [line(other.id)]);
    expect((await client.delete(`/api/suppliers/${used.id}`)).status).toBe(204);
    await quotes.remove(companyId, quote.id);
    expect((await client.delete(`/api/suppliers/${other.id}`)).status).toBe(204);
  });

  it('sees a link written between its count and the deletion (409); refuses one written after it (400)', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Fournisseurs course directe');
    const target = await createSupplier(client, { name: 'Fournisseur disputé' });
    const customer = await clients.create(companyId, clientCreateInput.parse({ name: 'Client' }));
    const quote = await createQuote(
      companyId,
      quoteCreateInput.parse({ title: 'Devis', clientId: customer.id }),
    );
    const line = (supplierId?: string) =>
      quoteItemInput.parse({ resourceType: 'materials', quantity: '1', unitPrice: '10', supplierId });
    let checks = 0;
    const deletion = suppliers.removeUnlessUsed(companyId, target.id, async () => {
      checks += 1;
      const message = inUseMessage('Ce fournisseur', await supplierUsage(companyId, target.id));
      // The first count found nothing; a quote line names the supplier right after it.
      if (checks === 1) await replaceQuoteItems(companyId, quote.id, [line(), line(target.id)]);
      return message ? conflict(message) : undefined;
    });
    await expect(deletion).rejects.toMatchObject({
      statusCode: 409,
      message: "Ce fournisseur est utilisé par 1 ligne de devis : supprimez-la ou modifiez-la d'abord.",
    });
    expect(checks).toBe(2);
    expect((await client.get(`/api/suppliers/${target.id}`)).status).toBe(200);

    const gone = await createSupplier(client, { name: 'Fournisseur supprimé' });
    expect((await client.delete(`/api/suppliers/${gone.id}`)).status).toBe(204);
    const catalogue = {
      name: 'Catalogue.pdf',
      originalName: 'Catalogue.pdf',
      type: 'other' as const,
      tags: [],
      supplierId: gone.id,
    };
    // A write that links the deleted supplier is refused on its field by its own transaction, even
    // past the services' own checks (the repositories are called directly here).
    const refusals = await Promise.all(
      [
        createSupplierQuote(
          companyId,
          supplierQuoteCreateInput.parse({ supplierId: gone.id, title: 'Demande' }),
        ),
        addSupplierInvoice(companyId, gone.id, { title: 'FF', totalAmount: '5' }),
        replaceQuoteItems(companyId, quote.id, [line(target.id), line(), line(gone.id)]),
        documents.create(companyId, catalogue, linkChecks(companyId, catalogue, 'upload')),
      ].map((write) =>
        write.then(
          () => undefined,
          (error: unknown) => error,
        ),
      ),
    );
    const supplierRefusal = (path: string) => ({
      statusCode: 400,
      details: [{ path, message: expect.stringMatching(/^Fournisseur introuvable/) as unknown }],
    });
    expect(refusals).toMatchObject([
      supplierRefusal('supplierId'),
      supplierRefusal('supplierId'),
      supplierRefusal('items.2.supplierId'),
      supplierRefusal('supplierId'),
    ]);
    expect((await quotes.get(companyId, quote.id))?.items?.map((item) => item.supplierId)).toEqual([
      undefined,
      target.id,
    ]);
    const stored: { supplierId?: string }[][] = await Promise.all([
      supplierQuotes.listAll(companyId, ['supplierId']),
      supplierInvoices.listAll(companyId, ['supplierId']),
      documents.listAll(companyId, ['supplierId']),
    ]);
    expect(stored.flat().filter((record) => record.supplierId === gone.id)).toEqual([]);
  });

  it('never leaves a record created during the deletion pointing at a deleted supplier', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Fournisseurs course');
    const customer = await clients.create(companyId, clientCreateInput.parse({ name: 'Client' }));
    const created: string[] = [];
    for (let round = 0; round < 8; round += 1) {
      const target = await createSupplier(client, { name: `Fournisseur disputé ${round}` });
      const supplierId = target.id;
      const [removed, ...responses] = await Promise.all([
        client.delete(`/api/suppliers/${supplierId}`),
        client.post('/api/supplier-quotes', { title: `Demande ${round}`, supplierId }),
        client.post('/api/supplier-invoices', { title: `FF ${round}`, supplierId, totalAmount: '10' }),
        client.post('/api/quotes', {
          title: `Devis ${round}`,
          clientId: customer.id,
          items: [
            {
              resourceType: 'materials',
              description: 'Carrelage',
              quantity: '1',
              unitPrice: '10',
              supplierId,
            },
          ],
        }),
      ]);
      const paths = ['supplierId', 'supplierId', 'items.0.supplierId'];
      if (removed.status === 204) {
        // The supplier went first: each creation was refused on its field, none was written.
        responses.forEach((response, index) => {
          expect(response.status).toBe(400);
          expect(response.body).toMatchObject({
            details: [
              { path: paths[index], message: expect.stringMatching(/^Fournisseur introuvable/) as unknown },
            ],
          });
        });
      } else {
        expect(removed.status).toBe(409);
        expect(removed.body).toMatchObject({
          message: expect.stringMatching(/^Ce fournisseur est utilisé par /),
        });
      }
      for (const response of responses) {
        if (response.status === 201) created.push(supplierId);
        else expect(response.status).toBe(400);
      }
    }
    for (const supplierId of created) {
      expect((await client.get(`/api/suppliers/${supplierId}`)).status).toBe(200);
    }
  });

  it('answers 404 for another company’s supplier, 403 without CSRF, 401 without a session', async () => {
    const owner = await signedInCompany(stack.url, 'Fournisseurs suppression A');
    const stranger = await signedInCompany(stack.url, 'Fournisseurs suppression B');
    const created = await createSupplier(owner.client, { name: 'Fournisseur protégé' });
    const foreign = await stranger.client.delete(`/api/suppliers/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'Fournisseur introuvable.' });
    const csrf = await owner.client.request('DELETE', `/api/suppliers/${created.id}`, undefined, {
      csrf: false,
    });
    expect(csrf.status).toBe(403);
    owner.client.clearCookies();
    expect((await owner.client.delete(`/api/suppliers/${created.id}`)).status).toBe(401);
    expect((await stranger.client.get('/api/suppliers')).body).toEqual([]);
  });
});
