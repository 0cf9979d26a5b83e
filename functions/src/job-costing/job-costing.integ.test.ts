import { invoiceCreateInput } from '@btp/shared/entities/invoice';
import { profitabilityFiguresView } from '@btp/shared/entities/profitability-view';
import { projectCreateInput, projectUpdateInput } from '@btp/shared/entities/project';
import { quoteAcceptInput, quoteCreateInput, quoteUpdateInput } from '@btp/shared/entities/quote';
import { supplierCreateInput } from '@btp/shared/entities/supplier';
import {
  supplierInvoiceCreateInput,
  supplierInvoiceUpdateInput,
} from '@btp/shared/entities/supplier-invoice';
import { supplierQuoteCreateInput } from '@btp/shared/entities/supplier-quote';
import { timeEntryCreateInput } from '@btp/shared/entities/time-entry';
import { workerCreateInput } from '@btp/shared/entities/worker';
import { invoiceStatuses, resourceTypes } from '@btp/shared/enums';
import {
  DEFAULT_COST_ALERT_THRESHOLD,
  emptyProjectCostFigures,
  profitability,
} from '@btp/shared/job-costing';
import { parseMoney, parsePercent } from '@btp/shared/money';
import { seededRandom } from '@btp/shared/testing/seeded-random';
import { addDays } from '@btp/shared/timesheet';
import { describe, expect, it } from 'vitest';
import { figuresOf } from '../aggregates/figures.js';
import { rebuildAggregates, storedAggregates } from '../aggregates/rebuild.js';
import { figureRecordsOf, projectFiguresOfRecords } from '../aggregates/reference.js';
import { invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { suppliers } from '../data/entities/suppliers.js';
import { timeEntries } from '../data/entities/time-entries.js';
import { workers } from '../data/entities/workers.js';
import { createCreditNote } from '../invoicing/credit-notes.js';
import { createInvoice } from '../invoicing/invoice-service.js';
import { sendInvoice } from '../invoicing/invoice-sending.js';
import { HttpError } from '../lib/http-errors.js';
import { createProject, updateProject } from '../projects/project-service.js';
import {
  createSupplierInvoice,
  deleteSupplierInvoice,
  updateSupplierInvoice,
} from '../purchases/supplier-invoice-service.js';
import { createSupplierQuote, selectSupplierQuote } from '../purchases/supplier-quote-service.js';
import { acceptQuote, createQuote, updateQuote } from '../quotes/quote-service.js';
import { sendQuote } from '../quotes/quote-sending.js';
import {
  companyWithClient,
  sortedFigures,
  standInDocumentsBucket,
} from '../test-support/aggregates-harness.js';
import { projectProfitability, setCostEstimate } from './profitability-service.js';
import {
  createTimeEntry,
  deleteTimeEntry,
  storedDayTotals,
  updateTimeEntry,
  type Actor,
} from './time-entry-service.js';
import { workdayTotals } from './workdays.js';

standInDocumentsBucket();

const admin: Actor = { userId: '0190a000-0000-7000-8000-00000000ad01', role: 'company_admin' };

async function company() {
  const { companyId, clientId } = await companyWithClient();
  const supplier = await suppliers.create(companyId, supplierCreateInput.parse({ name: 'Négoce Rhône' }));
  const team = await Promise.all(
    ['Marc', 'Paul', 'Léa'].map((name, index) =>
      workers.create(
        companyId,
        workerCreateInput.parse({ name, hourlyCost: ['38.75', '32.10', '41.33'][index] }),
      ),
    ),
  );
  return { companyId, clientId, supplierId: supplier.id, workerIds: team.map((worker) => worker.id) };
}

type Ids = Awaited<ReturnType<typeof company>>;

/** A devis line made from an ouvrage: materials and labour in hours, so the budget has both. */
function ouvrageLine(random: ReturnType<typeof seededRandom>) {
  return {
    resourceType: 'materials',
    description: 'Mur en parpaings',
    unit: 'm²',
    quantity: `${random.int(5, 80)}.500`,
    unitPrice: '0',
    components: [
      {
        resourceType: 'materials',
        designation: 'Parpaing',
        unit: 'u',
        quantity: '10.000',
        lossRate: '5.00',
        unitCost: '1.48',
      },
      { resourceType: 'labor', designation: 'Maçon', unit: 'h', quantity: '0.850', unitCost: '38.75' },
      { designation: 'Sous-ouvrage', unit: 'u', quantity: '1.000', unitCost: `${random.int(1, 9)}.00` },
    ],
  };
}

async function randomWrite(random: ReturnType<typeof seededRandom>, ids: Ids): Promise<string> {
  const { companyId, clientId, supplierId } = ids;
  const [projectList, quoteList, invoiceList, supplierInvoiceList, entryList] = await Promise.all([
    projects.listAll(companyId),
    quotes.listAll(companyId, ['status', 'version', 'projectId', 'title']),
    invoices.listAll(companyId),
    supplierInvoices.listAll(companyId),
    timeEntries.listAll(companyId),
  ]);
  const step = async (name: string, write: () => Promise<unknown>) => {
    try {
      await write();
      return name;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return `${name} (refusé ${error.statusCode})`;
      throw error;
    }
  };
  const project = projectList.length > 0 ? random.pick(projectList) : undefined;
  const day = addDays('2026-03-02', random.int(0, 20));
  switch (projectList.length < 3 ? 0 : random.int(0, 13)) {
    case 0:
      return step('chantier créé', () =>
        createProject(
          companyId,
          projectCreateInput.parse({ name: `Chantier ${random.int(1, 999)}`, clientId }),
        ),
      );
    case 1:
      return step('devis signé', async () => {
        const quote = await createQuote(
          companyId,
          quoteCreateInput.parse({
            title: 'Travaux',
            clientId,
            projectId: project?.id,
            items: [
              ouvrageLine(random),
              {
                resourceType: random.pick(resourceTypes),
                description: 'Forfait',
                unit: 'h',
                quantity: '3.000',
                unitPrice: random.int(10, 90),
              },
            ],
          }),
        );
        const sent = await sendQuote(companyId, quote.id, quote.version);
        await acceptQuote(
          companyId,
          sent.id,
          quoteAcceptInput.parse({ signerName: 'M. Martin', version: sent.version }),
        );
      });
    case 2: {
      const quote = quoteList.find((candidate) => candidate.status === 'validated');
      if (!quote) return 'rien';
      const stored = await quotes.getOrThrow(companyId, quote.id);
      return step('devis signé puis rejeté', () =>
        updateQuote(
          companyId,
          quote.id,
          quoteUpdateInput.parse({
            title: stored.title,
            clientId,
            projectId: stored.projectId,
            status: 'rejected',
            version: stored.version,
          }),
        ),
      );
    }
    case 3:
      return step('facture du chantier', async () => {
        const invoice = await createInvoice(
          companyId,
          invoiceCreateInput.parse({
            clientId,
            projectId: project?.id,
            title: 'Situation',
            totalAmount: `${random.int(100, 9000)}.00`,
          }),
        );
        if (random.int(0, 3) > 0) await sendInvoice(companyId, invoice.id, invoice.version);
      });
    case 4: {
      const issued = invoiceList.filter(
        (invoice) => invoice.status === 'sent' && invoice.kind !== 'credit_note',
      );
      if (issued.length === 0) return 'rien';
      const invoice = random.pick(issued);
      return step('avoir du chantier', async () => {
        const note = await createCreditNote(companyId, invoice.id, {
          lines: [{ index: 0, quantity: invoice.lines?.[0]?.quantity ?? '1.000' }],
        } as Parameters<typeof createCreditNote>[2]);
        await sendInvoice(companyId, note.id, note.version);
      });
    }
    case 5:
    case 13: {
      // An invoice with lines of every type (a line's own chantier now and then), else one made
      // with its TTC alone.
      const lines =
        random.int(0, 3) === 0
          ? undefined
          : Array.from({ length: random.int(1, 3) }, () => ({
              description: 'Fourniture',
              quantity: `${random.int(1, 40)}.${random.pick(['000', '250', '500'])}`,
              unitPrice: `${random.int(1, 900)}.${random.int(10, 99)}`,
              vatRate: random.pick(['20', '10', '5.5', '0']),
              resourceType: random.int(0, 5) === 0 ? undefined : random.pick(resourceTypes),
              projectId: random.int(0, 3) === 0 ? random.pick(projectList).id : undefined,
            }));
      return step('facture fournisseur du chantier', () =>
        createSupplierInvoice(
          companyId,
          supplierInvoiceCreateInput.parse({
            supplierId,
            projectId: project?.id,
            title: 'Matériaux',
            status: random.pick(invoiceStatuses),
            ...(lines ? { lines } : { totalAmount: `${random.int(10, 4000)}.${random.int(10, 99)}` }),
          }),
        ),
      );
    }
    case 12: {
      // A supplier credit note of an invoice (its own chantier or none).
      const credited = supplierInvoiceList.filter(
        (record) => (record.kind ?? 'invoice') === 'invoice' && record.status !== 'cancelled',
      );
      if (credited.length === 0) return 'rien';
      const target = random.pick(credited);
      return step('avoir fournisseur', () =>
        createSupplierInvoice(
          companyId,
          supplierInvoiceCreateInput.parse({
            supplierId,
            kind: 'credit_note',
            creditedInvoiceId: target.id,
            projectId: random.int(0, 2) === 0 ? undefined : target.projectId,
            title: 'Retour',
            status: random.pick(invoiceStatuses),
            lines: [
              {
                description: 'Retour de matériel',
                quantity: '1',
                unitPrice: `${random.int(1, 9)}.${random.int(10, 99)}`,
                vatRate: '20',
                resourceType: random.pick(resourceTypes),
              },
            ],
          }),
        ),
      );
    }
    case 6: {
      if (supplierInvoiceList.length === 0) return 'rien';
      const invoice = random.pick(supplierInvoiceList);
      if (random.int(0, 2) === 0)
        return step('facture fournisseur supprimée', () => deleteSupplierInvoice(companyId, invoice.id));
      return step('facture fournisseur déplacée', () =>
        updateSupplierInvoice(
          companyId,
          invoice.id,
          supplierInvoiceUpdateInput.parse({
            ...invoice,
            projectId: random.int(0, 3) === 0 ? undefined : project?.id,
            status: random.pick(invoiceStatuses),
            version: invoice.version,
          }),
        ),
      );
    }
    case 7:
    case 8:
      return step('heures pointées', () =>
        createTimeEntry(
          companyId,
          admin,
          timeEntryCreateInput.parse({
            workerId: random.pick(ids.workerIds),
            projectId: project?.id,
            date: day,
            hours: `${random.int(1, 11)}.${random.pick(['00', '25', '50', '75'])}`,
          }),
        ),
      );
    case 9: {
      if (entryList.length === 0) return 'rien';
      const entry = random.pick(entryList);
      if (random.int(0, 2) === 0)
        return step('heures supprimées', () => deleteTimeEntry(companyId, admin, entry.id));
      return step('heures corrigées', () =>
        updateTimeEntry(
          companyId,
          admin,
          entry.id,
          timeEntryCreateInput.parse({
            workerId: random.pick(ids.workerIds),
            projectId: random.int(0, 1) === 0 ? entry.projectId : project?.id,
            date: random.int(0, 1) === 0 ? entry.date : day,
            hours: `${random.int(1, 12)}.50`,
          }),
        ),
      );
    }
    case 10: {
      if (!project) return 'rien';
      return step('avancement', () =>
        updateProject(
          companyId,
          project.id,
          projectUpdateInput.parse({ ...project, progress: random.int(0, 100), version: project.version }),
        ),
      );
    }
    default: {
      if (!project) return 'rien';
      return step('estimation', () =>
        setCostEstimate(companyId, project.id, {
          costEstimate: random.int(0, 2) === 0 ? null : `${random.int(1000, 30000)}.00`,
        }),
      );
    }
  }
}

/** What the tab must show for each chantier: the shared rules on its records' figures. */
async function expectTabsMatchRecords(ids: Ids, context: string) {
  const records = await figureRecordsOf(ids.companyId);
  const fromRecords = projectFiguresOfRecords(records);
  for (const project of await projects.listAll(ids.companyId)) {
    const tab = await projectProfitability(ids.companyId, project.id);
    const expected = profitabilityFiguresView(
      profitability(fromRecords.get(project.id) ?? emptyProjectCostFigures(), {
        progressPercent: project.progress,
        thresholdHundredths: parsePercent(DEFAULT_COST_ALERT_THRESHOLD),
        managerEstimateCents:
          project.costEstimate === undefined ? undefined : parseMoney(project.costEstimate),
      }),
    );
    const { committed: _committed, ...figures } = expected;
    expect(tab, `${context}, chantier ${project.name}`).toMatchObject(figures);
  }
}

describe('the chantiers’ costing aggregates', () => {
  // 80 writes through the services, each checked against a full read of the records every 20:
  // minutes on a shared 2-core machine, not seconds.
  it(
    'stay equal to a full recomputation from the records after random writes, and so does the tab',
    { timeout: 600_000 },
    async () => {
      const ids = await company();
      const random = seededRandom(32_2026);
      const done: string[] = [];
      for (let round = 0; round < 4; round += 1) {
        for (let index = 0; index < 20; index += 1) done.push(await randomWrite(random, ids));
        const records = await figureRecordsOf(ids.companyId);
        expect(sortedFigures(await storedAggregates(ids.companyId)), done.join(', ')).toEqual(
          sortedFigures(figuresOf(records)),
        );
        await expectTabsMatchRecords(ids, done.join(', '));
        // The 24 h rule's totals are the entries' sums, worker-day by worker-day.
        for (const [sk, hours] of workdayTotals(records.timeEntries)) {
          const [, workerId = '', date = ''] = sk.split('#');
          expect((await storedDayTotals(ids.companyId, workerId, [date])).get(date), sk).toBe(hours);
        }
      }
      const counts = new Map<string, number>();
      for (const name of done) counts.set(name, (counts.get(name) ?? 0) + 1);
      for (const kind of [
        'devis signé',
        'facture du chantier',
        'facture fournisseur du chantier',
        'avoir fournisseur',
        'heures pointées',
        'heures corrigées',
      ]) {
        expect(counts.get(kind) ?? 0, [...counts].join(' ; ')).toBeGreaterThan(0);
      }
      const maintained = sortedFigures(await storedAggregates(ids.companyId));
      expect(sortedFigures(await rebuildAggregates(ids.companyId))).toEqual(maintained);
    },
  );

  it('counts what the selected price request still commits once its invoices are deducted', async () => {
    const ids = await company();
    const project = await createProject(
      ids.companyId,
      projectCreateInput.parse({ name: 'Engagé', clientId: ids.clientId }),
    );
    const request = await createSupplierQuote(
      ids.companyId,
      supplierQuoteCreateInput.parse({
        supplierId: ids.supplierId,
        projectId: project.id,
        title: 'Béton',
        status: 'validated',
        totalAmount: '4800.00',
      }),
    );
    expect((await projectProfitability(ids.companyId, project.id)).committed.total).toBe('0.00');
    await selectSupplierQuote(ids.companyId, request.id);
    expect((await projectProfitability(ids.companyId, project.id)).committed.total).toBe('4800.00');
    await createSupplierInvoice(
      ids.companyId,
      supplierInvoiceCreateInput.parse({
        supplierId: ids.supplierId,
        projectId: project.id,
        supplierQuoteId: request.id,
        title: 'Première livraison',
        totalAmount: '1800.00',
        status: 'sent',
      }),
    );
    const tab = await projectProfitability(ids.companyId, project.id);
    expect(tab.committed).toMatchObject({ total: '3000.00', byResourceType: { other: '3000.00' } });
    expect(tab.actual.total).toBe('1800.00');
  });
});
