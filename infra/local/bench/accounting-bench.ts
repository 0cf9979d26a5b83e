/**
 * `BENCH_ONLY=accounting npm run bench:api`: the accounting export of a year at scale (issue 31).
 * Seeds a company with BENCH_INVOICES customer invoices (100,000: a quarter each draft, sent,
 * overdue, paid, over the last 18 months, as `seed.ts` writes them for the main scenario) and
 * BENCH_SUPPLIER_INVOICES supplier invoices (20,000: two lines at 20 % and 10 %, half paid), written
 * with the repositories' own item builders; gives it a SIREN; then runs the export of the last 12
 * months through the API (`POST /api/accounting/exports`, then `GET …/{id}` until done: the worker
 * runs in the local stack's process, as its own function does on AWS) and prints how long it took,
 * the documents read per second, the entries per journal and the files' sizes, with the time a
 * full-size company would take at that pace beside the worker's 15 minutes. Never a test.
 */
import { supplierCreateInput } from '@btp/shared/entities/supplier';
import { supplierInvoiceCreateInput, type SupplierInvoice } from '@btp/shared/entities/supplier-invoice';
import type { Fields } from '../../../functions/src/data/entity-repository.js';
import { batchPut } from '../../../functions/test/batch-seed.js';
// The integration tests' legal profile (real check digits): its SIREN names the FEC.
import { completeProfile } from '../test/support.js';

type Call = (
  url: string,
  init?: RequestInit & { cookie?: string },
) => Promise<{ response: Response; body: unknown }>;

interface ExportAnswer {
  id: string;
  status: 'running' | 'done' | 'failed';
  read: number;
  message?: string;
  summary?: {
    journals: { journal: string; entries: number; lines: number; debit: string; credit: string }[];
    documents: { read: number; booked: number };
  };
  files: { kind: string; journal?: string; name: string; bytes: number }[];
}

const day = 24 * 60 * 60 * 1000;
const instantIn = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The last 12 whole months, this one included: `{from, to}`. */
function lastTwelveMonths(): { from: string; to: string } {
  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

async function seedPurchases(companyId: string, count: number): Promise<void> {
  const { suppliers } = await import('../../../functions/src/data/entities/suppliers.js');
  const { supplierInvoices } = await import('../../../functions/src/data/entities/supplier-invoices.js');
  const { pricedFields } = await import('../../../functions/src/purchases/supplier-invoice-service.js');
  const supplierRecords = Array.from({ length: 50 }, (_, index) =>
    suppliers.createItems(
      companyId,
      supplierCreateInput.parse({ name: `Fournisseur ${index + 1}`, specialties: ['Matériaux'] }),
    ),
  );
  await batchPut(supplierRecords.flatMap((entry) => entry.items));
  const year = new Date().getFullYear();
  for (let start = 0; start < count; start += 5_000) {
    const records = Array.from({ length: Math.min(5_000, count - start) }, (_, offset) => {
      const index = start + offset;
      const paid = index % 2 === 0;
      const age = index % 540;
      const fields = pricedFields(
        supplierInvoiceCreateInput.parse({
          supplierId: supplierRecords[index % supplierRecords.length]!.record.id,
          title: `Fournitures chantier ${index + 1}`,
          status: 'sent',
          lines: [
            {
              description: 'Matériaux',
              quantity: String(1 + (index % 9)),
              unitPrice: `${100 + (index % 97)}.50`,
              vatRate: '20',
              resourceType: 'materials',
            },
            {
              description: 'Main-d’œuvre sous-traitée',
              quantity: '1',
              unitPrice: `${300 + (index % 53)}.00`,
              vatRate: '10',
              resourceType: 'subcontractor',
            },
          ],
          receivedAt: instantIn(-age - 20),
        }),
      );
      const stored = {
        ...fields,
        number: `FF-${year}-${String(index + 1).padStart(6, '0')}`,
        receivedAt: instantIn(-age - 20),
        ...(paid
          ? {
              status: 'paid',
              payments: [{ id: `p${index}`, amount: fields.totalAmount, paidAt: instantIn(-age) }],
              paidAmount: fields.totalAmount,
              paidAt: instantIn(-age),
            }
          : {}),
      } as Fields<SupplierInvoice>;
      return supplierInvoices.createItems(companyId, stored);
    });
    await batchPut(records.flatMap((entry) => entry.items));
  }
}

export async function benchAccounting(
  stack: { url: string },
  company: { companyId: string; cookie: string },
  options: { invoices: number; supplierInvoices: number },
  call: Call,
): Promise<Record<string, unknown>> {
  const { seedCompany } = await import('./seed.js');
  let started = Date.now();
  await seedCompany(company.companyId, {
    clients: 200,
    projects: 300,
    quotes: 0,
    invoices: options.invoices,
    documents: 0,
  });
  await seedPurchases(company.companyId, options.supplierInvoices);
  const current = (await call(`${stack.url}/api/company`, { cookie: company.cookie })).body as object;
  await call(`${stack.url}/api/company`, {
    method: 'PUT',
    cookie: company.cookie,
    body: JSON.stringify({ ...current, ...completeProfile }),
  });
  const documents = options.invoices + options.supplierInvoices;
  console.log(
    `Comptabilité : ${options.invoices.toLocaleString('fr-FR')} factures et ${options.supplierInvoices.toLocaleString('fr-FR')} factures fournisseurs écrites en ${((Date.now() - started) / 1000).toFixed(0)} s.`,
  );

  const period = lastTwelveMonths();
  started = Date.now();
  const { body: startedJob } = await call(`${stack.url}/api/accounting/exports`, {
    method: 'POST',
    cookie: company.cookie,
    body: JSON.stringify(period),
  });
  const id = (startedJob as ExportAnswer).id;
  let job: ExportAnswer;
  let polls = 0;
  do {
    await wait(500);
    polls += 1;
    job = (await call(`${stack.url}/api/accounting/exports/${id}`, { cookie: company.cookie }))
      .body as ExportAnswer;
  } while (job.status === 'running');
  const seconds = (Date.now() - started) / 1000;
  if (job.status !== 'done') throw new Error(`L'export a échoué : ${job.message ?? ''}`);
  const perSecond = documents / seconds;
  // The company of issue 31: 100,000 invoices and 20,000 supplier invoices, at the same pace.
  const fullDocuments = 120_000;
  const projected = fullDocuments / perSecond;
  const journals = Object.fromEntries(
    (job.summary?.journals ?? []).map((journal) => [
      journal.journal,
      { entries: journal.entries, lines: journal.lines },
    ]),
  );
  const files = Object.fromEntries(job.files.map((file) => [file.journal ?? file.kind, file.bytes]));
  console.log(
    `Export du ${period.from} au ${period.to} : ${seconds.toFixed(1)} s pour ${documents.toLocaleString('fr-FR')} documents lus (${perSecond.toFixed(0)} documents/s, ${polls} lectures de l'avancement) ; écritures ${JSON.stringify(journals)} ; fichiers (octets) ${JSON.stringify(files)}.`,
  );
  console.log(
    `À ce rythme, 120 000 documents (100 000 factures, 20 000 fournisseurs) : ${projected.toFixed(0)} s, pour 900 s de la fonction de l'export — ${projected < 900 ? 'dans' : 'HORS de'} la limite.`,
  );
  return {
    accounting: {
      invoices: options.invoices,
      supplierInvoices: options.supplierInvoices,
      period,
      seconds,
      documentsPerSecond: perSecond,
      projectedSecondsFor120000: projected,
      booked: job.summary?.documents.booked,
      journals,
      files,
    },
  };
}
