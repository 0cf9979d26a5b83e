import { beforeAll, describe, expect, it } from 'vitest';
import { startTestStack } from './support.js';
import { frenchAmount } from '@btp/shared/cost-sheet';
import { detailsOf, pdfText, type ErrorBody } from './support/answers.js';
import {
  addProject,
  addSupplier,
  addWorker,
  companyWithClient,
  signedQuote,
  type CompanyRecords,
} from './support/records.js';

/** A chantier's Rentabilité through the API (docs/profitability.md), and the Finances list. */
const stack = await startTestStack();

let company: CompanyRecords;
let other: CompanyRecords;
let quote: { id: string; number: string; items: { id: string }[] };
let workerId: string;

// The wall of LIBRARY.md's example (42.5 m² at a déboursé of 50.83) and 10 h of finishing at 40.00,
// sold with a 20 % margin (K = 1.2): 2,592.50 + 480.00 HT for 2,160.28 + 400.00 of cost.
const wall = {
  resourceType: 'materials',
  description: 'Mur en parpaings de 20',
  unit: 'm²',
  quantity: '42.5',
  unitPrice: '50.83',
  vatRate: '10',
  components: [
    {
      resourceType: 'materials',
      designation: 'Parpaing',
      unit: 'u',
      quantity: '10',
      lossRate: '5',
      unitCost: '1.48',
    },
    {
      resourceType: 'materials',
      designation: 'Mortier',
      unit: 'm³',
      quantity: '0.015',
      lossRate: '10',
      unitCost: '142.60',
    },
    { resourceType: 'labor', designation: 'Maçon', unit: 'h', quantity: '0.850', unitCost: '38.75' },
  ],
};
const finishing = {
  resourceType: 'labor',
  description: 'Finitions',
  unit: 'h',
  quantity: '10',
  unitPrice: '40',
  vatRate: '10',
};

beforeAll(async () => {
  [company, other] = await Promise.all([
    companyWithClient(stack, 'Rentable', { profile: true }),
    companyWithClient(stack, 'Voisin'),
  ]);
  quote = await signedQuote(company, {
    overheadPercentage: '0',
    marginPercentage: '20',
    items: [wall, finishing],
  });
  workerId = (await addWorker(company.companyId, { name: 'Marc Maçon', hourlyCost: '38.75' })).id;
}, 120_000);

interface Tab {
  contract: string;
  revenue: string;
  budget: { byResourceType: Record<string, string>; total: string; hours: string };
  actual: { byResourceType: Record<string, string>; total: string; hours: string; laborCost: string };
  billed: { total: string };
  forecast: { total: string; method: string; progressTotal: string };
  margin: string;
  marginPercent: string | null;
  alerts: { kind: string; message: string }[];
  alertThreshold: string;
  quotes: { number: string }[];
}

const tab = async () => {
  const response = await company.http.get(`/api/projects/${company.projectId}/profitability`);
  expect(response.status).toBe(200);
  return response.body as Tab;
};

describe('GET /api/projects/{id}/profitability', () => {
  it('reads the budget from the signed devis’ snapshots, the actual from the hours entered', async () => {
    const before = await tab();
    expect(before.quotes.map((signed) => signed.number)).toEqual([quote.number]);
    expect(before.budget).toMatchObject({
      total: '2560.28',
      hours: '46.13',
      byResourceType: { materials: '760.33', labor: '1799.95', rental: '0.00' },
    });
    expect(before.contract).toBe('3072.50');
    expect(before.forecast).toMatchObject({ total: '2560.28', method: 'progress' });
    expect(before.margin).toBe('512.22');
    expect(before.marginPercent).toBe('16.67');
    for (const date of ['2026-05-04', '2026-05-05', '2026-05-06']) {
      const entry = await company.http.post('/api/time-entries', {
        workerId,
        projectId: company.projectId,
        date,
        hours: '8',
        itemId: quote.items[0]?.id,
      });
      expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    }
    const after = await tab();
    expect(after.actual).toMatchObject({ hours: '24.00', laborCost: '930.00', total: '930.00' });
    expect(after.actual.byResourceType.labor).toBe('930.00');
    // Progress 0 %: the whole budget is still to spend on top of what was.
    expect(after.forecast.total).toBe('3490.28');
    expect(after.margin).toBe('-417.78');
    expect(after.alerts.map((alert) => alert.kind)).toEqual(['forecast', 'negative_margin']);
  });

  it('follows the progress, the manager’s estimate and the company’s threshold', async () => {
    const project = (await company.http.get(`/api/projects/${company.projectId}`)).body as Record<
      string,
      unknown
    >;
    expect(
      (await company.http.put(`/api/projects/${company.projectId}`, { ...project, progress: 60 })).status,
    ).toBe(200);
    // 930.00 + 40 % of 2,560.28 (1,024.11) = 1,954.11.
    expect((await tab()).forecast.total).toBe('1954.11');
    const estimated = await company.http.put(`/api/projects/${company.projectId}/cost-estimate`, {
      costEstimate: '2 800,00',
    });
    expect(estimated.status).toBe(200);
    expect(estimated.body).toMatchObject({
      costEstimate: '2800.00',
      forecast: { total: '2800.00', method: 'estimate', progressTotal: '1954.11' },
      margin: '272.50',
    });
    // The project's own PUT keeps the estimate.
    const read = (await company.http.get(`/api/projects/${company.projectId}`)).body as Record<
      string,
      unknown
    >;
    expect(
      (await company.http.put(`/api/projects/${company.projectId}`, { ...read, costEstimate: undefined }))
        .status,
    ).toBe(200);
    expect((await tab()).forecast.method).toBe('estimate');
    const cleared = await company.http.put(`/api/projects/${company.projectId}/cost-estimate`, {
      costEstimate: null,
    });
    expect((cleared.body as Tab).forecast.method).toBe('progress');
    const refused = await company.http.put('/api/company/costing', { costAlertThreshold: '120' });
    expect(refused.status).toBe(400);
    expect(detailsOf(refused.body).costAlertThreshold).toBe(
      "Le seuil d'alerte doit être un pourcentage entre 0 et 100, avec au plus deux décimales",
    );
    expect((await company.http.put('/api/company/costing', { costAlertThreshold: '0' })).status).toBe(200);
    expect((await tab()).alertThreshold).toBe('0.00');
  });

  it('answers another company’s chantier as an unknown one', async () => {
    const foreign = await other.http.get(`/api/projects/${company.projectId}/profitability`);
    const unknown = await other.http.get('/api/projects/0190a7c4-0000-7000-8000-000000000000/profitability');
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual(unknown.body);
    expect((foreign.body as ErrorBody).message).toBe('Projet introuvable.');
    const write = await other.http.put(`/api/projects/${company.projectId}/cost-estimate`, {
      costEstimate: '1',
    });
    expect(write.status).toBe(404);
    expect((await other.http.put('/api/company/costing', { costAlertThreshold: '5' })).status).toBe(200);
    expect((await tab()).alertThreshold).toBe('0.00');
  });

  it('exports the cost sheet as a PDF and a CSV holding the tab’s figures, through presigned links', async () => {
    const figures = await tab();
    const amount = (value: string) => frenchAmount(value);
    const pdfLink = await company.http.get(`/api/projects/${company.projectId}/cost-sheet`);
    expect(pdfLink.status).toBe(200);
    const pdf = await fetch((pdfLink.body as { url: string }).url);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toContain(
      'Fiche%20de%20co%C3%BBts%20-%20Chantier%20de%20Rentable',
    );
    const text = (await pdfText(new Uint8Array(await pdf.arrayBuffer()))).replace(/\s+/g, ' ');
    for (const value of [
      figures.actual.total,
      figures.budget.total,
      figures.forecast.total,
      figures.margin,
      figures.revenue,
    ]) {
      expect(text).toContain(amount(value).replace(/\u00a0/g, ' '));
    }
    expect(text).toContain('Fiche de coûts');
    const csvLink = await company.http.get(`/api/projects/${company.projectId}/cost-sheet?format=csv`);
    const csv = await (await fetch((csvLink.body as { url: string }).url)).text();
    expect(csv).toContain(`"Total";"${amount(figures.budget.total)}"`);
    expect(csv).toContain(`"Coûts réels HT";"${amount(figures.actual.total)} €"`);
    const wrong = await company.http.get(`/api/projects/${company.projectId}/cost-sheet?format=xls`);
    expect(wrong.status).toBe(400);
    expect(detailsOf(wrong.body)['query.format'] ?? detailsOf(wrong.body).format).toBe(
      'Format inconnu : choisissez pdf ou csv',
    );
    expect((await other.http.get(`/api/projects/${company.projectId}/cost-sheet`)).status).toBe(404);
  });

  it('lists every chantier with its margin on Finances, worst first', async () => {
    const response = await company.http.get('/api/finances/projects');
    expect(response.status).toBe(200);
    const rows = response.body as {
      project: { id: string };
      margin: string;
      budget: string;
      actual: string;
    }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      project: { id: company.projectId },
      budget: '2560.28',
      actual: '930.00',
    });
    expect(((await other.http.get('/api/finances/projects')).body as unknown[]).length).toBe(1);
  });
});

describe('the actual costs of a chantier from its supplier invoices (docs/purchases.md)', () => {
  it('reads the lines HT by resource type and chantier, deducts credit notes, leaves cancelled ones out', async () => {
    const buyer = await companyWithClient(stack, 'Achats chantier');
    const elsewhere = await addProject(buyer.companyId, buyer.clientId, { name: 'Autre chantier' });
    const supplier = await addSupplier(buyer.companyId, { name: 'Négoce Rhône' });
    const actualOf = async (projectId: string) => {
      const response = await buyer.http.get(`/api/projects/${projectId}/profitability`);
      expect(response.status).toBe(200);
      return (response.body as Tab).actual;
    };
    const post = async (body: Record<string, unknown>) => {
      const response = await buyer.http.post('/api/supplier-invoices', {
        supplierId: supplier.id,
        projectId: buyer.projectId,
        status: 'sent',
        ...body,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      return response.body as { id: string; version: number } & Record<string, unknown>;
    };
    // 148.00 of materials and 91.00 of rental on the chantier, 300.00 of rental on the other (its
    // line names it), at two rates; the VAT never counts.
    const invoice = await post({
      title: 'Parpaings et location',
      lines: [
        {
          description: 'Parpaings',
          quantity: '100',
          unitPrice: '1.48',
          vatRate: '20',
          resourceType: 'materials',
        },
        {
          description: 'Bétonnière',
          quantity: '2',
          unitPrice: '45.50',
          vatRate: '10',
          resourceType: 'rental',
        },
        {
          description: 'Échafaudage',
          quantity: '1',
          unitPrice: '300',
          vatRate: '20',
          resourceType: 'rental',
          projectId: elsewhere.id,
        },
      ],
    });
    expect(invoice.netAmount).toBe('539.00');
    expect(await actualOf(buyer.projectId)).toMatchObject({
      total: '239.00',
      byResourceType: { materials: '148.00', rental: '91.00', labor: '0.00', other: '0.00' },
    });
    expect((await actualOf(elsewhere.id)).byResourceType.rental).toBe('300.00');
    // A credit note of that invoice: 20 parpaings back (29.60 HT).
    const note = await post({
      kind: 'credit_note',
      creditedInvoiceId: invoice.id,
      title: 'Retour de parpaings',
      lines: [
        {
          description: 'Retour parpaings',
          quantity: '20',
          unitPrice: '1.48',
          vatRate: '20',
          resourceType: 'materials',
        },
      ],
    });
    // A record made with its TTC alone (« TVA non détaillée »): its TTC under « Autre ».
    const legacy = await post({ title: 'Petites fournitures', totalAmount: '60.00' });
    expect(await actualOf(buyer.projectId)).toMatchObject({
      total: '269.40',
      byResourceType: { materials: '118.40', rental: '91.00', other: '60.00' },
    });
    // Cancelled, the credit note no longer counts; the invoice moved to the other chantier takes
    // its lines without a chantier of their own with it.
    const cancelled = await buyer.http.put(`/api/supplier-invoices/${note.id}`, {
      ...note,
      status: 'cancelled',
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await actualOf(buyer.projectId)).byResourceType.materials).toBe('148.00');
    const moved = await buyer.http.put(`/api/supplier-invoices/${invoice.id}`, {
      ...((await buyer.http.get(`/api/supplier-invoices/${invoice.id}`)).body as object),
      projectId: elsewhere.id,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await actualOf(buyer.projectId)).toMatchObject({
      total: '60.00',
      byResourceType: { materials: '0.00', rental: '0.00', other: '60.00' },
    });
    expect(await actualOf(elsewhere.id)).toMatchObject({
      total: '539.00',
      byResourceType: { materials: '148.00', rental: '391.00' },
    });
    const deleted = await buyer.http.delete(`/api/supplier-invoices/${legacy.id}`);
    expect(deleted.status).toBe(204);
    expect((await actualOf(buyer.projectId)).total).toBe('0.00');
  });
  it('deducts a credit note that names no chantier from its invoice’s chantiers, in proportion', async () => {
    const buyer = await companyWithClient(stack, 'Avoir sans chantier');
    const elsewhere = await addProject(buyer.companyId, buyer.clientId, { name: 'Second chantier' });
    const supplier = await addSupplier(buyer.companyId, { name: 'Négoce Saône' });
    const actualOf = async (projectId: string) =>
      ((await buyer.http.get(`/api/projects/${projectId}/profitability`)).body as Tab).actual;
    const line = (description: string, unitPrice: string, resourceType: string, projectId?: string) => ({
      description,
      quantity: '1',
      unitPrice,
      vatRate: '20',
      resourceType,
      ...(projectId ? { projectId } : {}),
    });
    const invoice = await buyer.http.post('/api/supplier-invoices', {
      supplierId: supplier.id,
      projectId: buyer.projectId,
      status: 'sent',
      title: 'Matériaux et location',
      lines: [
        line('Parpaings', '148.00', 'materials'),
        line('Bétonnière', '91.00', 'rental'),
        line('Échafaudage', '300.00', 'rental', elsewhere.id),
      ],
    });
    expect(invoice.status, JSON.stringify(invoice.body)).toBe(201);
    // An imported credit note's way: no chantier on it nor on its line; 10 % of the invoice back.
    const note = await buyer.http.post('/api/supplier-invoices', {
      supplierId: supplier.id,
      kind: 'credit_note',
      creditedInvoiceId: (invoice.body as { id: string }).id,
      status: 'sent',
      title: 'Remise commerciale',
      lines: [line('Remise', '53.90', 'other')],
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect((note.body as { creditedCosts: unknown }).creditedCosts).toEqual([
      { projectId: buyer.projectId, resourceType: 'materials', amount: '148.00' },
      { projectId: buyer.projectId, resourceType: 'rental', amount: '91.00' },
      { projectId: elsewhere.id, resourceType: 'rental', amount: '300.00' },
    ]);
    expect(await actualOf(buyer.projectId)).toMatchObject({
      total: '215.10',
      byResourceType: { materials: '133.20', rental: '81.90', other: '0.00' },
    });
    expect(await actualOf(elsewhere.id)).toMatchObject({
      total: '270.00',
      byResourceType: { rental: '270.00' },
    });
    // Given a chantier, the note counts on it alone, and keeps no split.
    const named = await buyer.http.put(`/api/supplier-invoices/${(note.body as { id: string }).id}`, {
      ...(note.body as object),
      projectId: elsewhere.id,
    });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body).not.toHaveProperty('creditedCosts');
    expect((await actualOf(buyer.projectId)).total).toBe('239.00');
    expect(await actualOf(elsewhere.id)).toMatchObject({
      total: '246.10',
      byResourceType: { rental: '300.00', other: '-53.90' },
    });
  });
});
