import iconv from 'iconv-lite';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suppliers } from '../../../functions/src/data/entities/suppliers.js';
import type { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';

/**
 * Supplier price-list imports through the local gateway and the local job runner
 * (docs/library.md): upload by presigned POST, preview, job with progress, report, re-import
 * (updates, retired rows, refused rows with their numbers), Windows-1252, XLSX, and tenancy.
 */
let stack: Awaited<ReturnType<typeof startTestStack>>;

interface Job {
  id: string;
  status: string;
  total: number;
  processed: number;
  error?: string;
  report: {
    created: number;
    updated: number;
    unchanged: number;
    retired: number;
    refused: { row: number; message: string }[];
    refusedCount: number;
  };
}

interface Company {
  client: TestClient;
  companyId: string;
  supplierId: string;
}

let a: Company;
let b: Company;

async function company(name: string): Promise<Company> {
  const { client, companyId } = await signedInCompany(stack.url, name);
  const supplier = await suppliers.create(companyId, { name: 'Point P', country: 'France', specialties: [] });
  return { client, companyId, supplierId: supplier.id };
}

/** Announces the file, posts it to the bucket as a browser would, answers the upload id. */
async function upload(who: TestClient, bytes: Buffer, fileName: string): Promise<string> {
  const response = await who.post('/api/library/imports/uploads', { fileName, size: bytes.length });
  expect(response.status).toBe(201);
  const { uploadId, upload: form } = response.body as {
    uploadId: string;
    upload: { url: string; fields: Record<string, string> };
  };
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  body.append('file', new Blob([new Uint8Array(bytes)]), fileName);
  const posted = await fetch(form.url, { method: 'POST', body });
  expect(posted.status).toBeLessThan(300);
  return uploadId;
}

/** Polls the job (as the screen does) until it is finished. */
async function finished(who: TestClient, id: string): Promise<Job> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const response = await who.get(`/api/library/imports/${id}`);
    const job = response.body as Job;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the import did not finish');
}

async function importFile(who: Company, bytes: Buffer, fileName: string, mapping: Record<string, unknown>) {
  const uploadId = await upload(who.client, bytes, fileName);
  const started = await who.client.post('/api/library/imports', {
    uploadId,
    supplierId: who.supplierId,
    mapping,
  });
  expect(started.status).toBe(202);
  return finished(who.client, (started.body as Job).id);
}

const columns = { reference: 0, designation: 1, unit: 2, price: 3, discount: 4, family: [5] };

const first = [
  'Référence;Désignation;Unité;Prix HT;Remise %;Famille',
  'PAR2050;Parpaing creux 20×20×50;u;1,48;;Gros œuvre › Maçonnerie',
  'CIM35;Ciment CEM II 32,5 R sac 35 kg;sac;9,90;10;Gros œuvre › Liants',
  'SAB04;Sable 0/4 lavé;t;32,00;;Gros œuvre › Granulats',
  'BROKEN;Sans prix;u;;;',
].join('\r\n');

const second = [
  'Référence;Désignation;Unité;Prix HT;Remise %;Famille',
  'PAR2050;Parpaing creux 20×20×50;u;1,52;;Gros œuvre › Maçonnerie',
  'CIM35;Ciment CEM II 32,5 R sac 35 kg;sac;9,90;10;Gros œuvre › Liants',
  'GRA620;Gravier 6/20 concassé;t;38,40;;Gros œuvre › Granulats',
  'PAR2050;Doublon;u;1,60;;',
].join('\r\n');

beforeAll(async () => {
  stack = await startTestStack();
  a = await company('Dupont Bâtiment');
  b = await company('Martin Rénovation');
});

afterAll(async () => {
  await stack?.dispose();
});

describe('supplier price-list import', () => {
  it('previews the first rows with the columns it recognises', async () => {
    const uploadId = await upload(a.client, Buffer.from(first, 'utf8'), 'tarif-pointp.csv');
    const response = await a.client.get(
      `/api/library/imports/uploads/${uploadId}/preview?supplierId=${a.supplierId}`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      format: 'csv',
      layout: 'table',
      encoding: 'utf-8',
      delimiter: ';',
      columns: [
        { index: 0, header: 'Référence' },
        { index: 1, header: 'Désignation' },
        { index: 2, header: 'Unité' },
        { index: 3, header: 'Prix HT' },
        { index: 4, header: 'Remise %' },
        { index: 5, header: 'Famille' },
      ],
      mapping: { columns, headerRow: 1, decimal: ',' },
      remembered: false,
    });
    expect((response.body as { rows: string[][] }).rows[0]).toEqual([
      'PAR2050',
      'Parpaing creux 20×20×50',
      'u',
      '1,48',
      '',
      'Gros œuvre › Maçonnerie',
    ]);
    // Another company does not see the upload.
    expect((await b.client.get(`/api/library/imports/uploads/${uploadId}/preview`)).status).toBe(404);
  });

  it('imports, then re-imports: updates by reference, adds, retires what is gone, refuses broken rows', async () => {
    const created = await importFile(a, Buffer.from(first, 'utf8'), 'tarif.csv', { columns, decimal: ',' });
    expect(created).toMatchObject({
      status: 'done',
      total: 3,
      processed: 3,
      report: {
        created: 3,
        updated: 0,
        unchanged: 0,
        retired: 0,
        refused: [{ row: 5, message: 'Prix manquant' }],
        refusedCount: 1,
      },
    });
    const cement = ((await a.client.get('/api/library/search?q=cim35')).body as { unitCost: string }[])[0];
    expect(cement?.unitCost).toBe('8.91'); // 9.90 less 10 %
    const again = await importFile(a, Buffer.from(second, 'utf8'), 'tarif-2.csv', { columns, decimal: ',' });
    expect(again.report).toEqual({
      created: 1,
      updated: 1,
      unchanged: 1,
      retired: 1,
      refused: [{ row: 5, message: 'Référence PAR2050 déjà présente à la ligne 2' }],
      refusedCount: 1,
    });
    const list = (await a.client.get('/api/library/articles?limit=200')).body as {
      reference: string;
      unitCost: string;
      status: string;
    }[];
    expect(list.map((article) => [article.reference, article.unitCost, article.status]).sort()).toEqual([
      ['CIM35', '8.91', 'active'],
      ['GRA620', '38.40', 'active'],
      ['PAR2050', '1.52', 'active'],
      ['SAB04', '32.00', 'retired'],
    ]);
    // The mapping is remembered for the supplier.
    const uploadId = await upload(a.client, Buffer.from(second, 'utf8'), 'tarif-3.csv');
    const preview = await a.client.get(
      `/api/library/imports/uploads/${uploadId}/preview?supplierId=${a.supplierId}`,
    );
    expect(preview.body).toMatchObject({ remembered: true, mapping: { columns, decimal: ',' } });
  });

  it('reads Windows-1252 when told, and fails a job on it otherwise with the way out, nothing written', async () => {
    const bytes = iconv.encode(first.replace('PAR2050', 'PAR-W'), 'win1252');
    const refused = await importFile(b, bytes, 'ansi.csv', { columns, decimal: ',' });
    expect(refused).toMatchObject({
      status: 'failed',
      error:
        "Ce fichier n'est pas en UTF-8 : choisissez l'encodage Windows-1252 (Excel) dans les options de l'import.",
      report: { created: 0 },
    });
    expect((await b.client.get('/api/library/articles')).body).toEqual([]);
    const read = await importFile(b, bytes, 'ansi.csv', { columns, decimal: ',', encoding: 'windows-1252' });
    expect(read.report.created).toBe(3);
    const article = (
      (await b.client.get('/api/library/search?q=par')).body as { designation: string; family: string }[]
    )[0];
    expect(article).toMatchObject({
      designation: 'Parpaing creux 20×20×50',
      family: 'Gros œuvre › Maçonnerie',
    });
    // Company A's articles are not B's, nor B's A's.
    expect(((await a.client.get('/api/library/search?q=par-w')).body as unknown[]).length).toBe(0);
  });

  it('imports an XLSX sheet', async () => {
    const sheet = `<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Réf</t></is></c><c r="B1" t="inlineStr"><is><t>Libellé</t></is></c><c r="C1" t="inlineStr"><is><t>Prix</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>BA13</t></is></c><c r="B2" t="inlineStr"><is><t>Plaque BA13 2500×1200</t></is></c><c r="C2"><v>7.35</v></c></row></sheetData></worksheet>`;
    const bytes = Buffer.from(
      zipSync({
        'xl/workbook.xml': strToU8(
          '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Tarif" sheetId="1" r:id="rId1"/></sheets></workbook>',
        ),
        'xl/_rels/workbook.xml.rels': strToU8(
          '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
        ),
        'xl/worksheets/sheet1.xml': strToU8(sheet),
      }),
    );
    const job = await importFile(b, bytes, 'tarif.xlsx', {
      columns: { reference: 0, designation: 1, price: 2 },
    });
    expect(job).toMatchObject({ status: 'done', report: { created: 1 } });
  });

  it('refuses a file over 20 MB before signing anything, and another company’s job', async () => {
    const big = await a.client.post('/api/library/imports/uploads', {
      fileName: 'gros.csv',
      size: 21 * 1024 * 1024,
    });
    expect(big.status).toBe(413);
    expect((big.body as { message: string }).message).toBe(
      'Ce fichier dépasse 20 Mo : découpez le tarif en plusieurs fichiers.',
    );
    const uploadId = await upload(a.client, Buffer.from(first, 'utf8'), 'x.csv');
    const started = await a.client.post('/api/library/imports', {
      uploadId,
      supplierId: a.supplierId,
      mapping: { columns },
    });
    const id = (started.body as Job).id;
    expect((await b.client.get(`/api/library/imports/${id}`)).status).toBe(404);
    const foreign = await b.client.post('/api/library/imports', {
      uploadId,
      supplierId: b.supplierId,
      mapping: { columns },
    });
    expect(foreign.status).toBe(404);
    await finished(a.client, id);
  });
});
