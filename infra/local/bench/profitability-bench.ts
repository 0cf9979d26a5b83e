/**
 * `BENCH_ONLY=profitability npm run bench:api`: the Rentabilité tab at scale (issue 32). Two
 * companies, each with ten chantiers, a signed devis on the first, a team of 50 workers and a
 * supplier: the large one with BENCH_TIME_ENTRIES time entries (100,000) and BENCH_SUPPLIER_INVOICES
 * supplier invoices (10,000, three lines of three resource types each, one in twenty a credit note),
 * the small one with 100 of each, spread over its chantiers. Records are built by the repositories'
 * own item builders and stored by BatchWriteItem (the seeder writes records only), then the
 * aggregates are rebuilt (`npm run aggregates:rebuild`'s function). Then times
 * `GET /api/projects/{id}/profitability` of the first chantier through the local gateway, one
 * request at a time (BENCH_SAMPLES, 50), beside the service called directly, and checks the tab's
 * actual costs against the shared rules applied to the records seeded. Prints figures and the
 * budget's verdict (the large company's p50 ≤ 1.5 × the small one's); never a test.
 */
import { clientCreateInput } from '@btp/shared/entities/client';
import { projectCreateInput } from '@btp/shared/entities/project';
import { quoteCreateInput, quoteItemInput, type Quote } from '@btp/shared/entities/quote';
import type { SupplierInvoice } from '@btp/shared/entities/supplier-invoice';
import { workerCreateInput } from '@btp/shared/entities/worker';
import type { ResourceType } from '@btp/shared/enums';
import { laborCostCents, purchaseShares } from '@btp/shared/job-costing';
import { formatDecimal, formatMoney, parseMoney } from '@btp/shared/money';
import { supplierLineTotalCents, supplierTotals } from '@btp/shared/supplier-invoice-figures';
import { addDays, weekStartOf } from '@btp/shared/timesheet';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { projects } from '../../../functions/src/data/entities/projects.js';
import { pricedQuote, quotes } from '../../../functions/src/data/entities/quotes.js';
import { supplierInvoices } from '../../../functions/src/data/entities/supplier-invoices.js';
import { suppliers } from '../../../functions/src/data/entities/suppliers.js';
import { timeEntries, type StoredTimeEntry } from '../../../functions/src/data/entities/time-entries.js';
import { workers } from '../../../functions/src/data/entities/workers.js';
import type { Fields } from '../../../functions/src/data/entity-repository.js';
import { newId } from '../../../functions/src/data/ids.js';
import { batchPut } from '../../../functions/test/batch-seed.js';
import { oneAtATime } from './one-at-a-time.js';

export interface ProfitabilityCounts {
  timeEntries: number;
  supplierInvoices: number;
}

const CHANTIERS = 10;
const TEAM = 50;
const HOURS = '7.50';
const HOURLY_COST = '38.50';
/** Budget of the scenario: the large company's p50 within 1.5 × the small one's (issue 32). */
export const profitabilityScaling = 1.5;

const pad = (value: number) => String(value).padStart(6, '0');

/** Three lines of three types, prices varying with `index` (HT, 20 %). */
function supplierLines(index: number, projectId: string) {
  const types: [ResourceType, string, string][] = [
    ['materials', 'Ciment CEM II 35 kg', `${8 + (index % 7)}.40`],
    ['rental', 'Location mini-pelle (jour)', `${180 + (index % 11)}.00`],
    ['subcontractor', 'Pose menuiseries', `${450 + (index % 13)}.00`],
  ];
  return types.map(([resourceType, description, unitPrice], line) => {
    const quantity = `${1 + ((index + line) % 9)}.000`;
    const total = formatMoney(supplierLineTotalCents({ quantity, unitPrice }));
    // A line in five names another chantier than its invoice's.
    const lineProject = (index + line) % 5 === 0 ? { projectId } : {};
    return { description, quantity, unitPrice, vatRate: '20.00', resourceType, total, ...lineProject };
  });
}

/**
 * Seeds one company (see the top of this file); answers its measured chantier and what the tab's
 * actual costs must be (the shared rules applied to the records written).
 */
async function seedCosting(
  companyId: string,
  counts: ProfitabilityCounts,
): Promise<{ projectId: string; expectedActualCents: number; expectedHours: number }> {
  const year = new Date().getFullYear();
  const client = clients.createItems(companyId, clientCreateInput.parse({ name: 'Client rentabilité' }));
  const chantiers = Array.from({ length: CHANTIERS }, (_, index) =>
    projects.createItems(
      companyId,
      projectCreateInput.parse({
        name: `Chantier ${index + 1}`,
        clientId: client.record.id,
        status: 'in_progress',
        progress: 40,
      }),
    ),
  );
  const team = Array.from({ length: TEAM }, (_, index) =>
    workers.createItems(
      companyId,
      workerCreateInput.parse({ name: `Compagnon ${index + 1}`, hourlyCost: HOURLY_COST }),
    ),
  );
  const supplier = suppliers.createItems(companyId, {
    name: 'Négoce bench',
    country: 'France',
    specialties: [],
  });
  const measured = chantiers[0]!.record.id;
  const quoteId = newId();
  const quoteData = quoteCreateInput.parse({
    title: 'Devis signé',
    clientId: client.record.id,
    projectId: measured,
    status: 'validated',
  });
  const priced = pricedQuote(
    companyId,
    {
      id: quoteId,
      overheadPercentage: quoteData.overheadPercentage,
      marginPercentage: quoteData.marginPercentage,
      items: [],
    },
    [
      {
        resourceType: 'materials',
        description: 'Fournitures gros œuvre',
        unit: 'u',
        quantity: '1',
        unitPrice: '60000.00',
      },
      { resourceType: 'labor', description: 'Main-d’œuvre', unit: 'h', quantity: '4000', unitPrice: '38.50' },
      { resourceType: 'rental', description: 'Engins', unit: 'jour', quantity: '120', unitPrice: '185.00' },
      {
        resourceType: 'subcontractor',
        description: 'Menuiseries',
        unit: 'u',
        quantity: '1',
        unitPrice: '90000.00',
      },
    ].map((line, sortOrder) => quoteItemInput.parse({ ...line, sortOrder })),
  );
  const quote = quotes.createItems(
    companyId,
    { ...quoteData, ...priced, number: `DEV-${year}-000001` } as Fields<Quote>,
    quoteId,
  );
  await batchPut([
    ...client.items,
    ...chantiers.flatMap((entry) => entry.items),
    ...team.flatMap((entry) => entry.items),
    ...supplier.items,
    ...quote.items,
  ]);

  // One entry per worker and day (so never past 24 h), days going back from today.
  const today = new Date().toISOString().slice(0, 10);
  const enteredBy = newId();
  const costCents = laborCostCents(750, parseMoney(HOURLY_COST));
  let expectedActualCents = 0;
  let expectedHours = 0;
  for (let start = 0; start < counts.timeEntries; start += 5_000) {
    const batch = Array.from({ length: Math.min(5_000, counts.timeEntries - start) }, (_, offset) => {
      const index = start + offset;
      const date = addDays(today, -Math.floor(index / TEAM));
      const projectId = chantiers[(index * 7) % CHANTIERS]!.record.id;
      if (projectId === measured) {
        expectedActualCents += costCents;
        expectedHours += 750;
      }
      return timeEntries.createItems(companyId, {
        workerId: team[index % TEAM]!.record.id,
        projectId,
        date,
        hours: HOURS,
        hourlyCost: HOURLY_COST,
        cost: formatMoney(costCents),
        weekStart: weekStartOf(date),
        enteredBy,
      } as Fields<StoredTimeEntry>);
    });
    await batchPut(batch.flatMap((entry) => entry.items));
  }

  for (let start = 0; start < counts.supplierInvoices; start += 2_000) {
    const batch = Array.from({ length: Math.min(2_000, counts.supplierInvoices - start) }, (_, offset) => {
      const index = start + offset;
      const projectId = chantiers[index % CHANTIERS]!.record.id;
      const lines = supplierLines(index, chantiers[(index + 1) % CHANTIERS]!.record.id);
      const totals = supplierTotals({ lines });
      const isNote = index % 20 === 19;
      const record = {
        supplierId: supplier.record.id,
        projectId,
        kind: isNote ? 'credit_note' : 'invoice',
        status: index % 3 === 0 ? 'paid' : 'sent',
        title: isNote ? 'Avoir retour de matériel' : 'Fournitures et locations',
        lines,
        ...totals,
        paidAmount: index % 3 === 0 ? totals.totalAmount : '0.00',
        number: `FF-${year}-${pad(index + 1)}`,
      };
      for (const share of purchaseShares(record)) {
        if (share.projectId === measured) expectedActualCents += share.cents;
      }
      return supplierInvoices.createItems(companyId, record as unknown as Fields<SupplierInvoice>);
    });
    await batchPut(batch.flatMap((entry) => entry.items));
  }
  return { projectId: measured, expectedActualCents, expectedHours };
}

export async function benchProfitability(
  stack: { url: string },
  companies: { large: { companyId: string; cookie: string }; small: { companyId: string; cookie: string } },
  options: ProfitabilityCounts & { samples: number },
): Promise<Record<string, unknown>> {
  const { rebuildAggregates } = await import('../../../functions/src/aggregates/rebuild.js');
  const { projectProfitability } =
    await import('../../../functions/src/job-costing/profitability-service.js');
  const results: Record<string, unknown> = {};
  const p50s: Record<string, number> = {};
  for (const [label, company, counts] of [
    ['grande', companies.large, options],
    ['petite', companies.small, { timeEntries: 100, supplierInvoices: 100 }],
  ] as const) {
    let started = Date.now();
    const seeded = await seedCosting(company.companyId, counts);
    const seedSeconds = (Date.now() - started) / 1000;
    started = Date.now();
    await rebuildAggregates(company.companyId);
    const rebuildSeconds = (Date.now() - started) / 1000;
    const url = `${stack.url}/api/projects/${seeded.projectId}/profitability`;
    const warm = await fetch(url, { headers: { cookie: company.cookie } });
    if (!warm.ok) throw new Error(`${url}: ${warm.status} ${await warm.text()}`);
    const tab = (await warm.json()) as { actual: { total: string; hours: string } };
    const actualCents = parseMoney(tab.actual.total);
    const hours = formatDecimal(seeded.expectedHours, 2);
    const measured = await oneAtATime(url, company.cookie, options.samples, () =>
      projectProfitability(company.companyId, seeded.projectId),
    );
    p50s[label] = measured.http.p50;
    const agrees = actualCents === seeded.expectedActualCents && tab.actual.hours === hours;
    results[label] = {
      ...counts,
      seedSeconds,
      rebuildSeconds,
      ...measured,
      actual: formatMoney(actualCents),
      expectedActual: formatMoney(seeded.expectedActualCents),
      agrees,
    };
    console.log(
      `Rentabilité, entreprise ${label} (${counts.timeEntries.toLocaleString('fr-FR')} heures pointées, ${counts.supplierInvoices.toLocaleString('fr-FR')} factures fournisseurs ; écrites en ${seedSeconds.toFixed(0)} s, agrégats recalculés en ${rebuildSeconds.toFixed(0)} s) : HTTP p50 ${measured.http.p50.toFixed(1)} ms, p99 ${measured.http.p99.toFixed(1)} ms ; service seul p50 ${measured.direct.p50.toFixed(1)} ms ; coûts réels ${formatMoney(actualCents)} € HT (${agrees ? 'conformes aux règles appliquées aux pièces' : `ÉCART : attendu ${formatMoney(seeded.expectedActualCents)} € et ${hours} h, lu ${tab.actual.hours} h`}).`,
    );
  }
  const ratio = (p50s.grande ?? Number.NaN) / (p50s.petite ?? Number.NaN);
  console.log(
    `Budget Rentabilité (p50 à ${options.timeEntries.toLocaleString('fr-FR')} heures et ${options.supplierInvoices.toLocaleString('fr-FR')} factures ≤ ${profitabilityScaling} × p50 à 100) : ${ratio.toFixed(2)} × — ${ratio <= profitabilityScaling ? 'respecté' : 'DÉPASSÉ'}`,
  );
  return { ...results, ratio, budget: profitabilityScaling };
}
