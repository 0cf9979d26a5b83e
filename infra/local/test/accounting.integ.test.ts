import { checkFec } from '@btp/shared/accounting/fec-check';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client.js';
import { startTestStack } from './support.js';
import { detailsOf } from './support/answers.js';
import { addSupplier, companyWithClient, type CompanyRecords } from './support/records.js';

/**
 * The chart of accounts and the accounting export through the local gateway: the export job runs in
 * the stack's process (as its worker does on AWS), writes the FEC and the CSVs to the S3 server, and
 * the FEC read back passes the BOI's rules (`checkFec`).
 */
const stack = await startTestStack();

interface ExportJob {
  id: string;
  status: 'running' | 'done' | 'failed';
  read: number;
  message?: string;
  summary?: {
    journals: { journal: string; entries: number; debit: string; credit: string }[];
    total: { entries: number; debit: string; credit: string };
    invoicedHt: string;
    depositsHt: string;
    revenueHt: string | null;
    documents: { read: number; booked: number };
  };
  files: { kind: string; journal?: string; name: string; bytes: number; url?: string }[];
}

const today = calendarDateInFrance();
const monthStart = `${today.slice(0, 7)}-01`;
const monthEnd = (() => {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
})();
const unknownId = '0190a7c4-0000-7000-8000-000000000000';

let a: CompanyRecords;
let b: CompanyRecords;

async function post<T>(http: TestClient, path: string, body: unknown, status = 200): Promise<T> {
  const response = await http.post(path, body);
  expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(status);
  return response.body as T;
}

/** An issued invoice of `company`'s client with these lines. */
async function issuedInvoice(company: CompanyRecords, lines: [string, string, string][]) {
  const draft = await post<{ id: string; version: number }>(
    company.http,
    '/api/invoices',
    {
      clientId: company.clientId,
      title: 'Rénovation de la cuisine',
      lines: lines.map(([quantity, unitPrice, vatRate]) => ({
        description: 'Travaux',
        quantity,
        unitPrice,
        vatRate,
      })),
    },
    201,
  );
  return post<{ id: string; version: number; number: string; totalWithVat: string }>(
    company.http,
    `/api/invoices/${draft.id}/send`,
    { version: draft.version },
  );
}

async function finished(http: TestClient, id: string): Promise<ExportJob> {
  let job: ExportJob | undefined;
  await expect
    .poll(
      async () => {
        job = (await http.get(`/api/accounting/exports/${id}`)).body as ExportJob;
        return job.status;
      },
      // The export reads every invoice of the company and writes four files to the S3 server.
      { timeout: 60_000, interval: 250 },
    )
    .not.toBe('running');
  return job as ExportJob;
}

/** The FEC is written in ISO 8859-15. */
const latin9 = (bytes: Buffer): string => new TextDecoder('iso-8859-15').decode(bytes);

async function download(url: string): Promise<Buffer> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

beforeAll(async () => {
  a = await companyWithClient(stack, 'Comptes Alpha', { profile: true, client: { name: 'Hôtel Bérénice' } });
  b = await companyWithClient(stack, 'Comptes Bravo');
});

describe('GET, PUT /api/company/accounts', () => {
  it('answers the guide’s chart until saved, saves the accountant’s numbers and refuses a stale or wrong one', async () => {
    const company = await companyWithClient(stack, 'Plan comptable');
    const read = await company.http.get('/api/company/accounts');
    expect(read.status).toBe(200);
    const chart = read.body as {
      version: number;
      accounts: Record<string, { number: string; label: string }>;
    };
    expect(chart.version).toBe(0);
    expect(chart.accounts.vatPending).toEqual({
      number: '445740',
      label: 'TVA sur factures en attente d’encaissement',
    });

    const wrong = await company.http.put('/api/company/accounts', {
      ...chart,
      accounts: { ...chart.accounts, clients: { number: '401000', label: 'Clients' } },
    });
    expect(wrong.status).toBe(400);
    expect(detailsOf(wrong.body)).toEqual({
      'accounts.clients.number':
        'Clients : le numéro de compte doit commencer par 411 (plan comptable général)',
    });

    const saved = await company.http.put('/api/company/accounts', {
      ...chart,
      accounts: { ...chart.accounts, bank: { number: '512100', label: 'Crédit Agricole' } },
    });
    expect(saved.status).toBe(200);
    expect((saved.body as typeof chart).version).toBe(1);
    expect(
      ((await company.http.get('/api/company/accounts')).body as typeof chart).accounts.bank?.number,
    ).toBe('512100');
    const stale = await company.http.put('/api/company/accounts', chart);
    expect(stale.status).toBe(409);
    // Another company still reads the defaults.
    expect(((await b.http.get('/api/company/accounts')).body as typeof chart).version).toBe(0);
  });
});

describe('POST /api/accounting/exports, GET /api/accounting/exports/{id}', () => {
  it('exports the month’s entries as a FEC that passes the BOI’s rules, a CSV per journal and a summary matching Finances', async () => {
    // Two rates, paid in two payments; one at 20 % partly paid; one credited in part.
    const paid = await issuedInvoice(a, [
      ['1', '1000.00', '20.00'],
      ['2', '250.00', '10.00'],
    ]);
    await post(a.http, `/api/invoices/${paid.id}/pay`, { paidAmount: '1000.00', method: 'transfer' });
    const paidAgain = (await a.http.get(`/api/invoices/${paid.id}`)).body as { version: number };
    await post(a.http, `/api/invoices/${paid.id}/pay`, { version: paidAgain.version });
    const partly = await issuedInvoice(a, [['1', '800.00', '20.00']]);
    await post(a.http, `/api/invoices/${partly.id}/pay`, { paidAmount: '480.00' });
    const credited = await issuedInvoice(a, [['4', '100.00', '20.00']]);
    const noteDraft = await post<{ id: string; version: number }>(
      a.http,
      `/api/invoices/${credited.id}/credit-note`,
      { lines: [{ index: 0, quantity: '1' }] },
      201,
    );
    await post(a.http, `/api/invoices/${noteDraft.id}/send`, { version: noteDraft.version });
    // A supplier invoice of materials and rentals, paid.
    const supplier = await addSupplier(a.companyId, { name: 'Négoce Étienne' });
    const purchase = await post<{ id: string; version: number }>(
      a.http,
      '/api/supplier-invoices',
      {
        supplierId: supplier.id,
        status: 'sent',
        supplierReference: 'NE-2231',
        issueDate: today,
        lines: [
          {
            description: 'Ciment',
            quantity: '10',
            unitPrice: '8.50',
            vatRate: '20.00',
            resourceType: 'materials',
          },
          {
            description: 'Échafaudage',
            quantity: '1',
            unitPrice: '120.00',
            vatRate: '20.00',
            resourceType: 'rental',
          },
        ],
      },
      201,
    );
    await post(a.http, `/api/supplier-invoices/${purchase.id}/pay`, { version: purchase.version });

    const started = await a.http.post('/api/accounting/exports', { from: monthStart, to: monthEnd });
    expect(started.status).toBe(202);
    expect((started.body as ExportJob).status).toBe('running');
    const job = await finished(a.http, (started.body as ExportJob).id);
    expect(job.status, job.message).toBe('done');

    const summary = job.summary!;
    expect(summary.journals.map((journal) => [journal.journal, journal.entries])).toEqual([
      ['VE', 4],
      ['HA', 1],
      ['BQ', 4],
    ]);
    for (const journal of summary.journals) expect(journal.debit).toBe(journal.credit);
    // HT invoiced: 1 500 + 800 + 400 − 100.
    expect(summary.invoicedHt).toBe('2600.00');
    const stats = (await a.http.get('/api/dashboard/stats')).body as { raw: { monthlyRevenue: string } };
    expect(summary.revenueHt).toBe(stats.raw.monthlyRevenue);
    expect(summary.documents).toEqual({ read: 5, booked: 4 });

    const company = (await a.http.get('/api/company')).body as { siren: string };
    const fecFile = job.files.find((file) => file.kind === 'fec')!;
    expect(fecFile.name).toBe(`${company.siren}FEC${monthEnd.replaceAll('-', '')}.txt`);
    const fec = latin9(await download(fecFile.url!));
    const check = checkFec(fec);
    expect(check.errors).toEqual([]);
    expect(fec).toContain('\tHôtel Bérénice\t');
    expect(fec).toContain('\tNégoce Étienne\t');
    expect(check.journals.get('BQ')?.entries).toBe(4);
    // The paid invoice's client lines are lettered, the partly paid one's not.
    const clientRows = check.rows.filter((row) => row[4] === '411000');
    const letterOf = (number: string) => clientRows.filter((row) => row[8] === number).map((row) => row[13]);
    expect(new Set(letterOf(paid.number)).size).toBe(1);
    expect(letterOf(paid.number)[0]).toMatch(/^[A-Z]+$/);
    expect(letterOf(partly.number)).toEqual(['', '']);

    const bankCsv = job.files.find((file) => file.journal === 'BQ')!;
    const csv = (await download(bankCsv.url!)).toString('utf8');
    expect(csv.startsWith('\uFEFFJournalCode;JournalLib;EcritureNum')).toBe(true);
    expect(csv.trim().split('\r\n')).toHaveLength(1 + (check.journals.get('BQ')?.lines ?? 0));
  });

  it('uses the saved chart, refuses a wrong period, and keeps exports within their company', async () => {
    const chart = (await a.http.get('/api/company/accounts')).body as Record<string, unknown> & {
      accounts: Record<string, unknown>;
    };
    await a.http.put('/api/company/accounts', {
      ...chart,
      accounts: { ...chart.accounts, bank: { number: '512100', label: 'Crédit Agricole' } },
    });
    const job = await finished(
      a.http,
      (await post<ExportJob>(a.http, '/api/accounting/exports', { from: monthStart, to: today }, 202)).id,
    );
    const fec = latin9(await download(job.files[0]!.url!));
    expect(fec).toContain('\t512100\tCrédit Agricole\t');
    expect(fec).not.toContain('\t512000\t');
    // Not whole months: no revenue of Finances beside the books, unless today ends the month.
    if (today !== monthEnd) expect(job.summary?.revenueHt).toBeNull();

    const backwards = await a.http.post('/api/accounting/exports', { from: monthEnd, to: monthStart });
    expect(backwards.status).toBe(400);
    expect(detailsOf(backwards.body)).toEqual({
      to: 'La date de fin doit être postérieure ou égale à la date de début',
    });
    expect((await b.http.get(`/api/accounting/exports/${job.id}`)).status).toBe(404);
    expect((await a.http.get(`/api/accounting/exports/${unknownId}`)).status).toBe(404);
    // Without a SIREN the FEC has no name.
    const noSiren = await b.http.post('/api/accounting/exports', { from: monthStart, to: monthEnd });
    expect(noSiren.status).toBe(409);
    expect((noSiren.body as { message: string }).message).toMatch(/SIREN/);
  });
});
