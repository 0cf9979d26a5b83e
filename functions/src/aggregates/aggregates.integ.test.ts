import { seededRandom } from '@btp/shared/testing/seeded-random';
import { centsOf } from '@btp/shared/finance';
import {
  invoiceCreateInput,
  invoicePayInput,
  retentionReleaseInput,
  situationInput,
} from '@btp/shared/entities/invoice';
import { financesSummaryOfRecords } from '@btp/shared/finances-summary';
import { projectCreateInput, projectUpdateInput } from '@btp/shared/entities/project';
import { quoteAcceptInput, quoteCreateInput, quoteUpdateInput } from '@btp/shared/entities/quote';
import { supplierCreateInput } from '@btp/shared/entities/supplier';
import {
  supplierInvoiceCreateInput,
  supplierInvoicePayInput,
  supplierInvoiceUpdateInput,
} from '@btp/shared/entities/supplier-invoice';
import { invoiceStatuses, projectStatuses, quoteStatuses } from '@btp/shared/enums';
import { describe, expect, it } from 'vitest';
import { dashboardStats } from '../dashboard/dashboard-service.js';
import { dashboardWidgets, dashboardWidgetsOfRecords } from '../dashboard/dashboard-widgets.js';
import { clients } from '../data/entities/clients.js';
import { invoiceAsRead, invoices } from '../data/entities/invoices.js';
import { projects } from '../data/entities/projects.js';
import { quotes } from '../data/entities/quotes.js';
import { supplierInvoices } from '../data/entities/supplier-invoices.js';
import { suppliers } from '../data/entities/suppliers.js';
import { createCreditNote } from '../invoicing/credit-notes.js';
import { createInvoice, deleteInvoice, payInvoice } from '../invoicing/invoice-service.js';
import { createSituation, releaseRetention } from '../invoicing/situations.js';
import { financesSummary } from '../finances/finances-summary.js';
import { sendInvoice } from '../invoicing/invoice-sending.js';
import { db, tableName } from '../lib/dynamo.js';
import { HttpError } from '../lib/http-errors.js';
import { createProject, deleteProject, updateProject } from '../projects/project-service.js';
import {
  createSupplierInvoice,
  deleteSupplierInvoice,
  paySupplierInvoice,
  updateSupplierInvoice,
} from '../purchases/supplier-invoice-service.js';
import { acceptQuote, createQuote, deleteQuote, updateQuote } from '../quotes/quote-service.js';
import { sendQuote } from '../quotes/quote-sending.js';
import {
  companyWithClient,
  sortedFigures,
  standInDocumentsBucket,
} from '../test-support/aggregates-harness.js';
import { figuresOf } from './figures.js';
import { rebuildAggregates, storedAggregates } from './rebuild.js';
import { dashboardStatsOfRecords, figureRecordsOf } from './reference.js';

standInDocumentsBucket();

/** The shared seeded generator (mulberry32), with the draws this sequence of writes uses. */
function generator(seed: number) {
  const random = seededRandom(seed);
  return {
    below: (n: number) => random.int(0, n - 1),
    pick: random.pick,
    money: (max: number) => `${random.int(1, max)}.${String(random.int(0, 99)).padStart(2, '0')}`,
  };
}

const day = 24 * 60 * 60 * 1000;
const dayOffset = (days: number) => new Date(Date.now() + days * day).toISOString().slice(0, 10);
const instantOffset = (days: number) => new Date(Date.now() + days * day).toISOString();

/** A company with a complete legal profile (invoices may be sent), a client and a supplier. */
async function company(): Promise<{ companyId: string; clientId: string; supplierId: string }> {
  const { companyId, clientId } = await companyWithClient();
  const supplier = await suppliers.create(companyId, supplierCreateInput.parse({ name: 'Négoce Rhône' }));
  return { companyId, clientId, supplierId: supplier.id };
}

/** The records as the lists show them (with their client's or supplier's name): Finances' former input. */
async function listedRecords(ids: { companyId: string }) {
  const [invoiceList, supplierInvoiceList, projectList, clientList, supplierList] = await Promise.all([
    invoices.listAll(ids.companyId),
    supplierInvoices.listAll(ids.companyId),
    projects.listAll(ids.companyId),
    clients.listAll(ids.companyId),
    suppliers.listAll(ids.companyId),
  ]);
  const clientNames = new Map(clientList.map((client) => [client.id, client.name]));
  const supplierNames = new Map(supplierList.map((supplier) => [supplier.id, supplier.name]));
  return {
    invoices: invoiceList.map((invoice) => ({
      ...invoiceAsRead(invoice),
      client: clientNames.has(invoice.clientId) ? { name: clientNames.get(invoice.clientId) } : undefined,
    })),
    supplierInvoices: supplierInvoiceList.map((invoice) => ({
      ...invoice,
      supplier: supplierNames.has(invoice.supplierId)
        ? { name: supplierNames.get(invoice.supplierId) }
        : undefined,
    })),
    projects: projectList,
  };
}

const sorted = sortedFigures;

/** One write through the services, chosen at random; refusals (4xx) are part of the game. */
async function randomWrite(
  random: ReturnType<typeof generator>,
  ids: { companyId: string; clientId: string; supplierId: string },
): Promise<string> {
  const { companyId, clientId, supplierId } = ids;
  const [invoiceList, quoteList, projectList, supplierInvoiceList] = await Promise.all([
    invoices.listAll(companyId),
    quotes.listAll(companyId, ['status', 'version']),
    projects.listAll(companyId, ['status', 'version', 'name']),
    supplierInvoices.listAll(companyId),
  ]);
  // 13 and 17–19: a write to a supplier invoice or credit note (the default branch).
  const action = random.below(20);
  const step = async (name: string, write: () => Promise<unknown>) => {
    try {
      await write();
      return name;
    } catch (error) {
      if (error instanceof HttpError && error.statusCode < 500) return `${name} (refusé ${error.statusCode})`;
      throw error;
    }
  };
  // Mostly a record the write applies to (a draft to send, a sent invoice to pay…), sometimes any.
  const among = <T extends { status: string; kind?: string }>(list: T[], statuses: string[]) => {
    const fitting = list.filter((item) => statuses.includes(item.status) && item.kind !== 'credit_note');
    const from = fitting.length > 0 && random.below(5) > 0 ? fitting : list;
    return from.length > 0 ? random.pick(from) : undefined;
  };
  switch (action) {
    case 0:
    case 1:
      return step('facture créée', () =>
        createInvoice(
          companyId,
          invoiceCreateInput.parse({
            clientId,
            title: 'Travaux',
            totalAmount: random.money(5000),
            dueDate: dayOffset(random.below(90) - 60),
          }),
        ),
      );
    case 2:
    case 3: {
      const invoice = among(invoiceList, ['draft']);
      if (!invoice) return 'rien';
      return step('facture envoyée', () => sendInvoice(companyId, invoice.id, invoice.version));
    }
    case 4:
    case 5: {
      const invoice = among(invoiceList, ['sent', 'overdue']);
      if (!invoice) return 'rien';
      const full = random.below(2) === 0;
      const remaining =
        centsOf(invoice.amountDue ?? invoice.totalWithVat) -
        centsOf(invoice.creditedAmount) -
        centsOf(invoice.paidAmount);
      const part = Math.max(1, Math.floor((remaining * (1 + random.below(9))) / 10));
      return step('paiement', () =>
        payInvoice(
          companyId,
          invoice.id,
          invoicePayInput.parse({
            ...(full ? {} : { paidAmount: (part / 100).toFixed(2) }),
            paidAt: instantOffset(-random.below(70)),
          }),
        ),
      );
    }
    case 6: {
      const invoice = among(invoiceList, ['sent', 'overdue', 'paid']);
      if (!invoice) return 'rien';
      const line = invoice.lines?.[0];
      return step('avoir', async () => {
        const note = await createCreditNote(companyId, invoice.id, {
          lines: [{ index: 0, quantity: line?.quantity ?? '1.000' }],
        } as Parameters<typeof createCreditNote>[2]);
        if (random.below(3) > 0) await sendInvoice(companyId, note.id, note.version);
      });
    }
    case 7: {
      const invoice = among(invoiceList, ['draft']);
      if (!invoice) return 'rien';
      return step('facture supprimée', () => deleteInvoice(companyId, invoice.id));
    }
    case 8:
      return step('devis créé', () =>
        createQuote(
          companyId,
          quoteCreateInput.parse({
            title: 'Rénovation',
            clientId,
            retentionRate: '5.00',
            items: [
              {
                resourceType: 'labor',
                description: 'Pose',
                unit: 'h',
                quantity: String(1 + random.below(20)),
                unitPrice: random.money(90),
              },
            ],
          }),
        ),
      );
    case 9: {
      if (quoteList.length === 0) return 'rien';
      const quote = random.pick(quoteList);
      if (random.below(4) === 0) return step('devis supprimé', () => deleteQuote(companyId, quote.id));
      if (quote.status === 'draft' && random.below(3) > 0) {
        return step('devis envoyé', () => sendQuote(companyId, quote.id, quote.version));
      }
      const stored = await quotes.getOrThrow(companyId, quote.id);
      const status = random.pick(quoteStatuses);
      // « Validé » is the client's « Bon pour accord », never an edit of the status.
      if (status === 'validated') {
        return step('devis accepté', () =>
          acceptQuote(
            companyId,
            quote.id,
            quoteAcceptInput.parse({ signerName: 'M. Martin', version: stored.version }),
          ),
        );
      }
      return step('devis modifié', () =>
        updateQuote(
          companyId,
          quote.id,
          quoteUpdateInput.parse({ title: stored.title, clientId, status, version: stored.version }),
        ),
      );
    }
    case 10:
      return step('chantier créé', () =>
        createProject(
          companyId,
          projectCreateInput.parse({
            name: `Chantier ${random.below(1000)}`,
            clientId,
            status: random.pick(projectStatuses),
          }),
        ),
      );
    case 11: {
      if (projectList.length === 0) return 'rien';
      const project = random.pick(projectList);
      if (random.below(3) === 0) return step('chantier supprimé', () => deleteProject(companyId, project.id));
      const stored = await projects.getOrThrow(companyId, project.id);
      return step('chantier modifié', () =>
        updateProject(
          companyId,
          project.id,
          projectUpdateInput.parse({
            ...stored,
            status: random.pick(projectStatuses),
            version: stored.version,
          }),
        ),
      );
    }
    case 12: {
      const status = random.pick(invoiceStatuses);
      // Mostly with lines (HT, VAT per rate), sometimes with its TTC alone (VAT not detailed).
      const withLines = random.below(3) > 0;
      return step(withLines ? 'facture fournisseur créée' : 'facture fournisseur créée (TTC seul)', () =>
        createSupplierInvoice(
          companyId,
          supplierInvoiceCreateInput.parse({
            supplierId,
            title: 'Matériaux',
            ...(withLines
              ? {
                  lines: Array.from({ length: 1 + random.below(3) }, (_, index) => ({
                    description: `Fourniture ${index + 1}`,
                    quantity: String(1 + random.below(12)),
                    unitPrice: random.money(400),
                    vatRate: random.pick(['20', '10', '5.5', '0']),
                    resourceType: random.pick(['materials', 'subcontractor', 'rental']),
                  })),
                }
              : { totalAmount: random.money(3000) }),
            status,
            paidAmount:
              status === 'paid' ? random.money(3000) : random.below(2) === 0 ? '0.00' : random.money(200),
            paidAt: status === 'paid' ? instantOffset(-random.below(70)) : undefined,
          }),
        ),
      );
    }
    case 14:
    case 15: {
      // A situation of a validated quote, the quote brought there first when none is.
      let quote = quoteList.find((candidate) => candidate.status === 'validated');
      if (!quote) {
        const next = quoteList.find(
          (candidate) => candidate.status === 'draft' || candidate.status === 'sent',
        );
        if (!next) return 'rien';
        const sent = next.status === 'draft' ? await sendQuote(companyId, next.id, next.version) : next;
        const stored = await quotes.getOrThrow(companyId, sent.id);
        quote = await acceptQuote(
          companyId,
          sent.id,
          quoteAcceptInput.parse({ signerName: 'M. Martin', version: stored.version }),
        );
      }
      const validated = quote;
      return step('situation', () =>
        createSituation(
          companyId,
          validated.id,
          situationInput.parse({ cumulativePercent: random.pick(['30.00', '60.00', '100.00']) }),
        ),
      );
    }
    case 16: {
      const situation = among(
        invoiceList.filter((invoice) => invoice.kind === 'progress'),
        ['sent', 'overdue', 'paid'],
      );
      if (!situation) return 'rien';
      return step('retenue libérée', () =>
        releaseRetention(
          companyId,
          situation.id,
          retentionReleaseInput.parse({ version: situation.version }),
        ),
      );
    }
    default: {
      if (supplierInvoiceList.length === 0) return 'rien';
      const supplierInvoice = random.pick(supplierInvoiceList);
      const choice = random.below(6);
      if (choice === 0 && random.below(2) === 0) {
        return step('facture fournisseur supprimée', () =>
          deleteSupplierInvoice(companyId, supplierInvoice.id),
        );
      }
      if (choice <= 2 && supplierInvoice.kind !== 'credit_note') {
        // A credit note of part of it (sometimes more than it allows: 409), or crediting none.
        const linked = random.below(4) > 0;
        return step(linked ? 'avoir fournisseur' : 'avoir fournisseur sans facture', () =>
          createSupplierInvoice(
            companyId,
            supplierInvoiceCreateInput.parse({
              supplierId,
              kind: 'credit_note',
              creditedInvoiceId: linked ? supplierInvoice.id : undefined,
              status: random.pick(['draft', 'sent', 'paid', 'cancelled']),
              paidAt: instantOffset(-random.below(70)),
              lines: [
                {
                  description: 'Retour',
                  quantity: '1',
                  unitPrice: random.money(600),
                  vatRate: random.pick(['20', '5.5']),
                },
              ],
            }),
          ),
        );
      }
      if (choice === 3) {
        const full = random.below(2) === 0;
        return step('paiement fournisseur', () =>
          paySupplierInvoice(
            companyId,
            supplierInvoice.id,
            supplierInvoicePayInput.parse({
              ...(full ? {} : { paidAmount: random.money(300) }),
              paidAt: instantOffset(-random.below(70)),
            }),
          ),
        );
      }
      const status = random.pick(invoiceStatuses);
      return step('facture fournisseur modifiée', () =>
        updateSupplierInvoice(
          companyId,
          supplierInvoice.id,
          supplierInvoiceUpdateInput.parse({
            ...supplierInvoice,
            status,
            paidAt: status === 'paid' ? instantOffset(-random.below(70)) : supplierInvoice.paidAt,
            version: supplierInvoice.version,
          }),
        ),
      );
    }
  }
}

describe('company aggregates', () => {
  // 120 random writes (supplier lines, credit notes and payments among them), every 30 checked
  // against a rebuild and the dashboard's and Finances' reads: 54 s on a loaded 2-core machine,
  // past the 60 s default's margin; 120 s.
  it('stay equal to a rebuild from the records, and the dashboard to its former full read, after random writes', async () => {
    const ids = await company();
    const random = generator(11);
    const done: string[] = [];
    const seen = {
      overdue: false,
      retention: false,
      topClient: false,
      pendingListed: false,
      activeListed: false,
      drafts: false,
      cashed: false,
    };
    for (let round = 0; round < 4; round += 1) {
      for (let index = 0; index < 30; index += 1) done.push(await randomWrite(random, ids));
      const records = await figureRecordsOf(ids.companyId);
      const maintained = await storedAggregates(ids.companyId);
      expect(sorted(maintained), done.join(', ')).toEqual(sorted(figuresOf(records)));
      // Today, and 45 days later (when invoices sent today are overdue).
      for (const now of [new Date(), new Date(Date.now() + 45 * day)]) {
        expect(await dashboardStats(ids.companyId, now)).toEqual(dashboardStatsOfRecords(records, now));
        const widgets = await dashboardWidgets(ids.companyId, now);
        expect(widgets).toEqual(await dashboardWidgetsOfRecords(ids.companyId, now));
        seen.pendingListed ||= widgets.pendingInvoices.items.length > 0;
        seen.activeListed ||= widgets.activeProjects.length > 0;
        const summary = await financesSummary(ids.companyId, now);
        expect(summary).toEqual(financesSummaryOfRecords(await listedRecords(ids), now));
        seen.overdue ||= summary.overdue.invoices.length > 0;
        seen.retention ||= summary.retentions.quotes.length > 0;
        seen.topClient ||= summary.topClients.length > 0;
        seen.drafts ||= summary.drafts.count > 0;
        seen.cashed ||= summary.cashedInvoices > 0;
      }
    }
    const counts = new Map<string, number>();
    for (const name of done) counts.set(name, (counts.get(name) ?? 0) + 1);
    // The sequence did exercise what moves the figures.
    expect(counts.get('paiement')).toBeGreaterThan(2);
    expect(counts.get('facture envoyée')).toBeGreaterThan(2);
    expect(counts.get('avoir')).toBeGreaterThan(0);
    expect(counts.get('devis envoyé')).toBeGreaterThan(0);
    expect(counts.get('facture fournisseur modifiée')).toBeGreaterThan(0);
    expect(counts.get('avoir fournisseur'), [...counts].join(' ; ')).toBeGreaterThan(0);
    expect(counts.get('paiement fournisseur'), [...counts].join(' ; ')).toBeGreaterThan(0);
    expect(seen).toEqual({
      overdue: true,
      retention: true,
      topClient: true,
      pendingListed: true,
      activeListed: true,
      drafts: true,
      cashed: true,
    });
    expect(counts.get('situation'), [...counts].join(' ; ')).toBeGreaterThan(0);
    expect(counts.get('retenue libérée'), [...counts].join(' ; ')).toBeGreaterThan(0);

    const maintained = sorted(await storedAggregates(ids.companyId));
    const rebuilt = sorted(await rebuildAggregates(ids.companyId));
    expect(rebuilt).toEqual(maintained);
    expect(sorted(await storedAggregates(ids.companyId))).toEqual(maintained);
  }, 120_000);

  it('counts every one of many writes made at the same time (they all move the same items)', async () => {
    const ids = await company();
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0
          ? createProject(
              ids.companyId,
              projectCreateInput.parse({
                name: `Chantier ${index}`,
                clientId: ids.clientId,
                status: 'in_progress',
              }),
            )
          : createSupplierInvoice(
              ids.companyId,
              supplierInvoiceCreateInput.parse({
                supplierId: ids.supplierId,
                title: 'Matériaux',
                totalAmount: '100.00',
                status: 'paid',
                paidAmount: '100.00',
                paidAt: new Date().toISOString(),
              }),
            ),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const stats = await dashboardStats(ids.companyId);
    expect(stats.activeProjects).toBe(6);
    expect(stats.raw.expensesPaid).toBe('600.00');
    expect(sorted(await storedAggregates(ids.companyId))).toEqual(
      sorted(figuresOf(await figureRecordsOf(ids.companyId))),
    );
  });

  it('rebuilds the aggregates of records written without them', async () => {
    const ids = await company();
    await createProject(
      ids.companyId,
      projectCreateInput.parse({ name: 'Villa', clientId: ids.clientId, status: 'in_progress' }),
    );
    const before = await dashboardStats(ids.companyId);
    expect(before.activeProjects).toBe(1);
    // Aggregates lost (e.g. data imported without the services): the rebuild puts them back.
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    await db().send(
      new DeleteCommand({
        TableName: tableName(),
        Key: { pk: `COMPANY#${ids.companyId}`, sk: 'AGG#TOTALS' },
      }),
    );
    expect((await dashboardStats(ids.companyId)).activeProjects).toBe(0);
    await rebuildAggregates(ids.companyId);
    expect(await dashboardStats(ids.companyId)).toEqual(before);
  });
});
