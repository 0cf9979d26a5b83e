import { parseMoney, sumCents } from '@btp/shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogins, loadDemoData } from '../src/demo.js';
import { TestClient } from './http-client.js';
import { startTestStack, testSetupToken } from './support.js';

let stack: Awaited<ReturnType<typeof startTestStack>>;

beforeAll(async () => {
  stack = await startTestStack();
  expect(await loadDemoData(testSetupToken)).toBe(true);
}, 180_000);

afterAll(async () => {
  await stack?.dispose();
});

describe('DEMO=1', () => {
  it('fills every list of the demo company and the dashboard', async () => {
    const demo = new TestClient(stack.url);
    const login = await demo.post('/api/auth/login', {
      identifier: demoLogins.companyAdmin.username,
      password: demoLogins.companyAdmin.password,
    });
    expect(login.status).toBe(200);
    for (const path of [
      '/api/clients',
      '/api/suppliers',
      '/api/projects',
      '/api/quotes',
      '/api/supplier-quotes',
      '/api/supplier-invoices',
      '/api/progress-reports',
      '/api/invoices',
      '/api/documents',
    ]) {
      const response = await demo.get(path);
      expect(response.status, path).toBe(200);
      expect((response.body as unknown[]).length, path).toBeGreaterThan(0);
    }
    const projects = (await demo.get('/api/projects')).body as {
      id: string;
      status: string;
      estimatedBudget?: string;
    }[];
    expect(new Set(projects.map((project) => project.status))).toEqual(
      new Set(['planning', 'in_progress', 'on_hold', 'completed', 'cancelled']),
    );
    const invoices = (await demo.get('/api/invoices')).body as { status: string }[];
    expect(new Set(invoices.map((invoice) => invoice.status))).toEqual(
      new Set(['paid', 'sent', 'overdue', 'draft']),
    );
    const reports = (await demo.get('/api/progress-reports')).body as { status: string }[];
    expect(new Set(reports.map((report) => report.status))).toEqual(
      new Set(['pending', 'validated', 'signed']),
    );

    // The Garnier extension is billed by situations: a deposit, two situations paid, one draft
    // from the signed progress report (63 % on every line).
    const quotes = (await demo.get('/api/quotes')).body as {
      id: string;
      title: string;
      totalAmount: string;
      projectId?: string;
    }[];
    const garnier = quotes.find((quote) => quote.title.startsWith('Extension maison Garnier'));
    const billing = (await demo.get(`/api/quotes/${garnier?.id}/billing`)).body as {
      invoices: { kind: string; status: string; situationIndex?: number }[];
      retentionHeld: string;
      depositsDeducted: string;
      draftSituationId?: string;
    };
    expect(billing.invoices.map((invoice) => [invoice.kind, invoice.status, invoice.situationIndex])).toEqual(
      [
        ['deposit', 'paid', undefined],
        ['progress', 'paid', 1],
        ['progress', 'paid', 2],
        ['progress', 'draft', 3],
      ],
    );
    expect(Number(billing.retentionHeld)).toBeGreaterThan(0);
    expect(Number(billing.depositsDeducted)).toBeGreaterThan(0);
    const draft = (await demo.get(`/api/invoices/${billing.draftSituationId}`)).body as {
      situation: { lines: { cumulativePercent: string }[] };
    };
    expect(new Set(draft.situation.lines.map((line) => line.cumulativePercent))).toEqual(new Set(['63.00']));

    const stats = (await demo.get('/api/dashboard/stats')).body as {
      activeProjects: number;
      pendingQuotes: number;
      monthlyRevenue: string;
      profitMargin: string;
      raw: { revenuePaid: string; expensesPaid: string; profitMarginPercent: string | null };
    };
    expect(stats.activeProjects).toBeGreaterThan(0);
    expect(stats.pendingQuotes).toBeGreaterThan(0);
    expect(stats.monthlyRevenue).not.toMatch(/^0,00/);
    // A margin a building SME would believe: the supplier invoices paid (materials,
    // subcontracting, rentals) take most of the revenue cashed, not a few percent of it.
    const margin = Number(stats.raw.profitMarginPercent);
    expect(margin).toBeGreaterThanOrEqual(10);
    expect(margin).toBeLessThanOrEqual(40);
    expect(Number(stats.raw.revenuePaid)).toBeGreaterThan(50_000);
    expect(Number(stats.raw.expensesPaid)).toBeGreaterThan(Number(stats.raw.revenuePaid) / 2);

    // The quotes are sized to their chantiers: the kitchen's is its budget, some 18 500 € HT.
    const kitchen = quotes.find((quote) => quote.title === 'Rénovation cuisine Durand');
    expect(Number(kitchen?.totalAmount)).toBeGreaterThan(15_000);
    const budget = projects.find((project) => project.id === kitchen?.projectId)?.estimatedBudget;
    expect(budget).toBe(kitchen?.totalAmount);

    const [document] = (await demo.get('/api/documents')).body as { id: string; size: number }[];
    const download = (await demo.get(`/api/documents/${document!.id}/download`)).body as { url: string };
    const file = await fetch(download.url);
    expect(file.status).toBe(200);
    expect((await file.arrayBuffer()).byteLength).toBe(document!.size);
  });

  it('gives the demo company a price library and a devis built from it in lots', async () => {
    const demo = new TestClient(stack.url);
    await demo.post('/api/auth/login', {
      identifier: demoLogins.companyAdmin.username,
      password: demoLogins.companyAdmin.password,
    });
    const families = (await demo.get('/api/library/families')).body as {
      name: string;
      articles: number;
      ouvrages: number;
    }[];
    expect(families.reduce((sum, family) => sum + family.articles, 0)).toBeGreaterThanOrEqual(150);
    expect(families.reduce((sum, family) => sum + family.ouvrages, 0)).toBeGreaterThanOrEqual(25);
    expect(families.map((family) => family.name)).toEqual(
      expect.arrayContaining([
        'Carrelage',
        'Électricité',
        'Gros œuvre',
        'Peinture',
        'Plâtrerie',
        'Plomberie',
      ]),
    );
    const wall = (
      (await demo.get('/api/library/search?q=mur%20parpaings%2020&kind=ouvrage')).body as {
        designation: string;
        unitCost: string;
      }[]
    )[0];
    expect(wall).toMatchObject({ designation: 'Mur en parpaings de 20', unitCost: '50.83' });
    const quotes = (await demo.get('/api/quotes?q=Rénovation d’un appartement')).body as { id: string }[];
    const quote = (await demo.get(`/api/quotes/${quotes[0]?.id}`)).body as {
      sections: { section: string; title: string; totalHT: string }[];
      totalAmount: string;
    };
    expect(quote.sections.map((section) => `${section.section} ${section.title}`)).toEqual([
      '1 Maçonnerie',
      '2 Plâtrerie et isolation',
      '2.1 Cloisons et plafonds',
      '2.2 Isolation',
      '3 Salle de bains',
      '4 Électricité',
      '5 Peinture',
    ]);
    const lots = quote.sections.filter((section) => !section.section.includes('.'));
    expect(sumCents(lots.map((section) => parseMoney(section.totalHT)))).toBe(parseMoney(quote.totalAmount));
  });

  it('signs in the super administrator, and does nothing a second time', async () => {
    const admin = new TestClient(stack.url);
    const login = await admin.post('/api/auth/login', {
      identifier: demoLogins.superAdmin.username,
      password: demoLogins.superAdmin.password,
    });
    expect(login.status).toBe(200);
    const users = (await admin.get('/api/admin/users')).body as unknown[];
    expect(users.length).toBe(3);
    expect(await loadDemoData(testSetupToken)).toBe(false);
  });
});
