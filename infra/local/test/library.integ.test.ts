import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { quotes } from '../../../functions/src/data/entities/quotes.js';
import { suppliers } from '../../../functions/src/data/entities/suppliers.js';
import type { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';

/**
 * The price library through the local gateway (docs/library.md): articles, ouvrages and their
 * déboursé (LIBRARY.md's worked example), cycles and levels, deletion in use, search, families,
 * devis with lots built from the library and « Actualiser les prix », and tenancy.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;

interface Company {
  client: TestClient;
  companyId: string;
  supplierId: string;
  otherSupplierId: string;
  customerId: string;
}

interface ErrorBody {
  error: string;
  message: string;
  details?: { path: string; message: string }[];
}

interface OuvrageBody {
  id: string;
  version: number;
  unitCost: string;
  levels: number;
  components: { designation: string; unitCost: string; cost: string; kind: string }[];
}

async function company(name: string): Promise<Company> {
  const { client, companyId } = await signedInCompany(stack.url, name);
  const supplier = await suppliers.create(companyId, { name: 'Point P', country: 'France', specialties: [] });
  const other = await suppliers.create(companyId, { name: 'Gedimat', country: 'France', specialties: [] });
  const customer = await clients.create(companyId, {
    name: 'M. Garnier',
    country: 'France',
    kind: 'individual',
  });
  return { client, companyId, supplierId: supplier.id, otherSupplierId: other.id, customerId: customer.id };
}

async function created<T>(client: TestClient, path: string, body: unknown): Promise<T> {
  const response = await client.post(path, body);
  if (response.status !== 201)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as T;
}

let a: Company;
let b: Company;
let parpaing: { id: string; version: number };
let mortier: { id: string };
let macon: { id: string; version: number };
let wall: OuvrageBody;

beforeAll(async () => {
  stack = await startTestStack();
  a = await company('Dupont Bâtiment');
  b = await company('Martin Rénovation');
  parpaing = await created(a.client, '/api/library/articles', {
    resourceType: 'materials',
    reference: 'PAR-20-50',
    designation: 'Parpaing 20×20×50',
    unit: 'u',
    unitCost: '1,48',
    supplierId: a.supplierId,
    family: 'Gros œuvre › Maçonnerie',
  });
  mortier = await created(a.client, '/api/library/articles', {
    resourceType: 'materials',
    designation: 'Mortier bâtard',
    unit: 'm³',
    unitCost: 142.6,
    family: 'Gros œuvre > Béton',
  });
  macon = await created(a.client, '/api/library/articles', {
    resourceType: 'labor',
    designation: 'Maçon N3P2',
    unit: 'h',
    unitCost: '38.75',
    family: "Main-d'œuvre",
  });
  wall = await created(a.client, '/api/library/ouvrages', {
    code: 'MAC-020',
    designation: 'Mur en parpaings de 20',
    unit: 'm²',
    family: 'Gros œuvre › Maçonnerie',
    components: [
      { articleId: parpaing.id, quantity: 10, lossRate: 5 },
      { articleId: mortier.id, quantity: '0,015', lossRate: '10' },
      { articleId: macon.id, quantity: '0.850' },
    ],
  });
});

afterAll(async () => {
  await stack?.dispose();
});

describe('articles and ouvrages', () => {
  it('answers the worked example’s déboursé: 15.54 + 2.35 + 32.94 = 50.83 per m²', async () => {
    expect(wall.unitCost).toBe('50.83');
    expect(wall.levels).toBe(1);
    expect(
      wall.components.map((component) => [component.designation, component.unitCost, component.cost]),
    ).toEqual([
      ['Parpaing 20×20×50', '1.48', '15.54'],
      ['Mortier bâtard', '142.60', '2.35'],
      ['Maçon N3P2', '38.75', '32.94'],
    ]);
    const read = await a.client.get(`/api/library/ouvrages/${wall.id}`);
    expect((read.body as OuvrageBody).unitCost).toBe('50.83');
  });

  it('keeps a reference unique per supplier, not across suppliers', async () => {
    const same = await a.client.post('/api/library/articles', {
      resourceType: 'materials',
      reference: 'par-20-50',
      designation: 'Autre parpaing',
      unit: 'u',
      unitCost: 1,
      supplierId: a.supplierId,
    });
    expect(same.status).toBe(409);
    expect((same.body as ErrorBody).message).toBe(
      'Cet article existe déjà chez ce fournisseur (même référence).',
    );
    const elsewhere = await a.client.post('/api/library/articles', {
      resourceType: 'materials',
      reference: 'PAR-20-50',
      designation: 'Parpaing Gedimat',
      unit: 'u',
      unitCost: 1.52,
      supplierId: a.otherSupplierId,
    });
    expect(elsewhere.status).toBe(201);
  });

  it('keeps a supplier that has articles', async () => {
    const response = await a.client.delete(`/api/suppliers/${a.otherSupplierId}`);
    expect(response.status).toBe(409);
    expect((response.body as ErrorBody).message).toBe(
      "Ce fournisseur est utilisé par 1 article de la bibliothèque : supprimez-le ou modifiez-le d'abord.",
    );
  });

  it('refuses negative costs and quantities, an unknown article and another company’s, naming the field', async () => {
    const negative = await a.client.post('/api/library/articles', {
      resourceType: 'materials',
      designation: 'Sable',
      unit: 't',
      unitCost: -1,
    });
    expect(negative.status).toBe(400);
    expect((negative.body as ErrorBody).details).toEqual([
      { path: 'unitCost', message: 'Le coût unitaire doit être un nombre positif ou nul' },
    ]);
    const foreign = await created<{ id: string }>(b.client, '/api/library/articles', {
      resourceType: 'materials',
      designation: 'Sable de B',
      unit: 't',
      unitCost: 30,
    });
    const refused = await a.client.post('/api/library/ouvrages', {
      designation: 'Chape',
      unit: 'm²',
      components: [
        { articleId: macon.id, quantity: -0.2 },
        { articleId: foreign.id, quantity: 0.05 },
      ],
    });
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorBody).details).toEqual([
      { path: 'components.0.quantity', message: 'La quantité doit être un nombre positif' },
    ]);
    const unknown = await a.client.post('/api/library/ouvrages', {
      designation: 'Chape',
      unit: 'm²',
      components: [
        { articleId: macon.id, quantity: 0.2 },
        { articleId: foreign.id, quantity: 0.05 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect((unknown.body as ErrorBody).details).toEqual([
      {
        path: 'components.1.articleId',
        message: 'Article introuvable : choisissez un article de votre bibliothèque.',
      },
    ]);
    expect((await a.client.get(`/api/library/articles/${foreign.id}`)).status).toBe(404);
  });

  it('nests ouvrages up to 3 levels, refuses a 4th and a cycle, each on the component', async () => {
    const one = wall;
    const two = await created<OuvrageBody>(a.client, '/api/library/ouvrages', {
      designation: 'Pignon maçonné',
      unit: 'u',
      components: [{ ouvrageId: one.id, quantity: 12 }],
    });
    expect(two).toMatchObject({ levels: 2, unitCost: '609.96' }); // 12 × 50.83
    const three = await created<OuvrageBody>(a.client, '/api/library/ouvrages', {
      designation: 'Extension complète',
      unit: 'forfait',
      components: [
        { ouvrageId: two.id, quantity: 2 },
        { articleId: macon.id, quantity: 8 },
      ],
    });
    expect(three).toMatchObject({ levels: 3, unitCost: '1529.92' }); // 2 × 609.96 + 8 × 38.75
    const four = await a.client.post('/api/library/ouvrages', {
      designation: 'Trop profond',
      unit: 'u',
      components: [{ ouvrageId: three.id, quantity: 1 }],
    });
    expect(four.status).toBe(400);
    expect((four.body as ErrorBody).details?.[0]).toEqual({
      path: 'components.0.ouvrageId',
      message:
        'Un ouvrage compte au plus 3 niveaux (ouvrages dans des ouvrages) : « Extension complète » en ajouterait un 4e.',
    });
    // The bottom ouvrage may not grow a level either: the top one would have four.
    const leaf = await created<OuvrageBody>(a.client, '/api/library/ouvrages', {
      designation: 'Enduit',
      unit: 'm²',
      components: [{ articleId: mortier.id, quantity: 0.02 }],
    });
    const oneRead = (await a.client.get(`/api/library/ouvrages/${one.id}`)).body as OuvrageBody;
    const deeper = await a.client.put(`/api/library/ouvrages/${one.id}`, {
      code: 'MAC-020',
      designation: 'Mur en parpaings de 20',
      unit: 'm²',
      family: 'Gros œuvre › Maçonnerie',
      components: [
        { articleId: parpaing.id, quantity: 10, lossRate: 5 },
        { articleId: mortier.id, quantity: 0.015, lossRate: 10 },
        { articleId: macon.id, quantity: 0.85 },
        { ouvrageId: leaf.id, quantity: 2 },
      ],
      version: oneRead.version,
    });
    expect(deeper.status).toBe(400);
    expect((deeper.body as ErrorBody).details?.[0]?.path).toBe('components.3.ouvrageId');
    const cycle = await a.client.put(`/api/library/ouvrages/${one.id}`, {
      designation: 'Mur en parpaings de 20',
      unit: 'm²',
      components: [{ ouvrageId: two.id, quantity: 1 }],
      version: oneRead.version,
    });
    expect(cycle.status).toBe(400);
    expect((cycle.body as ErrorBody).details).toEqual([
      {
        path: 'components.0.ouvrageId',
        message:
          'Cet ouvrage contient déjà « Pignon maçonné » : un ouvrage ne peut pas se contenir lui-même.',
      },
    ]);
    const itself = await a.client.put(`/api/library/ouvrages/${leaf.id}`, {
      designation: 'Enduit',
      unit: 'm²',
      components: [{ ouvrageId: leaf.id, quantity: 1 }],
    });
    expect((itself.body as ErrorBody).details?.[0]?.message).toBe(
      'Un ouvrage ne peut pas se contenir lui-même.',
    );
    // Cleaned up for the tests below (the deletions go top down).
    expect((await a.client.delete(`/api/library/ouvrages/${three.id}`)).status).toBe(204);
    expect((await a.client.delete(`/api/library/ouvrages/${two.id}`)).status).toBe(204);
    expect((await a.client.delete(`/api/library/ouvrages/${leaf.id}`)).status).toBe(204);
  });

  it('refuses to delete an article or an ouvrage an ouvrage uses, naming it', async () => {
    const refused = await a.client.delete(`/api/library/articles/${macon.id}`);
    expect(refused.status).toBe(409);
    expect((refused.body as ErrorBody).message).toBe(
      "Cet article est utilisé par l'ouvrage « Mur en parpaings de 20 » : retirez-le d'abord de cet ouvrage.",
    );
    const spare = await created<{ id: string }>(a.client, '/api/library/articles', {
      resourceType: 'equipment',
      designation: 'Bétonnière 350 L',
      unit: 'j',
      unitCost: 35,
    });
    const user = await created<OuvrageBody>(a.client, '/api/library/ouvrages', {
      designation: 'Béton coulé',
      unit: 'm³',
      components: [{ articleId: spare.id, quantity: 0.1 }],
    });
    const parent = await created<OuvrageBody>(a.client, '/api/library/ouvrages', {
      designation: 'Dalle',
      unit: 'm²',
      components: [{ ouvrageId: user.id, quantity: 0.12 }],
    });
    expect((await a.client.delete(`/api/library/ouvrages/${user.id}`)).status).toBe(409);
    expect((await a.client.delete(`/api/library/ouvrages/${parent.id}`)).status).toBe(204);
    expect((await a.client.delete(`/api/library/ouvrages/${user.id}`)).status).toBe(204);
    expect((await a.client.delete(`/api/library/articles/${spare.id}`)).status).toBe(204);
    expect((await a.client.get(`/api/library/articles/${spare.id}`)).status).toBe(404);
  });
});

describe('search, lists and families', () => {
  it('finds by the start of words of designation, reference, code or family, accents and case ignored', async () => {
    const search = async (q: string) =>
      (
        (await a.client.get(`/api/library/search?q=${encodeURIComponent(q)}`)).body as {
          kind: string;
          designation: string;
          unitCost: string;
        }[]
      ).map((item) => `${item.kind}:${item.designation}`);
    // The whole word first, then « Maçonnerie » (the family of the wall and the parpaing).
    expect(await search('MACON')).toEqual([
      'article:Maçon N3P2',
      'ouvrage:Mur en parpaings de 20',
      'article:Parpaing 20×20×50',
    ]);
    expect(await search('parp')).toEqual(
      expect.arrayContaining(['article:Parpaing 20×20×50', 'ouvrage:Mur en parpaings de 20']),
    );
    // The reference without its separators: the parpaing of both suppliers (« PAR-20-50 » at the other).
    expect((await search('par2050')).sort()).toEqual([
      'article:Parpaing 20×20×50',
      'article:Parpaing Gedimat',
    ]);
    expect(await search('mac-020')).toEqual(['ouvrage:Mur en parpaings de 20']);
    expect(await search('béton MORT')).toEqual(['article:Mortier bâtard']);
    expect(await search('paing')).toEqual([]);
    // Whole word first: « mur » is a word of the ouvrage; « mortier » starts with « m ».
    expect((await search('mur'))[0]).toBe('ouvrage:Mur en parpaings de 20');
    const withCost = (await a.client.get('/api/library/search?q=mur')).body as { unitCost: string }[];
    expect(withCost[0]?.unitCost).toBe('50.83');
  });

  it('pages a search with x-next-cursor, each record once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await a.client.get(
        `/api/library/search?q=p&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(response.status).toBe(200);
      seen.push(...(response.body as { id: string }[]).map((item) => item.id));
      cursor = response.headers.get('x-next-cursor');
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe(3); // two parpaings and the wall
    expect((await a.client.get('/api/library/search?q=p&cursor=bad')).status).toBe(400);
  });

  it('lists by family and counts the family tree', async () => {
    const list = await a.client.get(`/api/library/articles?family=${encodeURIComponent('gros oeuvre')}`);
    expect((list.body as { designation: string }[]).map((item) => item.designation)).toEqual([
      'Mortier bâtard',
      'Parpaing 20×20×50',
    ]);
    const tree = (await a.client.get('/api/library/families')).body as {
      name: string;
      articles: number;
      ouvrages: number;
      children: { name: string; articles: number; ouvrages: number }[];
    }[];
    const grosOeuvre = tree.find((node) => node.name === 'Gros œuvre');
    expect(grosOeuvre).toMatchObject({ articles: 2, ouvrages: 1 });
    expect(grosOeuvre?.children.map((child) => [child.name, child.articles, child.ouvrages])).toEqual([
      ['Béton', 1, 0],
      ['Maçonnerie', 1, 1],
    ]);
  });

  it('never shows another company’s library', async () => {
    expect((await b.client.get('/api/library/search?q=parp')).body).toEqual([]);
    expect((await b.client.get('/api/library/articles')).body).toEqual([
      expect.objectContaining({ designation: 'Sable de B' }),
    ]);
    expect((await b.client.get(`/api/library/ouvrages/${wall.id}`)).status).toBe(404);
    expect((await b.client.delete(`/api/library/articles/${macon.id}`)).status).toBe(404);
    const cursor = (await a.client.get('/api/library/search?q=p&limit=1')).headers.get('x-next-cursor') ?? '';
    expect(
      (await b.client.get(`/api/library/search?q=p&limit=1&cursor=${encodeURIComponent(cursor)}`)).status,
    ).toBe(400);
  });
});

describe('a devis built from the library, with lots', () => {
  it('prices an ouvrage line at its snapshot’s déboursé, answers the lots’ subtotals, refreshes a draft', async () => {
    const response = await a.client.post('/api/quotes', {
      title: 'Extension Garnier',
      clientId: a.customerId,
      overheadPercentage: '10',
      marginPercentage: '15',
      items: [
        { kind: 'heading', section: '1', title: 'Maçonnerie' },
        { kind: 'heading', section: '1.1', title: 'Élévation' },
        {
          section: '1.1',
          resourceType: 'materials',
          description: 'Mur en parpaings de 20',
          unit: 'm²',
          quantity: '42.5',
          unitPrice: '1.00',
          vatRate: '10.00',
          ouvrageId: wall.id,
          sortOrder: 1,
          components: [
            {
              articleId: parpaing.id,
              resourceType: 'materials',
              designation: 'Parpaing',
              unit: 'u',
              quantity: 10,
              lossRate: 5,
              unitCost: '1.48',
            },
            {
              articleId: mortier.id,
              resourceType: 'materials',
              designation: 'Mortier',
              unit: 'm³',
              quantity: 0.015,
              lossRate: 10,
              unitCost: '142.60',
            },
            {
              articleId: macon.id,
              resourceType: 'labor',
              designation: 'Maçon',
              unit: 'h',
              quantity: 0.85,
              unitCost: '38.75',
            },
          ],
        },
        { kind: 'heading', section: '2', title: 'Finitions' },
        {
          section: '2',
          resourceType: 'labor',
          description: 'Nettoyage',
          unit: 'h',
          quantity: 2,
          unitPrice: 30,
          vatRate: '10.00',
          articleId: macon.id,
          sortOrder: 2,
        },
      ],
    });
    expect(response.status).toBe(201);
    const quote = response.body as {
      id: string;
      version: number;
      items: { unitPrice: string; saleUnitPrice: string; saleTotal: string; section?: string }[];
      sections: { section: string; title: string; totalHT: string }[];
      totalAmount: string;
    };
    expect(quote.items[0]).toMatchObject({
      unitPrice: '50.83',
      saleUnitPrice: '64.30',
      saleTotal: '2732.75',
      section: '1.1',
    });
    expect(quote.sections).toEqual([
      { section: '1', title: 'Maçonnerie', totalHT: '2732.75' },
      { section: '1.1', title: 'Élévation', totalHT: '2732.75' },
      { section: '2', title: 'Finitions', totalHT: '75.90' }, // 2 × round(30 × 1.265)
    ]);
    // The maçon's cost rises: no devis changes by itself.
    await a.client.put(`/api/library/articles/${macon.id}`, {
      resourceType: 'labor',
      designation: 'Maçon N3P2',
      unit: 'h',
      unitCost: '40.10',
      family: "Main-d'œuvre",
    });
    expect(((await a.client.get(`/api/quotes/${quote.id}`)).body as typeof quote).items[0]?.unitPrice).toBe(
      '50.83',
    );
    const preview = await a.client.post(`/api/quotes/${quote.id}/refresh-prices`, {});
    expect(preview.status).toBe(200);
    const body = preview.body as {
      lines: {
        outcome: string;
        old: { unitPrice: string };
        new: { unitPrice: string; saleUnitPrice: string; saleTotal: string };
      }[];
      old: { totalAmount: string };
      new: { totalAmount: string };
      changed: number;
      quote: unknown;
    };
    expect(body.lines.map((line) => [line.outcome, line.old.unitPrice, line.new.unitPrice])).toEqual([
      ['updated', '50.83', '51.98'],
      ['updated', '30.00', '40.10'],
    ]);
    expect(body.lines[0]?.new).toEqual({ unitPrice: '51.98', saleUnitPrice: '65.75', saleTotal: '2794.38' });
    expect(body.changed).toBe(2);
    expect(body.quote).toBeNull();
    expect(((await a.client.get(`/api/quotes/${quote.id}`)).body as typeof quote).items[0]?.unitPrice).toBe(
      '50.83',
    );
    const stale = await a.client.post(`/api/quotes/${quote.id}/refresh-prices`, {
      apply: true,
      version: quote.version + 5,
    });
    expect(stale.status).toBe(409);
    const applied = await a.client.post(`/api/quotes/${quote.id}/refresh-prices`, {
      apply: true,
      version: quote.version,
    });
    expect(applied.status).toBe(200);
    const saved = (applied.body as { quote: typeof quote }).quote;
    expect(saved.items[0]).toMatchObject({ unitPrice: '51.98', saleTotal: '2794.38' });
    expect(saved.sections[0]).toEqual({ section: '1', title: 'Maçonnerie', totalHT: '2794.38' });
    // A sent devis never changes.
    await quotes.update(a.companyId, quote.id, (current) => ({ ...current, status: 'sent' }));
    const sent = await a.client.post(`/api/quotes/${quote.id}/refresh-prices`, {});
    expect(sent.status).toBe(409);
    expect((sent.body as ErrorBody).message).toBe(
      'Ce devis est « Envoyé » : seul un devis en brouillon peut être actualisé.',
    );
  });

  it('refuses a line in a lot that has no heading, naming the row', async () => {
    const response = await a.client.post('/api/quotes', {
      title: 'Lots incohérents',
      clientId: a.customerId,
      items: [{ section: '3', resourceType: 'labor', quantity: 1, unitPrice: 1 }],
    });
    expect(response.status).toBe(400);
    expect((response.body as ErrorBody).details).toEqual([
      {
        path: 'items.0.section',
        message: "Le lot 3 n'existe pas : ajoutez son titre ou choisissez un autre lot",
      },
    ]);
  });
});
