import { describe, expect, it } from 'vitest';
import { testCompanyId } from '../../../test/company.js';
import { yearInFrance } from '../counters.js';
import { withClientAndProject, withProjectAndClient, withSupplierAndProject } from '../related.js';
import { clients } from './clients.js';
import { documents } from './documents.js';
import { pricedInvoice, singleLine } from '@btp/shared/invoice-lines';
import { createDraftInvoice, invoices, issueInvoice } from './invoices.js';
import { progressReports } from './progress-reports.js';
import { projects } from './projects.js';
import { createQuote, quotes, replaceQuoteItems } from './quotes.js';
import { createSupplierInvoice, supplierInvoices } from './supplier-invoices.js';
import { createSupplierQuote, supplierQuotes } from './supplier-quotes.js';
import { suppliers } from './suppliers.js';

/** A draft standard invoice of one line at `total` HT, 20 %. */
function draftOf(clientId: string, title: string, total: string, projectId?: string) {
  return {
    clientId,
    ...(projectId ? { projectId } : {}),
    title,
    kind: 'standard' as const,
    status: 'draft' as const,
    reverseCharge: false,
    paidAmount: '0.00',
    creditedAmount: '0.00',
    depositDeduction: '0.00',
    retentionRate: '0.00',
    retentionAmount: '0.00',
    ...pricedInvoice([singleLine(title, total)], { noVat: false, defaultVatRate: '20.00' }),
  };
}

async function seed(companyId: string) {
  const client = await clients.create(companyId, { name: 'Maison Durand', country: 'France' });
  const supplier = await suppliers.create(companyId, {
    name: 'Matériaux du Sud',
    country: 'France',
    specialties: [],
  });
  const project = await projects.create(companyId, {
    name: 'Rénovation cuisine',
    clientId: client.id,
    status: 'in_progress',
    progress: 40,
    estimatedBudget: '12000.00',
  });
  const quote = await createQuote(companyId, {
    title: 'Cuisine',
    clientId: client.id,
    projectId: project.id,
    overheadPercentage: '10.00',
    marginPercentage: '15.00',
    status: 'draft',
    reverseCharge: false,
  });
  const supplierQuote = await createSupplierQuote(companyId, {
    supplierId: supplier.id,
    projectId: project.id,
    title: 'Carrelage',
    status: 'draft',
    totalAmount: '850.00',
    selected: false,
  });
  const invoice = await createDraftInvoice(companyId, draftOf(client.id, 'Acompte', '3000.00', project.id));
  const supplierInvoice = await createSupplierInvoice(companyId, {
    supplierId: supplier.id,
    projectId: project.id,
    status: 'draft',
    totalAmount: '850.00',
    paidAmount: '0.00',
  });
  const report = await progressReports.create(companyId, {
    projectId: project.id,
    title: 'Semaine 1',
    progressPercentage: 20,
    status: 'pending',
  });
  const document = await documents.create(companyId, {
    name: 'Plan.pdf',
    originalName: 'Plan.pdf',
    type: 'plan',
    tags: [],
    mimeType: 'application/pdf',
    size: 1024,
  });
  return { client, supplier, project, quote, supplierQuote, invoice, supplierInvoice, report, document };
}

describe('every entity in its company partition', () => {
  it('a record of company A is not found through company B, for every entity', async () => {
    const companyA = testCompanyId();
    const companyB = testCompanyId();
    const records = await seed(companyA);
    await seed(companyB);
    const pairs = [
      [clients, records.client],
      [suppliers, records.supplier],
      [projects, records.project],
      [quotes, records.quote],
      [supplierQuotes, records.supplierQuote],
      [invoices, records.invoice],
      [supplierInvoices, records.supplierInvoice],
      [progressReports, records.report],
      [documents, records.document],
    ] as const;
    for (const [repository, record] of pairs) {
      expect(await repository.get(companyA, record.id), repository.type).toBeDefined();
      expect(await repository.get(companyB, record.id), repository.type).toBeUndefined();
      await expect(repository.remove(companyB, record.id), repository.type).rejects.toMatchObject({
        statusCode: 404,
      });
      const listB = await repository.list(companyB);
      expect(
        listB.items.map((item) => item.id),
        repository.type,
      ).not.toContain(record.id);
      expect(listB.items, repository.type).toHaveLength(1);
    }
  });

  it('numbers quotes DEV-<year>-0001… and supplier requests and invoices in their own series', async () => {
    const company = testCompanyId();
    const { quote, supplierQuote, supplierInvoice, client } = await seed(company);
    const year = yearInFrance();
    expect(quote.number).toBe(`DEV-${year}-0001`);
    expect(quote).toMatchObject({ subtotalAmount: '0.00', totalAmount: '0.00', version: 1 });
    expect(supplierQuote.number).toBe(`DP-${year}-0001`);
    expect(supplierInvoice.number).toBe(`FF-${year}-0001`);
    const second = await createQuote(company, {
      title: 'Salle de bain',
      clientId: client.id,
      overheadPercentage: '10.00',
      marginPercentage: '15.00',
      status: 'draft',
      reverseCharge: false,
    });
    expect(second.number).toBe(`DEV-${year}-0002`);
  });

  it('stores quote lines with their quote, priced by the shared rule, and deletes them with it', async () => {
    const company = testCompanyId();
    const { quote } = await seed(company);
    const priced = await replaceQuoteItems(
      company,
      quote.id,
      [
        {
          resourceType: 'materials',
          description: 'Carrelage',
          unit: 'm²',
          quantity: '12.500',
          unitPrice: '38.90',
          sortOrder: 0,
        },
        {
          resourceType: 'labor',
          description: 'Pose',
          unit: 'h',
          quantity: '16.000',
          unitPrice: '45.00',
          sortOrder: 1,
        },
      ],
      1,
    );
    // Costs: 12.5 × 38.90 = 486.25; 16 × 45 = 720.00; subtotal 1206.25; overhead 10 % = 120.625 →
    // 120.63. Selling prices, K = 1.10 × 1.15 = 1.265: 38.90 × K = 49.2085 → 49.21, × 12.5 =
    // 615.125 → 615.13; 45 × K = 56.925 → 56.93, × 16 = 910.88; HT 1526.01; margin = 1526.01 −
    // 1206.25 − 120.63 = 199.13; VAT 20 % of 1526.01 = 305.202 → 305.20; TTC 1831.21.
    expect(priced).toMatchObject({
      subtotalAmount: '1206.25',
      overheadAmount: '120.63',
      marginAmount: '199.13',
      totalAmount: '1526.01',
      vatBreakdown: [{ rate: '20.00', base: '1526.01', amount: '305.20' }],
      vatAmount: '305.20',
      totalWithVat: '1831.21',
      version: 2,
    });
    expect(priced.items?.map((item) => item.totalPrice)).toEqual(['486.25', '720.00']);
    const stored = await quotes.get(company, quote.id);
    expect(stored?.items).toHaveLength(2);
    await expect(replaceQuoteItems(company, quote.id, [], 1)).rejects.toMatchObject({ statusCode: 409 });
    await quotes.remove(company, quote.id);
    expect(await quotes.get(company, quote.id)).toBeUndefined();
  });

  it('20 concurrent issues of 20 drafts give FAC numbers 1..20 with no gap and no repeat', async () => {
    const company = testCompanyId();
    const { client } = await seed(company);
    const drafts = [];
    for (let index = 0; index < 20; index += 1) {
      drafts.push(await createDraftInvoice(company, draftOf(client.id, `Situation ${index}`, '100.00')));
    }
    expect(drafts[0]?.number).toBeUndefined();
    const issued = await Promise.all(
      drafts.map((draft) =>
        issueInvoice(
          company,
          draft.id,
          () => ({ status: 'sent', sentAt: new Date().toISOString() }),
          () => undefined,
        ),
      ),
    );
    const year = yearInFrance();
    expect(issued.map((invoice) => invoice.number).sort()).toEqual(
      Array.from({ length: 20 }, (_, index) => `FAC-${year}-${String(index + 1).padStart(4, '0')}`),
    );
    const stored = await invoices.get(company, drafts[0]!.id);
    expect(stored).toMatchObject({ status: 'sent', version: 2 });
  });

  it('issuing the same draft twice at once gives it one number and burns none', async () => {
    const company = testCompanyId();
    const { invoice } = await seed(company);
    const results = await Promise.allSettled(
      [1, 2].map(() =>
        issueInvoice(
          company,
          invoice.id,
          () => ({ status: 'sent' }),
          (current) => {
            if (current.status !== 'draft') throw new Error('not a draft');
          },
        ),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const next = await createDraftInvoice(company, draftOf(invoice.clientId, 'Suite', '1.00'));
    const issuedNext = await issueInvoice(
      company,
      next.id,
      () => ({ status: 'sent' }),
      () => undefined,
    );
    expect(issuedNext.number).toBe(`FAC-${yearInFrance()}-0002`);
  });

  it('lists carry the related names, read at query time so a rename shows at once', async () => {
    const company = testCompanyId();
    const { client, project } = await seed(company);
    await clients.update(company, client.id, (current) => ({ ...current, name: 'Maison Durand & Fils' }));
    const [projectItem] = await withClientAndProject(company, (await projects.list(company)).items);
    expect(projectItem?.client).toEqual({ id: client.id, name: 'Maison Durand & Fils' });
    const [invoiceItem] = await withClientAndProject(company, (await invoices.list(company)).items);
    expect(invoiceItem).toMatchObject({
      client: { name: 'Maison Durand & Fils' },
      project: { id: project.id, name: 'Rénovation cuisine' },
    });
    const [supplierQuoteItem] = await withSupplierAndProject(
      company,
      (await supplierQuotes.list(company)).items,
    );
    expect(supplierQuoteItem).toMatchObject({
      supplier: { name: 'Matériaux du Sud' },
      project: { name: 'Rénovation cuisine' },
    });
    const [reportItem] = await withProjectAndClient(company, (await progressReports.list(company)).items);
    expect(reportItem?.project).toEqual({
      id: project.id,
      name: 'Rénovation cuisine',
      client: { id: client.id, name: 'Maison Durand & Fils' },
    });
  });
});
