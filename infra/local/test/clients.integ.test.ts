import { describe, expect, it } from 'vitest';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { documents } from '../../../functions/src/data/entities/documents.js';
import { createDraftInvoice, invoices } from '../../../functions/src/data/entities/invoices.js';
import { projects } from '../../../functions/src/data/entities/projects.js';
import { createQuote, quotes } from '../../../functions/src/data/entities/quotes.js';
import { invoiceCreateInput } from '@btp/shared/entities/invoice';
import { projectCreateInput } from '@btp/shared/entities/project';
import { quoteCreateInput } from '@btp/shared/entities/quote';
import type { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';

const stack = await startTestStack();

interface ClientBody {
  id: string;
  companyId: string;
  name: string;
  email?: string;
  country?: string;
  city?: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

const unknownId = '01900000-0000-7000-8000-000000000000';
const staleVersion = 'Cet enregistrement a été modifié entre-temps : rechargez-le puis recommencez.';

async function createClient(who: TestClient, fields: Record<string, unknown>): Promise<ClientBody> {
  const response = await who.post('/api/clients', fields);
  expect(response.status).toBe(201);
  return response.body as ClientBody;
}

describe('POST /api/clients', () => {
  it('creates a client in the caller’s company with France as default country', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Clients création');
    const response = await client.post('/api/clients', {
      name: '  Maison Durand ',
      contactPerson: 'Sophie Durand',
      email: 'sophie@durand.fr',
      phone: '',
      city: 'Lyon',
      siret: '732 829 320 00074',
      companyId: unknownId,
      id: unknownId,
    });
    expect(response.status).toBe(201);
    const created = response.body as ClientBody & Record<string, unknown>;
    expect(created).toMatchObject({
      name: 'Maison Durand',
      contactPerson: 'Sophie Durand',
      email: 'sophie@durand.fr',
      city: 'Lyon',
      country: 'France',
      kind: 'company',
      siret: '73282932000074',
      siren: '732829320',
      companyId,
      version: 1,
    });
    expect(created.id).not.toBe(unknownId);
    expect(created).not.toHaveProperty('phone');
    expect(created.createdAt).toBe(created.updatedAt);
    expect((await client.get(`/api/clients/${created.id}`)).body).toEqual(created);
  });

  it('refuses a missing name and a malformed e-mail with the French messages', async () => {
    const { client } = await signedInCompany(stack.url, 'Clients validation');
    const missing = await client.post('/api/clients', { name: '   ', email: 'pas-un-email' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'validation_error' });
    expect((missing.body as { details: unknown[] }).details).toEqual([
      { path: 'name', message: 'Le nom est requis' },
      { path: 'email', message: "L'adresse e-mail doit être valide" },
    ]);
    const tooLong = await client.post('/api/clients', { name: 'A', notes: 'x'.repeat(10_001) });
    expect(tooLong.status).toBe(400);
    expect((tooLong.body as { details: unknown[] }).details).toEqual([
      { path: 'notes', message: 'Le texte doit contenir au plus 10 000 caractères' },
    ]);
  });

  it('keeps names unique per company (case and spaces ignored), not across companies', async () => {
    const first = await signedInCompany(stack.url, 'Clients unicité A');
    const second = await signedInCompany(stack.url, 'Clients unicité B');
    await createClient(first.client, { name: 'SCI Les Tilleuls' });
    const again = await first.client.post('/api/clients', { name: 'sci  les TILLEULS' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'conflict', message: 'Un client porte déjà ce nom.' });
    await createClient(second.client, { name: 'SCI Les Tilleuls' });
  });

  it('answers 403 without the CSRF header and 401 without a session', async () => {
    const { client } = await signedInCompany(stack.url, 'Clients sécurité');
    const csrf = await client.request('POST', '/api/clients', { name: 'X' }, { csrf: false });
    expect(csrf.status).toBe(403);
    expect(csrf.body).toMatchObject({ error: 'csrf' });
    client.clearCookies();
    const anonymous = await client.post('/api/clients', { name: 'X' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: 'unauthenticated' });
  });
});

describe('client kind and SIREN', () => {
  it('takes a company or an individual, derives the SIREN from the SIRET and keeps it in step', async () => {
    const { client } = await signedInCompany(stack.url, 'Clients nature');
    const person = await createClient(client, { name: 'M. et Mme Petit', kind: 'individual' });
    expect(person).toMatchObject({ kind: 'individual' });
    expect(person).not.toHaveProperty('siren');

    const company = await createClient(client, {
      name: 'Hôtel du Parc',
      siret: '732 829 320 00074',
      vatNumber: 'fr 44 732 829 320',
      siren: '111111111',
    });
    expect(company).toMatchObject({
      kind: 'company',
      siret: '73282932000074',
      siren: '732829320',
      vatNumber: 'FR44732829320',
    });
    expect((await client.get(`/api/clients/${company.id}`)).body).toEqual(company);
    const listed = (await client.get('/api/clients')).body as (ClientBody & { kind: string })[];
    expect(listed.map((item) => [item.name, item.kind])).toEqual([
      ['Hôtel du Parc', 'company'],
      ['M. et Mme Petit', 'individual'],
    ]);

    const changed = await client.put(`/api/clients/${company.id}`, {
      ...company,
      siret: '303 265 045 00011',
      vatNumber: 'FR40303265045',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ siret: '30326504500011', siren: '303265045' });
    const cleared = await client.put(`/api/clients/${company.id}`, {
      ...(changed.body as ClientBody),
      siret: '',
      vatNumber: '',
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body).not.toHaveProperty('siren');
    expect(cleared.body).not.toHaveProperty('siret');
  });

  it('refuses a wrong SIRET key, a malformed VAT number or one of another SIREN, writing nothing', async () => {
    const { client } = await signedInCompany(stack.url, 'Clients SIRET');
    const refused = async (fields: Record<string, unknown>) => {
      const response = await client.post('/api/clients', { name: 'Garage Roux', ...fields });
      expect(response.status).toBe(400);
      return (response.body as { details: unknown[] }).details;
    };
    expect(await refused({ siret: '552 100 554 00025' })).toEqual([
      { path: 'siret', message: 'Le SIRET est invalide (clé de contrôle)' },
    ]);
    expect(await refused({ siret: '552 100' })).toEqual([
      { path: 'siret', message: 'Le SIRET doit comporter 14 chiffres' },
    ]);
    expect(await refused({ siret: '73282932000074', vatNumber: 'FR40303265045' })).toEqual([
      { path: 'vatNumber', message: 'Le numéro de TVA ne correspond pas au SIREN' },
    ]);
    expect(await refused({ vatNumber: 'FR00732829320' })).toEqual([
      { path: 'vatNumber', message: 'Le numéro de TVA est invalide (clé de contrôle)' },
    ]);
    expect(await refused({ kind: 'association' })).toEqual([
      { path: 'kind', message: 'Le type de client doit être « Entreprise » ou « Particulier »' },
    ]);
    expect((await client.get('/api/clients')).body).toEqual([]);
    // Another country's VAT number is checked in form only.
    const foreign = await createClient(client, {
      name: 'Bauhaus GmbH',
      vatNumber: 'de 123 456 789',
      country: 'Allemagne',
    });
    expect(foreign).toMatchObject({ vatNumber: 'DE123456789', kind: 'company' });
  });

  it('reads a client saved before clients had a kind as a company, with its SIREN', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Clients anciens');
    const stored = await clients.create(companyId, {
      name: 'Ancien client',
      country: 'France',
      siret: '73282932000074',
    });
    expect(stored).not.toHaveProperty('kind');
    const read = await client.get(`/api/clients/${stored.id}`);
    expect(read.body).toMatchObject({ name: 'Ancien client', kind: 'company', siren: '732829320' });
    expect((await client.get('/api/clients')).body).toEqual([read.body]);
  });
});

describe('GET /api/clients', () => {
  it('lists only the caller’s clients, most recent first, page by page', async () => {
    const { client } = await signedInCompany(stack.url, 'Clients liste');
    const other = await signedInCompany(stack.url, 'Clients liste autre');
    await createClient(other.client, { name: 'Client d’une autre entreprise' });
    const names = ['Alpha', 'Bravo', 'Charlie'];
    for (const name of names) await createClient(client, { name, email: `${name.toLowerCase()}@exemple.fr` });

    const all = await client.get('/api/clients');
    expect(all.status).toBe(200);
    expect((all.body as ClientBody[]).map((item) => item.name)).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(all.headers.get('x-next-cursor')).toBeNull();

    const first = await client.get('/api/clients?limit=2');
    expect((first.body as ClientBody[]).map((item) => item.name)).toEqual(['Charlie', 'Bravo']);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const next = await client.get(`/api/clients?limit=2&cursor=${encodeURIComponent(cursor as string)}`);
    expect((next.body as ClientBody[]).map((item) => item.name)).toEqual(['Alpha']);
    expect(next.headers.get('x-next-cursor')).toBeNull();
  });

  it('refuses a limit out of range and answers 401 without a session', async () => {
    const { client } = await signedInCompany(stack.url, 'Clients liste limite');
    const wrong = await client.get('/api/clients?limit=0');
    expect(wrong.status).toBe(400);
    expect((wrong.body as { details: unknown[] }).details).toEqual([
      { path: 'query.limit', message: 'La limite doit être un nombre entier entre 1 et 1 000' },
    ]);
    client.clearCookies();
    expect((await client.get('/api/clients')).status).toBe(401);
  });
});

describe('GET /api/clients/{id}', () => {
  it('answers 404 for an unknown id and for another company’s client', async () => {
    const owner = await signedInCompany(stack.url, 'Clients lecture A');
    const stranger = await signedInCompany(stack.url, 'Clients lecture B');
    const created = await createClient(owner.client, { name: 'Boulangerie Martin' });
    const foreign = await stranger.client.get(`/api/clients/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'Client introuvable.' });
    expect((await owner.client.get(`/api/clients/${unknownId}`)).status).toBe(404);
    owner.client.clearCookies();
    expect((await owner.client.get(`/api/clients/${created.id}`)).status).toBe(401);
  });
});

describe('PUT /api/clients/{id}', () => {
  it('replaces the editable fields, ignores the read-only ones and honours the version', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Clients modification');
    const created = await createClient(client, {
      name: 'Cabinet Moreau',
      email: 'contact@moreau.fr',
      city: 'Lyon',
    });
    const updated = await client.put(`/api/clients/${created.id}`, {
      ...created,
      name: 'Cabinet Moreau Avocats',
      city: undefined,
      country: 'Belgique',
      id: unknownId,
      companyId: unknownId,
      createdAt: '2000-01-01T00:00:00.000Z',
    });
    expect(updated.status).toBe(200);
    const body = updated.body as ClientBody;
    expect(body).toMatchObject({
      id: created.id,
      companyId,
      name: 'Cabinet Moreau Avocats',
      email: 'contact@moreau.fr',
      country: 'Belgique',
      createdAt: created.createdAt,
      version: 2,
    });
    expect(body).not.toHaveProperty('city');

    // The version read before the change is now stale: 409 and nothing written.
    const stale = await client.put(`/api/clients/${created.id}`, { ...created, name: 'Autre nom' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: 'conflict', message: staleVersion });
    expect(((await client.get(`/api/clients/${created.id}`)).body as ClientBody).name).toBe(
      'Cabinet Moreau Avocats',
    );
    // Without a version, the last write wins.
    const blind = await client.put(`/api/clients/${created.id}`, { name: 'Cabinet Moreau' });
    expect(blind.status).toBe(200);
    expect(blind.body).toMatchObject({ name: 'Cabinet Moreau', country: 'France', version: 3 });
  });

  it('refuses a name another client holds, and frees the old name on rename', async () => {
    const { client } = await signedInCompany(stack.url, 'Clients renommage');
    const first = await createClient(client, { name: 'Résidence Belle Vue' });
    const second = await createClient(client, { name: 'Mairie de Caluire' });
    const taken = await client.put(`/api/clients/${second.id}`, { name: 'résidence belle vue' });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'conflict', message: 'Un client porte déjà ce nom.' });
    // Same name with another case: its own marker, accepted.
    expect((await client.put(`/api/clients/${first.id}`, { name: 'RÉSIDENCE Belle Vue' })).status).toBe(200);
    expect((await client.put(`/api/clients/${first.id}`, { name: 'Résidence Bellevue' })).status).toBe(200);
    await createClient(client, { name: 'Résidence Belle Vue' });
  });

  it('validates the body, answers 404 for another company’s client, 403 without CSRF', async () => {
    const owner = await signedInCompany(stack.url, 'Clients modification A');
    const stranger = await signedInCompany(stack.url, 'Clients modification B');
    const created = await createClient(owner.client, { name: 'Entreprise Garnier' });
    const invalid = await owner.client.put(`/api/clients/${created.id}`, { name: '', version: 0 });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { details: unknown[] }).details).toEqual([
      { path: 'name', message: 'Le nom est requis' },
      { path: 'version', message: 'La version doit être un nombre entier positif' },
    ]);
    const foreign = await stranger.client.put(`/api/clients/${created.id}`, { name: 'Piraté' });
    expect(foreign.status).toBe(404);
    const csrf = await owner.client.request(
      'PUT',
      `/api/clients/${created.id}`,
      { name: 'X' },
      { csrf: false },
    );
    expect(csrf.status).toBe(403);
    expect(((await owner.client.get(`/api/clients/${created.id}`)).body as ClientBody).name).toBe(
      'Entreprise Garnier',
    );
    owner.client.clearCookies();
    expect((await owner.client.put(`/api/clients/${created.id}`, { name: 'X' })).status).toBe(401);
  });
});

describe('DELETE /api/clients/{id}', () => {
  it('deletes an unused client (204) and frees its name', async () => {
    const { client } = await signedInCompany(stack.url, 'Clients suppression');
    const created = await createClient(client, { name: 'Client éphémère' });
    const removed = await client.delete(`/api/clients/${created.id}`);
    expect(removed.status).toBe(204);
    expect(removed.body).toBeUndefined();
    expect((await client.get(`/api/clients/${created.id}`)).status).toBe(404);
    expect((await client.delete(`/api/clients/${created.id}`)).status).toBe(404);
    await createClient(client, { name: 'Client éphémère' });
  });

  it('refuses while projects, quotes, invoices or documents use the client, naming them', async () => {
    const { client, companyId } = await signedInCompany(stack.url, 'Clients utilisés');
    const used = await createClient(client, { name: 'Client occupé' });
    const project = await projects.create(
      companyId,
      projectCreateInput.parse({ name: 'Cuisine', clientId: used.id }),
    );
    const secondProject = await projects.create(
      companyId,
      projectCreateInput.parse({ name: 'Salle de bain', clientId: used.id }),
    );
    const quote = await createQuote(
      companyId,
      quoteCreateInput.parse({ title: 'Devis cuisine', clientId: used.id }),
    );
    const invoice = await createDraftInvoice(
      companyId,
      invoiceCreateInput.parse({ title: 'Acompte', clientId: used.id, totalAmount: '100' }),
    );
    const document = await documents.create(companyId, {
      name: 'Plan.pdf',
      originalName: 'Plan.pdf',
      type: 'plan',
      tags: [],
      clientId: used.id,
    });

    const refused = await client.delete(`/api/clients/${used.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'conflict',
      message:
        "Ce client est utilisé par 2 projets, 1 devis, 1 facture et 1 document : supprimez-les ou modifiez-les d'abord.",
    });

    await projects.remove(companyId, project.id);
    await projects.remove(companyId, secondProject.id);
    await quotes.remove(companyId, quote.id);
    await documents.remove(companyId, document.id);
    const onlyInvoice = await client.delete(`/api/clients/${used.id}`);
    expect(onlyInvoice.status).toBe(409);
    expect(onlyInvoice.body).toMatchObject({
      message: "Ce client est utilisé par 1 facture : supprimez-la ou modifiez-la d'abord.",
    });
    expect((await client.get(`/api/clients/${used.id}`)).status).toBe(200);

    await invoices.remove(companyId, invoice.id);
    expect((await client.delete(`/api/clients/${used.id}`)).status).toBe(204);
  });

  it('never leaves a project, quote or invoice created during the deletion pointing at a deleted client', async () => {
    const { client } = await signedInCompany(stack.url, 'Clients course');
    const created: { path: string; clientId: string }[] = [];
    for (let round = 0; round < 8; round += 1) {
      const target = await createClient(client, { name: `Client disputé ${round}` });
      const [removed, project, quote, invoice] = await Promise.all([
        client.delete(`/api/clients/${target.id}`),
        client.post('/api/projects', { name: `Chantier ${round}`, clientId: target.id }),
        client.post('/api/quotes', { title: `Devis ${round}`, clientId: target.id }),
        client.post('/api/invoices', { title: `Facture ${round}`, clientId: target.id, totalAmount: '100' }),
      ]);
      const creations = [
        { response: project, path: '/api/projects' },
        { response: quote, path: '/api/quotes' },
        { response: invoice, path: '/api/invoices' },
      ];
      if (removed.status === 204) {
        // The client went first: each creation was refused on its field, none was written.
        for (const { response } of creations) {
          expect(response.status).toBe(400);
          expect(response.body).toMatchObject({
            details: [{ path: 'clientId', message: expect.stringMatching(/^Client introuvable/) as unknown }],
          });
        }
      } else {
        expect(removed.status).toBe(409);
        expect(removed.body).toMatchObject({ message: expect.stringMatching(/^Ce client est utilisé par /) });
      }
      for (const { response, path } of creations) {
        if (response.status === 201) created.push({ path, clientId: target.id });
        else expect(response.status).toBe(400);
      }
    }
    for (const { clientId } of created) {
      expect((await client.get(`/api/clients/${clientId}`)).status).toBe(200);
    }
  });

  it('answers 404 for another company’s client, 403 without CSRF, 401 without a session', async () => {
    const owner = await signedInCompany(stack.url, 'Clients suppression A');
    const stranger = await signedInCompany(stack.url, 'Clients suppression B');
    const created = await createClient(owner.client, { name: 'Client protégé' });
    const foreign = await stranger.client.delete(`/api/clients/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'not_found', message: 'Client introuvable.' });
    const csrf = await owner.client.request('DELETE', `/api/clients/${created.id}`, undefined, {
      csrf: false,
    });
    expect(csrf.status).toBe(403);
    owner.client.clearCookies();
    expect((await owner.client.delete(`/api/clients/${created.id}`)).status).toBe(401);
    expect((await stranger.client.get('/api/clients')).body).toEqual([]);
  });
});
