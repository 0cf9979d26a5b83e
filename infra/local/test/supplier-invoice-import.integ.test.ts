import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importMessages } from '../../../functions/src/einvoicing/import/import-errors.js';
import { amountText } from '../../../functions/src/einvoicing/import/invoice-figures.js';
import {
  billionLaughs,
  ciiInvoiceXml,
  facturXPdf,
  nestedXml,
  pdfWith,
  pngBytes,
  ublInvoiceXml,
  ublWith,
  xxeInvoice,
} from '../../../functions/src/einvoicing/import/testing/samples.js';
import { documentSchema } from '@btp/shared/entities/document';
import { supplierInvoiceWithRefsSchema } from '@btp/shared/entities/supplier-invoice';
import type { TestClient } from './http-client.js';
import { completeCompanyProfile, completeProfile, signedInCompany, startTestStack } from './support.js';
import type { ErrorBody } from './support/answers.js';
import { importEInvoice } from './support/e-invoice-import.js';

const stack = await startTestStack();

interface ImportBody {
  supplierInvoice: {
    id: string;
    number: string;
    supplierId: string;
    status: string;
    title: string;
    supplierReference: string;
    issueDate: string;
    dueDate?: string;
    netAmount: string;
    vatAmount: string;
    totalAmount: string;
    paidAmount: string;
    receivedAt: string;
    documentId: string;
    lines: Record<string, string>[];
    supplier: { id: string; name: string };
  };
  document: { id: string; name: string; type: string; supplierId: string; mimeType: string; size: number };
  supplierCreated: boolean;
}

/** `POST /api/supplier-invoices/import` on this stack (`support/e-invoice-import.ts`). */
function importFile(
  who: TestClient,
  file: { bytes: Buffer | string; name: string; type?: string },
  options: { csrf?: boolean } = {},
) {
  return importEInvoice(stack.url, who, file, options);
}

/** Files under the local bucket's folder of a company (stored objects and their metadata). */
function storedFiles(companyId: string): number {
  const root = join(stack.dataDir, 's3');
  const entries = readdirSync(root, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && join(entry.parentPath, entry.name).includes(companyId))
    .length;
}

/** How many suppliers, supplier invoices, documents and stored files a company has. */
async function counts(who: Awaited<ReturnType<typeof signedInCompany>>) {
  const [suppliers, invoices, documents] = await Promise.all([
    who.client.get('/api/suppliers'),
    who.client.get('/api/supplier-invoices'),
    who.client.get('/api/documents'),
  ]);
  return {
    suppliers: (suppliers.body as unknown[]).length,
    supplierInvoices: (invoices.body as unknown[]).length,
    documents: (documents.body as unknown[]).length,
    storedFiles: storedFiles(who.companyId),
  };
}

describe('POST /api/supplier-invoices/import', () => {
  it('makes a CII XML a draft supplier invoice, creating its supplier, the file kept in Documents', async () => {
    const alpha = await signedInCompany(stack.url, 'Alpha Import');
    const xml = ciiInvoiceXml();
    const answer = await importFile(alpha.client, {
      bytes: xml,
      name: 'FA-2026-00412.xml',
      type: 'text/xml',
    });
    expect(answer.status, answer.text).toBe(201);
    const { supplierInvoice, document, supplierCreated } = answer.body as ImportBody;
    expect(supplierCreated).toBe(true);
    // The contract the SPA reads it with.
    expect(supplierInvoiceWithRefsSchema.safeParse(supplierInvoice).success).toBe(true);
    expect(documentSchema.safeParse(document).success).toBe(true);
    expect(supplierInvoice).toMatchObject({
      number: expect.stringMatching(/^FF-\d{4}-0001$/),
      status: 'draft',
      title: 'Facture FA-2026-00412',
      supplierReference: 'FA-2026-00412',
      issueDate: '2026-11-03',
      dueDate: '2026-12-03',
      netAmount: '902.50',
      vatAmount: '124.25',
      totalAmount: '1026.75',
      paidAmount: '0.00',
      documentId: document.id,
      supplier: { id: supplierInvoice.supplierId, name: 'Matériaux Dupont & Fils' },
    });
    expect(supplierInvoice).toMatchObject({
      kind: 'invoice',
      vatBreakdown: [
        { rate: '20.00', base: '340.00', amount: '68.00' },
        { rate: '10.00', base: '562.50', amount: '56.25' },
      ],
      remainingAmount: '1026.75',
    });
    expect(supplierInvoice.lines).toEqual([
      {
        description: 'Plaque de plâtre BA13 & rails',
        quantity: '40.000',
        unit: 'C62',
        unitPrice: '8.50',
        vatRate: '20.00',
        vatCategory: 'S',
        total: '340.00',
      },
      {
        description: 'Pose de cloison',
        quantity: '12.500',
        unit: 'HUR',
        unitPrice: '45.00',
        vatRate: '10.00',
        vatCategory: 'S',
        total: '562.50',
      },
    ]);

    const supplier = await alpha.client.get(`/api/suppliers/${supplierInvoice.supplierId}`);
    expect(supplier.body).toMatchObject({
      name: 'Matériaux Dupont & Fils',
      siret: '732829320',
      vatNumber: 'FR44732829320',
      address: '12 rue des Artisans, Zone artisanale Nord',
      postalCode: '69003',
      city: 'Lyon',
      country: 'France',
      email: 'compta@dupont-materiaux.fr',
      phone: '01 23 45 67 89',
    });

    const stored = await alpha.client.get(`/api/supplier-invoices/${supplierInvoice.id}`);
    expect(stored.body).toMatchObject({ documentId: document.id, supplierReference: 'FA-2026-00412' });
    const listed = (await alpha.client.get('/api/documents')).body as ImportBody['document'][];
    expect(listed.find((entry) => entry.id === document.id)).toMatchObject({
      type: 'invoice',
      supplierId: supplierInvoice.supplierId,
      mimeType: 'application/xml',
      size: Buffer.byteLength(xml),
      name: 'Facture FA-2026-00412 - Matériaux Dupont & Fils.xml',
    });
    const download = await alpha.client.get(`/api/documents/${document.id}/download`);
    const file = await fetch((download.body as { url: string }).url);
    expect(Buffer.from(await file.arrayBuffer()).toString('utf8')).toBe(xml);
  });

  it('matches a known supplier by SIREN (its SIRET) for a Factur-X PDF, by VAT number for a UBL file', async () => {
    const alpha = await signedInCompany(stack.url, 'Alpha Fournisseurs');
    const dupont = await alpha.client.post('/api/suppliers', {
      name: 'Dupont Matériaux',
      siret: '732 829 320 00009',
    });
    const elec = await alpha.client.post('/api/suppliers', {
      name: 'Élec Pro',
      vatNumber: 'FR 40 303265045',
    });
    expect([dupont.status, elec.status]).toEqual([201, 201]);
    const before = await counts(alpha);

    const pdf = await facturXPdf();
    const fromPdf = await importFile(alpha.client, {
      bytes: pdf,
      name: 'facture.pdf',
      type: 'application/pdf',
    });
    expect(fromPdf.status, fromPdf.text).toBe(201);
    const pdfBody = fromPdf.body as ImportBody;
    expect(pdfBody.supplierCreated).toBe(false);
    expect(pdfBody.supplierInvoice.supplier).toEqual({
      id: (dupont.body as { id: string }).id,
      name: 'Dupont Matériaux',
    });
    expect(pdfBody.document).toMatchObject({
      mimeType: 'application/pdf',
      size: pdf.byteLength,
      type: 'invoice',
    });

    // Declared as anything: the content decides.
    const fromUbl = await importFile(alpha.client, {
      bytes: ublInvoiceXml(),
      name: 'export',
      type: 'application/octet-stream',
    });
    expect(fromUbl.status, fromUbl.text).toBe(201);
    const ublBody = fromUbl.body as ImportBody;
    expect(ublBody.supplierCreated).toBe(false);
    expect(ublBody.supplierInvoice).toMatchObject({
      supplierId: (elec.body as { id: string }).id,
      supplierReference: '2026/INV/0087',
      totalAmount: '307.80',
    });
    expect(ublBody.supplierInvoice.number).not.toBe(pdfBody.supplierInvoice.number);

    const after = await counts(alpha);
    expect(after).toMatchObject({
      suppliers: before.suppliers,
      supplierInvoices: before.supplierInvoices + 2,
      documents: before.documents + 2,
    });
    expect(after.storedFiles).toBeGreaterThan(before.storedFiles);
  });

  it('takes a supplier typed by hand under the same name; another one of that name keeps its own, the new one gets its SIREN', async () => {
    const alpha = await signedInCompany(stack.url, 'Alpha Homonymes');
    const typed = await alpha.client.post('/api/suppliers', { name: 'élec pro sas' });
    const other = await alpha.client.post('/api/suppliers', {
      name: 'Matériaux Dupont & Fils',
      // Another company of that name.
      siret: '55210055400025',
    });
    expect([typed.status, other.status]).toEqual([201, 201]);
    const ubl = await importFile(alpha.client, { bytes: ublInvoiceXml(), name: 'u.xml' });
    expect(ubl.status, ubl.text).toBe(201);
    expect((ubl.body as ImportBody).supplierInvoice.supplier).toEqual({
      id: (typed.body as { id: string }).id,
      name: 'élec pro sas',
    });
    const cii = await importFile(alpha.client, { bytes: ciiInvoiceXml(), name: 'c.xml' });
    expect(cii.status, cii.text).toBe(201);
    expect((cii.body as ImportBody).supplierCreated).toBe(true);
    expect((cii.body as ImportBody).supplierInvoice.supplier.name).toBe(
      'Matériaux Dupont & Fils (SIREN 732829320)',
    );
  });

  it('refuses the same invoice of the same supplier twice (409 naming the FF- number), nothing written', async () => {
    const alpha = await signedInCompany(stack.url, 'Alpha Doublon');
    const first = await importFile(alpha.client, { bytes: await facturXPdf(), name: 'f.pdf' });
    expect(first.status, first.text).toBe(201);
    const { number } = (first.body as ImportBody).supplierInvoice;
    const before = await counts(alpha);
    const again = await importFile(alpha.client, { bytes: ciiInvoiceXml(), name: 'f.xml' });
    expect(again.status).toBe(409);
    expect((again.body as ErrorBody).message).toBe(
      `La facture FA-2026-00412 de Matériaux Dupont & Fils est déjà enregistrée (facture fournisseur ${number}) : elle n'est pas importée une seconde fois.`,
    );
    expect(await counts(alpha)).toEqual(before);

    // Once that invoice is deleted, the same file may be imported again.
    const removed = await alpha.client.delete(
      `/api/supplier-invoices/${(first.body as ImportBody).supplierInvoice.id}`,
    );
    expect(removed.status).toBe(204);
    const third = await importFile(alpha.client, { bytes: ciiInvoiceXml(), name: 'f.xml' });
    expect(third.status, third.text).toBe(201);
  });

  it('two imports of the same file at the same time: one 201, one 409, one invoice and one file', async () => {
    const alpha = await signedInCompany(stack.url, 'Alpha Concurrence');
    const known = await alpha.client.post('/api/suppliers', { name: 'Élec Pro', siret: '30326504500003' });
    expect(known.status).toBe(201);
    // Files the local S3 server keeps for one stored object (the object and its metadata).
    const start = await counts(alpha);
    expect((await importFile(alpha.client, { bytes: ciiInvoiceXml(), name: 'c.xml' })).status).toBe(201);
    const before = await counts(alpha);
    const storedFilesPerImport = before.storedFiles - start.storedFiles;
    expect(storedFilesPerImport).toBeGreaterThan(0);
    const answers = await Promise.all([
      importFile(alpha.client, { bytes: ublInvoiceXml(), name: 'a.xml' }),
      importFile(alpha.client, { bytes: ublInvoiceXml(), name: 'b.xml' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    const after = await counts(alpha);
    expect(after).toMatchObject({
      suppliers: before.suppliers,
      supplierInvoices: before.supplierInvoices + 1,
      documents: before.documents + 1,
    });
    // The loser's stored file was deleted again: as many objects as after a single import.
    expect(after.storedFiles - before.storedFiles).toBe(storedFilesPerImport);
  });

  it('refuses every bad file with a French message and writes nothing', async () => {
    const alpha = await signedInCompany(stack.url, 'Alpha Refus');
    const before = await counts(alpha);
    const cases: { label: string; bytes: Buffer | string; status: number; message: string }[] = [
      { label: 'XXE', bytes: xxeInvoice(), status: 400, message: importMessages.doctype },
      { label: 'billion laughs', bytes: billionLaughs(), status: 400, message: importMessages.doctype },
      {
        label: 'PDF without invoice',
        bytes: await pdfWith(),
        status: 400,
        message: importMessages.pdfWithoutInvoice,
      },
      {
        label: 'Factur-X PDF with XXE',
        bytes: await facturXPdf(xxeInvoice()),
        status: 400,
        message: importMessages.doctype,
      },
      { label: 'PNG', bytes: pngBytes(), status: 415, message: importMessages.unsupported },
      {
        label: 'not an invoice',
        bytes: '<?xml version="1.0"?><commande/>',
        status: 400,
        message: importMessages.notAnInvoice,
      },
      {
        label: 'broken XML',
        bytes: ciiInvoiceXml().slice(0, 3000),
        status: 400,
        message: importMessages.brokenXml,
      },
      {
        label: 'totals',
        bytes: ublWith([
          '<cbc:TaxInclusiveAmount currencyID="EUR">307.80<',
          '<cbc:TaxInclusiveAmount currencyID="EUR">308.80<',
        ]),
        status: 400,
        message: `La facture électronique a des totaux incohérents : le total TTC (BT-112) vaut ${amountText(30880, 'EUR')} dans le fichier, alors que HT + TVA donne ${amountText(30780, 'EUR')}. Elle n'est pas importée : demandez au fournisseur une facture corrigée.`,
      },
      // The largest file the route takes (4 MiB), all of it nesting.
      {
        label: '4 MiB of nesting',
        bytes: nestedXml(599_000),
        status: 400,
        message: importMessages.tooDeep(100),
      },
    ];
    for (const entry of cases) {
      const answer = await importFile(alpha.client, {
        bytes: entry.bytes,
        name: 'facture.xml',
        type: 'text/xml',
      });
      expect({ status: answer.status, message: (answer.body as ErrorBody).message }, entry.label).toEqual({
        status: entry.status,
        message: entry.message,
      });
      expect(answer.text, entry.label).not.toMatch(/root:|\/bin\/|at .*\.ts|stack/);
    }
    const tooLarge = await importFile(alpha.client, { bytes: nestedXml(800_000), name: 'facture.xml' });
    expect(tooLarge.status).toBe(413);
    const noFile = await fetch(`${stack.url}/api/supplier-invoices/import`, {
      method: 'POST',
      headers: { cookie: alpha.client.cookieHeader, 'x-requested-with': 'fetch' },
      body: new FormData(),
    });
    expect(noFile.status).toBe(400);
    expect(await counts(alpha)).toEqual(before);
  });

  it('refuses a write without the CSRF header (403) and a caller without a session (401)', async () => {
    const alpha = await signedInCompany(stack.url, 'Alpha CSRF');
    const before = await counts(alpha);
    const noCsrf = await importFile(alpha.client, { bytes: ciiInvoiceXml(), name: 'f.xml' }, { csrf: false });
    expect(noCsrf.status).toBe(403);
    const body = new FormData();
    body.append('file', new Blob([ciiInvoiceXml()]), 'f.xml');
    const anonymous = await fetch(`${stack.url}/api/supplier-invoices/import`, {
      method: 'POST',
      headers: { 'x-requested-with': 'fetch' },
      body,
    });
    expect(anonymous.status).toBe(401);
    expect(await counts(alpha)).toEqual(before);
  });

  it("keeps each company's import to itself", async () => {
    const alpha = await signedInCompany(stack.url, 'Alpha Isolée');
    const beta = await signedInCompany(stack.url, 'Bêta Isolée');
    const answer = await importFile(alpha.client, { bytes: ublInvoiceXml(), name: 'f.xml' });
    expect(answer.status, answer.text).toBe(201);
    const { supplierInvoice, document } = answer.body as ImportBody;
    expect((await beta.client.get(`/api/supplier-invoices/${supplierInvoice.id}`)).status).toBe(404);
    expect((await beta.client.get(`/api/suppliers/${supplierInvoice.supplierId}`)).status).toBe(404);
    expect((await beta.client.get(`/api/documents/${document.id}/download`)).status).toBe(404);
    expect(await counts(beta)).toMatchObject({ suppliers: 0, supplierInvoices: 0, documents: 0 });
    // Bêta may import the same file: another company, its own supplier and number.
    const own = await importFile(beta.client, { bytes: ublInvoiceXml(), name: 'f.xml' });
    expect(own.status, own.text).toBe(201);
    expect((own.body as ImportBody).supplierInvoice.supplierId).not.toBe(supplierInvoice.supplierId);
  });
});

describe('round trip: our own Factur-X read back', () => {
  it('company A issues an invoice, company B imports its PDF: same number, same totals, A as supplier', async () => {
    const a = await signedInCompany(stack.url, 'Alpha Émettrice');
    await completeCompanyProfile(a.client);
    const b = await signedInCompany(stack.url, 'Bêta Réceptrice');
    const customer = await a.client.post('/api/clients', {
      name: 'Bêta Réceptrice',
      kind: 'company',
      email: 'compta@beta.fr',
      address: '3 place Bellecour',
      postalCode: '69002',
      city: 'Lyon',
    });
    expect(customer.status, JSON.stringify(customer.body)).toBe(201);
    const draft = await a.client.post('/api/invoices', {
      clientId: (customer.body as { id: string }).id,
      title: 'Travaux de maçonnerie',
      lines: [
        { description: 'Mur en parpaings', unit: 'm²', quantity: '12.5', unitPrice: '85.00', vatRate: 20 },
        { description: 'Enduit & finitions', unit: 'm²', quantity: 12, unitPrice: '22.50', vatRate: 10 },
      ],
    });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const { id, version } = draft.body as { id: string; version: number };
    const sent = await a.client.post(`/api/invoices/${id}/send`, { version });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const issued = sent.body as {
      number: string;
      totalAmount: string;
      vatAmount: string;
      totalWithVat: string;
    };
    const link = await a.client.get(`/api/invoices/${id}/pdf`);
    expect(link.status).toBe(200);
    const pdf = Buffer.from(await (await fetch((link.body as { url: string }).url)).arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const imported = await importFile(b.client, {
      bytes: pdf,
      name: `${issued.number}.pdf`,
      type: 'application/pdf',
    });
    expect(imported.status, imported.text).toBe(201);
    const { supplierInvoice, supplierCreated } = imported.body as ImportBody;
    expect(supplierCreated).toBe(true);
    expect(supplierInvoice).toMatchObject({
      supplierReference: issued.number,
      netAmount: issued.totalAmount,
      vatAmount: issued.vatAmount,
      totalAmount: issued.totalWithVat,
      status: 'draft',
    });
    expect(issued.totalWithVat).toBe('1572.00');
    expect(supplierInvoice.lines.map((line) => [line.description, line.quantity, line.total])).toEqual([
      ['Mur en parpaings', '12.500', '1062.50'],
      ['Enduit & finitions', '12.000', '270.00'],
    ]);
    const supplier = (await b.client.get(`/api/suppliers/${supplierInvoice.supplierId}`)).body as Record<
      string,
      string
    >;
    expect(supplier.siret).toBe(completeProfile.siret);
    expect(supplier).toMatchObject({ vatNumber: completeProfile.vatNumber, city: completeProfile.city });
    expect(supplier.name).toContain('Alpha Émettrice');
  });
});
