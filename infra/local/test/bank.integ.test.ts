import { readFileSync } from 'node:fs';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestClient } from './http-client.js';
import { startTestStack } from './support.js';
import { detailsOf } from './support/answers.js';
import { addSupplier, companyWithClient, type CompanyRecords } from './support/records.js';

/**
 * Bank statements through the local gateway: the file posted to the S3 server with the presigned
 * fields, as the browser does, then imported; CAMT.053 (a real-shaped month with a batch booking),
 * OFX and CSV; duplicates of an overlapping statement; the suggestions; a match recording the
 * payment as « Marquer payée » does, once even when asked twice at once.
 */
const stack = await startTestStack();

const fixtures = new URL('../../../functions/src/bank/fixtures/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, fixtures));
const today = calendarDateInFrance();
const ownIban = 'FR7630006000011234567890189';

interface Line {
  id: string;
  date: string;
  amount: string;
  label: string;
  status: string;
  reference?: string;
  suggestions: { kind: string; id: string; number: string; confidence: string; remaining: string }[];
}
interface Imported {
  statementId: string;
  format: string;
  lines: Line[];
  duplicates: number;
  warnings: string[];
}

let a: CompanyRecords;
let b: CompanyRecords;
const numbers: Record<string, { id: string; number: string }> = {};
let supplierInvoice: { id: string; number: string };

async function post<T>(http: TestClient, path: string, body: unknown, status = 200): Promise<T> {
  const response = await http.post(path, body);
  expect(response.status, `${path} ${JSON.stringify(response.body)}`).toBe(status);
  return response.body as T;
}

/** Uploads `bytes` as a browser does (presigned POST), then asks for its import. */
async function importFile(
  http: TestClient,
  fileName: string,
  bytes: Buffer,
  body: Record<string, unknown> = {},
) {
  const upload = await post<{ uploadId: string; url: string; fields: Record<string, string> }>(
    http,
    '/api/bank/statements/upload',
    { fileName },
    201,
  );
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), fileName);
  const stored = await fetch(upload.url, { method: 'POST', body: form });
  expect(stored.status).toBeLessThan(300);
  const answer = await http.post('/api/bank/statements', { uploadId: upload.uploadId, ...body });
  return Object.assign(answer, { uploadId: upload.uploadId });
}

/** The October CAMT fixture with this company's invoice numbers and this month's days. */
function camtOfCompany(): Buffer {
  const text = fixture('camt053-octobre.xml')
    .toString('utf8')
    .replaceAll('FAC-2026-0001', numbers.hotel!.number)
    .replaceAll('FAC-2026-0002', numbers.mairie!.number)
    .replaceAll(/2026-10-(\d\d)/g, (_, day: string) =>
      `${today.slice(0, 8)}${day}` <= today ? `${today.slice(0, 8)}${day}` : today,
    );
  return Buffer.from(text, 'utf8');
}

async function issuedInvoice(company: CompanyRecords, clientId: string, amount: string) {
  const draft = await post<{ id: string; version: number }>(
    company.http,
    '/api/invoices',
    {
      clientId,
      title: 'Travaux',
      lines: [{ description: 'Travaux', quantity: '1', unitPrice: amount, vatRate: '20.00' }],
    },
    201,
  );
  return post<{ id: string; number: string }>(company.http, `/api/invoices/${draft.id}/send`, {
    version: draft.version,
  });
}

async function unmatched(http: TestClient): Promise<Line[]> {
  const response = await http.get('/api/bank/lines');
  expect(response.status).toBe(200);
  return response.body as Line[];
}

beforeAll(async () => {
  a = await companyWithClient(stack, 'Banque Alpha', {
    profile: { iban: ownIban },
    client: { name: 'Hôtel Bérénice' },
  });
  // Another bank account than the fixtures' statements.
  b = await companyWithClient(stack, 'Banque Bravo', { profile: { iban: 'FR1420041010050500013M02606' } });
  const mairie = await a.http.post('/api/clients', { name: 'Mairie de Lyon', email: 'mairie@exemple.fr' });
  const garnier = await a.http.post('/api/clients', {
    name: 'M. et Mme Garnier',
    email: 'garnier@exemple.fr',
  });
  // 1 500,00 + 300,00 VAT = 1 800,00; 2 500,00 TTC; 1 000,00 TTC.
  numbers.hotel = await issuedInvoice(a, a.clientId, '1500.00');
  numbers.mairie = await issuedInvoice(a, (mairie.body as { id: string }).id, '2500.00');
  numbers.garnier = await issuedInvoice(a, (garnier.body as { id: string }).id, '833.33');
  const supplier = await addSupplier(a.companyId, { name: 'Négoce Étienne' });
  const purchase = await post<{ id: string; number: string }>(
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
          quantity: '1',
          unitPrice: '180.00',
          vatRate: '20.00',
          resourceType: 'materials',
        },
      ],
    },
    201,
  );
  supplierInvoice = purchase;
});

describe('POST /api/bank/statements', () => {
  it('imports a CAMT.053 month, one line per transfer of a batch booking, with its suggestions, and an overlapping statement once', async () => {
    const response = await importFile(a.http, 'releve.xml', camtOfCompany());
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const imported = response.body as Imported;
    expect(imported.format).toBe('camt053');
    expect(imported.warnings).toEqual([]);
    expect(imported.duplicates).toBe(0);
    expect(imported.lines.map((line) => line.amount)).toEqual([
      '1800.00',
      '1500.00',
      '1000.00',
      '-216.00',
      '-24.40',
    ]);
    const byAmount = new Map(imported.lines.map((line) => [line.amount, line]));
    expect(byAmount.get('1800.00')?.suggestions[0]).toMatchObject({
      id: numbers.hotel!.id,
      confidence: 'certain',
      remaining: '1800.00',
    });
    // The Mairie pays 1 500,00 of 3 000,00: its number, a partial payment.
    expect(byAmount.get('1500.00')?.suggestions[0]).toMatchObject({
      id: numbers.mairie!.id,
      confidence: 'probable',
    });
    // « GARNIER » named, exact amount left.
    expect(byAmount.get('1000.00')?.suggestions[0]).toMatchObject({
      id: numbers.garnier!.id,
      confidence: 'certain',
    });
    expect(byAmount.get('-216.00')?.suggestions[0]).toMatchObject({
      kind: 'supplier_invoice',
      id: supplierInvoice.id,
      confidence: 'certain',
    });
    expect(byAmount.get('-24.40')?.suggestions).toEqual([]);

    const again = await importFile(a.http, 'releve-bis.xml', camtOfCompany());
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ lines: [], duplicates: 5 });
    expect(await unmatched(a.http)).toHaveLength(5);
    // Another company sees none of them.
    expect(await unmatched(b.http)).toEqual([]);
  });

  it('reads OFX and CSV statements, warns about another account, and remembers a CSV’s columns', async () => {
    const ofx = await importFile(b.http, 'releve.ofx', fixture('releve-octobre.ofx'));
    expect(ofx.status).toBe(201);
    expect((ofx.body as Imported).lines.map((line) => line.label)).toEqual([
      'VIR SEPA HÔTEL BÉRÉNICE REGLEMENT FACTURE FAC-2026-0001',
      'NEGOCE ETIENNE FACTURE NE-2231 & LIVRAISON',
    ]);
    expect((ofx.body as Imported).warnings[0]).toMatch(
      /^Ce relevé est celui du compte FR7630006000011234567890189, pas de celui de l'entreprise/,
    );

    const csv = await importFile(b.http, 'releve.csv', fixture('releve-octobre-1252.csv'));
    expect(csv.status).toBe(201);
    // The CSV repeats the OFX's two operations (same bank references): only the fee is new.
    expect(csv.body).toMatchObject({
      duplicates: 2,
      lines: [{ amount: '-24.40', label: 'COTISATION OFFRE PRO' }],
    });

    const own = Buffer.from('Quand;Quoi;Combien\n02/10/2026;Chèque 1234;-80,00\n', 'utf8');
    const unmapped = await importFile(b.http, 'autre.csv', own);
    expect(unmapped.status).toBe(400);
    expect(detailsOf(unmapped.body)).toEqual({
      mapping:
        'Indiquez les colonnes du relevé CSV (date, libellé, montant ou débit et crédit) : elles ne sont pas reconnues.',
    });
    // The same upload is read again with the columns the person chose (as the screen does).
    const mapped = await b.http.post('/api/bank/statements', {
      uploadId: unmapped.uploadId,
      mapping: { date: 'Quand', label: 'Quoi', amount: 'Combien' },
    });
    expect(mapped.status).toBe(201);
    const remembered = await importFile(
      b.http,
      'autre-2.csv',
      Buffer.from('Quand;Quoi;Combien\n03/10/2026;Frais;-1,50\n'),
    );
    expect(remembered.status).toBe(201);
    expect((remembered.body as Imported).lines.map((line) => line.amount)).toEqual(['-1.50']);
  });

  it('refuses hostile or broken files with a French message, and writes nothing', async () => {
    const before = (await unmatched(b.http)).length;
    const dtd = await importFile(
      b.http,
      'releve.xml',
      Buffer.from(
        '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Document>&e;</Document>',
      ),
    );
    expect(dtd.status).toBe(400);
    expect((dtd.body as { message: string }).message).toMatch(/DOCTYPE ou ENTITY/);
    // A refused file is forgotten: its upload cannot be read again (a new file is sent instead).
    expect((await b.http.post('/api/bank/statements', { uploadId: dtd.uploadId })).status).toBe(404);
    const broken = await importFile(
      b.http,
      'releve.ofx',
      Buffer.from('OFXHEADER:100\n<OFX><BANKMSGSRSV1><STMTRS></OFX>'),
    );
    expect(broken.status).toBe(400);
    expect((broken.body as { message: string }).message).toMatch(/^Ce relevé OFX est mal formé/);
    const utf16 = await importFile(
      b.http,
      'releve.csv',
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Date;Montant\n', 'utf16le')]),
    );
    expect(utf16.status).toBe(400);
    expect((utf16.body as { message: string }).message).toMatch(/encodage/i);
    expect(await unmatched(b.http)).toHaveLength(before);
    expect(
      (await b.http.post('/api/bank/statements', { uploadId: '0190a7c4-0000-7000-8000-000000000000' }))
        .status,
    ).toBe(404);
  });
});

describe('POST /api/bank/lines/{id}/match', () => {
  it('records the payment as « Marquer payée » does, once for two confirmations at once, and refuses more than remains', async () => {
    const lines = await unmatched(a.http);
    const hotelLine = lines.find((line) => line.amount === '1800.00')!;
    const [first, second] = await Promise.all([
      a.http.post(`/api/bank/lines/${hotelLine.id}/match`, { kind: 'invoice', id: numbers.hotel!.id }),
      a.http.post(`/api/bank/lines/${hotelLine.id}/match`, { kind: 'invoice', id: numbers.hotel!.id }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 409]);
    const invoice = (await a.http.get(`/api/invoices/${numbers.hotel!.id}`)).body as {
      status: string;
      payments: { amount: string; method: string; reference: string; paidAt: string }[];
    };
    expect(invoice.status).toBe('paid');
    expect(invoice.payments).toHaveLength(1);
    expect(invoice.payments[0]).toMatchObject({
      amount: '1800.00',
      method: 'transfer',
      reference: hotelLine.reference,
    });
    expect(invoice.payments[0]?.paidAt.slice(0, 10)).toBe(hotelLine.date);

    // The Mairie's 1 500,00 line: more than the Garnier invoice's 1 000,00 left.
    const mairieLine = lines.find((line) => line.amount === '1500.00')!;
    const tooMuch = await a.http.post(`/api/bank/lines/${mairieLine.id}/match`, {
      kind: 'invoice',
      id: numbers.garnier!.id,
    });
    expect(tooMuch.status).toBe(409);
    const wrongSide = await a.http.post(`/api/bank/lines/${mairieLine.id}/match`, {
      kind: 'supplier_invoice',
      id: supplierInvoice.id,
    });
    expect(wrongSide.status).toBe(400);
    // Partial: the Mairie's invoice stays awaiting payment with 1 500,00 left.
    const partial = await post<{ line: Line }>(a.http, `/api/bank/lines/${mairieLine.id}/match`, {
      kind: 'invoice',
      id: numbers.mairie!.id,
    });
    expect(partial.line.status).toBe('matched');
    expect(
      ((await a.http.get(`/api/invoices/${numbers.mairie!.id}`)).body as { remainingAmount: string })
        .remainingAmount,
    ).toBe('1500.00');

    const supplierLine = lines.find((line) => line.amount === '-216.00')!;
    await post(a.http, `/api/bank/lines/${supplierLine.id}/match`, {
      kind: 'supplier_invoice',
      id: supplierInvoice.id,
    });
    const paidSupplier = (await a.http.get(`/api/supplier-invoices/${supplierInvoice.id}`)).body as {
      status: string;
      payments: { amount: string }[];
    };
    expect(paidSupplier.status).toBe('paid');
    expect(paidSupplier.payments.map((payment) => payment.amount)).toEqual(['216.00']);

    const fee = lines.find((line) => line.amount === '-24.40')!;
    await post(a.http, `/api/bank/lines/${fee.id}/match`, { ignore: true });
    expect((await unmatched(a.http)).map((line) => line.amount)).toEqual(['1000.00']);
    expect(
      ((await a.http.get('/api/bank/lines?status=matched')).body as Line[]).map((line) => line.amount).sort(),
    ).toEqual(['-216.00', '1500.00', '1800.00']);
    // Another company cannot touch the line.
    const garnierLine = (await unmatched(a.http))[0]!;
    expect((await b.http.post(`/api/bank/lines/${garnierLine.id}/match`, { ignore: true })).status).toBe(404);
    expect((await a.http.post(`/api/bank/lines/${fee.id}/match`, { ignore: true })).status).toBe(409);
  });
});
