/**
 * The PDF of a devis, a facture and an avoir (DOCUMENTS.md § 5) through the local gateway, against
 * DynamoDB Local and the local S3 server: a draft's "BROUILLON" preview drawn on each request, the
 * archive made once when the document is sent (listed in Documents, never drawn again, never
 * deleted), the presigned URL's disposition, tenancy.
 */
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { clientCreateInput } from '@btp/shared/entities/client';
import { calendarDateInFrance } from '@btp/shared/invoice-status';
import { beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../../functions/src/data/entities/clients.js';
import { quotes } from '../../../functions/src/data/entities/quotes.js';
import { documentsBucket } from '../../../functions/src/lib/s3.js';
import { sdkS3Client } from '../../../functions/src/test-support/s3-sdk.js';
import { TestClient } from './http-client.js';
import { completeCompanyProfile, signedInCompany, startTestStack } from './support.js';
import { type ErrorBody, pdfText } from './support/answers.js';
import { companyWithClient, putInvoiceOfTheFirstVersion, tilleuls } from './support/records.js';

const stack = await startTestStack();

interface Company {
  http: TestClient;
  companyId: string;
  clientId: string;
  clientName: string;
  projectId: string;
}

interface Record_ {
  id: string;
  number?: string;
  status: string;
  version: number;
  pdfDocumentId?: string;
}

interface DocumentBody {
  id: string;
  name: string;
  type: string;
  originalName: string;
  mimeType?: string;
  size?: number;
  quoteId?: string;
  invoiceId?: string;
  clientId?: string;
  projectId?: string;
}

const unknownId = '0190a7c4-0000-7000-8000-000000000000';
const year = () => calendarDateInFrance().slice(0, 4);

let a: Company;
let b: Company;

/** A company with a complete profile, a client (a company, with an address) and a project. */
function company(name: string, profile: Record<string, unknown> = {}): Promise<Company> {
  return companyWithClient(stack, name, {
    profile,
    client: { ...tilleuls, name: `SCI Les Tilleuls de ${name}`, email: 'contact@tilleuls.fr' },
    project: { location: '8 rue Mercière, 69002 Lyon' },
  });
}

async function newQuote(owner: Company): Promise<Record_> {
  const response = await owner.http.post('/api/quotes', {
    title: 'Rénovation salle de bains',
    clientId: owner.clientId,
    projectId: owner.projectId,
    items: [
      {
        resourceType: 'materials',
        description: 'Carrelage 60x60',
        unit: 'm²',
        quantity: '12,5',
        unitPrice: '8.40',
      },
      { resourceType: 'labor', description: 'Pose', unit: 'h', quantity: 2, unitPrice: 150 },
    ],
  });
  expect(response.status).toBe(201);
  return response.body as Record_;
}

async function newInvoice(owner: Company, fields: Record<string, unknown> = {}): Promise<Record_> {
  const response = await owner.http.post('/api/invoices', {
    clientId: owner.clientId,
    projectId: owner.projectId,
    title: 'Travaux de maçonnerie',
    lines: [
      { description: 'Mur en parpaings', unit: 'm²', quantity: 12, unitPrice: '85.00', vatRate: 20 },
      { description: 'Enduit', unit: 'm²', quantity: 12, unitPrice: '22.50', vatRate: 10 },
    ],
    ...fields,
  });
  expect(response.status).toBe(201);
  return response.body as Record_;
}

async function send(owner: Company, kind: 'quotes' | 'invoices', record: Record_): Promise<Record_> {
  const response = await owner.http.post(`/api/${kind}/${record.id}/send`, { version: record.version });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Record_;
}

/** `GET /api/{kind}/{id}/pdf`: the answer, and the presigned URL when there is one. */
async function pdfUrl(who: TestClient, kind: 'quotes' | 'invoices', id: string, query = '') {
  const response = await who.get(`/api/${kind}/${id}/pdf${query}`);
  return { ...response, url: (response.body as { url?: string } | undefined)?.url };
}

/** The file behind a presigned URL, fetched as a browser would (no cookie). */
async function fetchPdf(url: string): Promise<Uint8Array> {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/pdf');
  return new Uint8Array(await response.arrayBuffer());
}

/** The PDF of a record, fetched through its route (must answer 200). */
async function pdfOf(who: TestClient, kind: 'quotes' | 'invoices', id: string): Promise<Uint8Array> {
  const response = await pdfUrl(who, kind, id);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return fetchPdf(response.url as string);
}

/** The text of a PDF as a reader would copy it, whitespace folded (pdf.js). */

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

/** The `Content-Disposition` a presigned URL makes S3 answer with. */
const dispositionOf = (url: string) => new URL(url).searchParams.get('response-content-disposition');

async function documentsOf(who: TestClient): Promise<DocumentBody[]> {
  const response = await who.get('/api/documents');
  expect(response.status).toBe(200);
  return response.body as DocumentBody[];
}

/** The keys of the company's stored document files (listed or not). */
async function storedObjects(companyId: string): Promise<string[]> {
  const listed = await sdkS3Client().send(
    new ListObjectsV2Command({ Bucket: documentsBucket(), Prefix: `companies/${companyId}/documents/` }),
  );
  return (listed.Contents ?? []).map((object) => object.Key as string).sort();
}

/** Uploads a file as a document of the company (multipart), answering the document. */
async function upload(
  who: TestClient,
  file: { bytes: Uint8Array; name: string; type: string },
  fields: Record<string, string>,
): Promise<DocumentBody> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([file.bytes], { type: file.type }), file.name);
  const response = await fetch(`${stack.url}/api/documents/upload`, {
    method: 'POST',
    headers: { cookie: who.cookieHeader, 'x-requested-with': 'fetch' },
    body: form,
  });
  expect(response.status).toBe(201);
  return (await response.json()) as DocumentBody;
}

/** A real 1×1 PNG. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Whether a PDF draws an image (the logo). */
const hasImage = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').includes('/Subtype /Image');

beforeAll(async () => {
  [a, b] = await Promise.all([company('Alpha'), company('Bravo')]);
}, 90_000);

describe('GET /api/quotes/{id}/pdf', () => {
  it("a draft's preview is drawn on each request, marked BROUILLON, saved under its name and never listed", async () => {
    const quote = await newQuote(a);
    const first = await pdfUrl(a.http, 'quotes', quote.id);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body as object)).toEqual(['url']);
    const url = first.url as string;
    expect(new URL(url).pathname).toContain(`/previews/${a.companyId}/`);
    expect(dispositionOf(url)).toBe(
      `attachment; filename="Devis ${quote.number} (brouillon).pdf"; filename*=UTF-8''Devis%20${quote.number}%20%28brouillon%29.pdf`,
    );
    expect(Number(new URL(url).searchParams.get('X-Amz-Expires'))).toBe(300);
    const bytes = await fetchPdf(url);
    expect(isPdf(bytes)).toBe(true);
    const text = await pdfText(bytes);
    expect(text).toContain('BROUILLON');
    expect(text).toContain(quote.number as string);
    expect(text).toContain(a.clientName);

    // Drawn again from the record as it is now: a fresh object each time.
    const second = await pdfUrl(a.http, 'quotes', quote.id);
    expect(new URL(second.url as string).pathname).not.toBe(new URL(url).pathname);
    expect(await documentsOf(a.http)).toEqual([]);
    expect((await a.http.get(`/api/quotes/${quote.id}`)).body).toMatchObject({ status: 'draft', version: 1 });
  });

  it('sending archives the PDF once: listed in Documents, linked, byte-identical on every request', async () => {
    const quote = await newQuote(a);
    const sent = await send(a, 'quotes', quote);
    expect(sent).toMatchObject({ status: 'sent', version: quote.version + 1 });
    expect(sent.pdfDocumentId).toEqual(expect.any(String));
    expect((await a.http.get(`/api/quotes/${quote.id}`)).body).toMatchObject({
      pdfDocumentId: sent.pdfDocumentId,
    });

    const response = await pdfUrl(a.http, 'quotes', quote.id);
    expect(new URL(response.url as string).pathname).toContain(
      `/companies/${a.companyId}/documents/${sent.pdfDocumentId}`,
    );
    expect(dispositionOf(response.url as string)).toBe(
      `attachment; filename="Devis ${quote.number}.pdf"; filename*=UTF-8''Devis%20${quote.number}.pdf`,
    );
    const first = await fetchPdf(response.url as string);
    const again = await pdfOf(a.http, 'quotes', quote.id);
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    const text = await pdfText(first);
    expect(text).toContain(quote.number as string);
    expect(text).not.toContain('BROUILLON');

    const listed = (await documentsOf(a.http)).find((document) => document.id === sent.pdfDocumentId);
    expect(listed).toMatchObject({
      name: `Devis ${quote.number}.pdf`,
      originalName: `Devis ${quote.number}.pdf`,
      type: 'quote',
      mimeType: 'application/pdf',
      size: first.byteLength,
      quoteId: quote.id,
      clientId: a.clientId,
      projectId: a.projectId,
    });
    expect(listed?.invoiceId).toBeUndefined();
    // The GED's own download gives the same file.
    const download = await a.http.get(`/api/documents/${sent.pdfDocumentId}/download`);
    expect(
      Buffer.from(await fetchPdf((download.body as { url: string }).url)).equals(Buffer.from(first)),
    ).toBe(true);

    // Accepted later: the archive stays what was sent.
    const accepted = await a.http.post(`/api/quotes/${quote.id}/accept`, {
      signerName: 'Mme Durand',
      version: sent.version,
    });
    expect(accepted.status).toBe(200);
    expect(Buffer.from(await pdfOf(a.http, 'quotes', quote.id)).equals(Buffer.from(first))).toBe(true);
  });

  it('two sends at the same time: one is sent with one archive, the other refused, no file left behind', async () => {
    const owner = await company('Double envoi');
    const quote = await newQuote(owner);
    const answers = await Promise.all([
      owner.http.post(`/api/quotes/${quote.id}/send`, { version: quote.version }),
      owner.http.post(`/api/quotes/${quote.id}/send`, { version: quote.version }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const documents = await documentsOf(owner.http);
    expect(documents.map((document) => document.id)).toEqual([
      (answers.find((answer) => answer.status === 200)?.body as Record_ | undefined)?.pdfDocumentId,
    ]);
    expect(await storedObjects(owner.companyId)).toEqual([
      `companies/${owner.companyId}/documents/${documents[0]?.id}`,
    ]);
  });

  it('a quote sent before archives existed gets its archive made once, even asked twice at once', async () => {
    const quote = await newQuote(a);
    // As a quote was sent before: status and date, no archive.
    await quotes.update(a.companyId, quote.id, (current) => ({
      ...current,
      status: 'sent',
      sentAt: '2026-01-12T09:00:00.000Z',
    }));
    const [one, two] = await Promise.all([
      pdfUrl(a.http, 'quotes', quote.id),
      pdfUrl(a.http, 'quotes', quote.id),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(new URL(one.url as string).pathname).toBe(new URL(two.url as string).pathname);
    const read = (await a.http.get(`/api/quotes/${quote.id}`)).body as Record_;
    expect(read.pdfDocumentId).toEqual(expect.any(String));
    expect(new URL(one.url as string).pathname).toContain(read.pdfDocumentId as string);
    const archives = (await documentsOf(a.http)).filter((document) => document.quoteId === quote.id);
    expect(archives.map((document) => document.id)).toEqual([read.pdfDocumentId]);
    expect(await storedObjects(a.companyId)).toContain(
      `companies/${a.companyId}/documents/${read.pdfDocumentId}`,
    );
    const text = await pdfText(await fetchPdf(one.url as string));
    expect(text).not.toContain('BROUILLON');
    expect(text).toContain(quote.number as string);
  });
});

describe('GET /api/invoices/{id}/pdf', () => {
  it("a draft invoice's preview is marked BROUILLON; issuing archives it, byte-identical even after the client is renamed", async () => {
    const a = await company('Renommage');
    const draft = await newInvoice(a);
    const preview = await pdfUrl(a.http, 'invoices', draft.id);
    expect(preview.status).toBe(200);
    expect(dispositionOf(preview.url as string)).toMatch(
      /^attachment; filename="Facture \(brouillon\)\.pdf"/,
    );
    expect(await pdfText(await fetchPdf(preview.url as string))).toContain('BROUILLON');

    const issued = await send(a, 'invoices', draft);
    // Issued (one write), then its e-mail's status recorded (docs/sending.md).
    expect(issued).toMatchObject({ status: 'sent', version: draft.version + 2 });
    expect(issued.number).toMatch(new RegExp(`^FAC-${year()}-\\d{4}$`));
    expect(issued.pdfDocumentId).toEqual(expect.any(String));
    const response = await pdfUrl(a.http, 'invoices', draft.id);
    expect(dispositionOf(response.url as string)).toBe(
      `attachment; filename="Facture ${issued.number}.pdf"; filename*=UTF-8''Facture%20${issued.number}.pdf`,
    );
    const first = await fetchPdf(response.url as string);
    const text = await pdfText(first);
    expect(text).toContain(issued.number as string);
    expect(text).toContain(a.clientName);
    expect(text).not.toContain('BROUILLON');
    expect(Buffer.from(await pdfOf(a.http, 'invoices', draft.id)).equals(Buffer.from(first))).toBe(true);

    const listed = (await documentsOf(a.http)).find((document) => document.id === issued.pdfDocumentId);
    expect(listed).toMatchObject({
      name: `Facture ${issued.number}.pdf`,
      type: 'invoice',
      mimeType: 'application/pdf',
      size: first.byteLength,
      invoiceId: draft.id,
      clientId: a.clientId,
      projectId: a.projectId,
    });

    // The client renamed afterwards: the archive is what was sent, with the old name.
    const client = (await a.http.get(`/api/clients/${a.clientId}`)).body as { version: number };
    const renamed = await a.http.put(`/api/clients/${a.clientId}`, {
      name: 'Nouveau Nom SAS',
      kind: 'company',
      address: '3 place Bellecour',
      postalCode: '69002',
      city: 'Lyon',
      version: client.version,
    });
    expect(renamed.status).toBe(200);
    const after = await pdfOf(a.http, 'invoices', draft.id);
    expect(Buffer.from(after).equals(Buffer.from(first))).toBe(true);
    expect(await pdfText(after)).toContain(a.clientName);
    // A new draft shows the client as it is now.
    const next = await newInvoice(a);
    expect(await pdfText(await pdfOf(a.http, 'invoices', next.id))).toContain('Nouveau Nom SAS');
  });

  it("a credit note's PDF cites the invoice it cancels, as a preview and once issued", async () => {
    const owner = await company('Avoirs');
    const invoice = await send(owner, 'invoices', await newInvoice(owner));
    const created = await owner.http.post(`/api/invoices/${invoice.id}/credit-note`, {});
    expect(created.status).toBe(201);
    const note = created.body as Record_;
    const preview = await pdfUrl(owner.http, 'invoices', note.id);
    expect(dispositionOf(preview.url as string)).toMatch(/^attachment; filename="Avoir \(brouillon\)\.pdf"/);
    const previewText = await pdfText(await fetchPdf(preview.url as string));
    expect(previewText).toContain('BROUILLON');
    expect(previewText).toContain(invoice.number as string);

    const issued = await send(owner, 'invoices', note);
    expect(issued.number).toBe(`AV-${year()}-0001`);
    const response = await pdfUrl(owner.http, 'invoices', note.id);
    expect(dispositionOf(response.url as string)).toMatch(
      new RegExp(`^attachment; filename="Avoir AV-${year()}-0001\\.pdf"`),
    );
    const text = await pdfText(await fetchPdf(response.url as string));
    expect(text).toContain(`AV-${year()}-0001`);
    expect(text).toContain(invoice.number as string);
    expect(text).not.toContain('BROUILLON');
    const archives = (await documentsOf(owner.http)).map((document) => [document.name, document.type]);
    expect(archives.sort()).toEqual(
      [
        [`Avoir AV-${year()}-0001.pdf`, 'invoice'],
        [`Facture ${invoice.number}.pdf`, 'invoice'],
      ].sort(),
    );
  });

  it('invoices issued at the same time each get the archive of their own number, and no file is left behind', async () => {
    const owner = await company('Simultanées');
    const drafts = await Promise.all(Array.from({ length: 6 }, () => newInvoice(owner)));
    const issued = await Promise.all(drafts.map((draft) => send(owner, 'invoices', draft)));
    expect(issued.map((invoice) => invoice.number).sort()).toEqual(
      Array.from({ length: 6 }, (_, index) => `FAC-${year()}-${String(index + 1).padStart(4, '0')}`),
    );
    for (const invoice of issued) {
      expect(invoice.pdfDocumentId, invoice.number).toEqual(expect.any(String));
      const text = await pdfText(await pdfOf(owner.http, 'invoices', invoice.id));
      expect(text).toContain(invoice.number as string);
      for (const other of issued) if (other !== invoice) expect(text).not.toContain(other.number as string);
    }
    const documents = await documentsOf(owner.http);
    expect(documents.map((document) => document.id).sort()).toEqual(
      issued.map((invoice) => invoice.pdfDocumentId).sort(),
    );
    expect(await storedObjects(owner.companyId)).toEqual(
      documents.map((document) => `companies/${owner.companyId}/documents/${document.id}`).sort(),
    );
  });

  it('an invoice issued before archives existed gets its archive made once, from its stored record', async () => {
    // As the previous version stored an issued invoice: one amount, no lines, no snapshot.
    const id = await putInvoiceOfTheFirstVersion(a);
    const [one, two] = await Promise.all([pdfUrl(a.http, 'invoices', id), pdfUrl(a.http, 'invoices', id)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(new URL(one.url as string).pathname).toBe(new URL(two.url as string).pathname);
    const read = (await a.http.get(`/api/invoices/${id}`)).body as Record_;
    expect(read).toMatchObject({ status: 'sent', number: 'FAC-2025-0042', version: 3 });
    const archives = (await documentsOf(a.http)).filter((document) => document.invoiceId === id);
    expect(archives).toMatchObject([{ id: read.pdfDocumentId, name: 'Facture FAC-2025-0042.pdf' }]);
    const bytes = await fetchPdf(one.url as string);
    expect(await pdfText(bytes)).toContain('FAC-2025-0042');
    expect(Buffer.from(await pdfOf(a.http, 'invoices', id)).equals(Buffer.from(bytes))).toBe(true);
  });

  it("draws the company's logo, and still issues when the logo cannot be read", async () => {
    const owner = await company('Logo');
    const logo = await upload(
      owner.http,
      { bytes: onePixelPng, name: 'logo.png', type: 'image/png' },
      {
        type: 'other',
      },
    );
    await completeCompanyProfile(owner.http, { logoDocumentId: logo.id });
    const withLogo = await send(owner, 'invoices', await newInvoice(owner));
    expect(hasImage(await pdfOf(owner.http, 'invoices', withLogo.id))).toBe(true);

    // A PNG signature followed by garbage: stored as a PNG, unreadable as an image.
    const broken = await upload(
      owner.http,
      {
        bytes: Buffer.concat([onePixelPng.subarray(0, 8), Buffer.alloc(64, 7)]),
        name: 'casse.png',
        type: 'image/png',
      },
      { type: 'other' },
    );
    await completeCompanyProfile(owner.http, { logoDocumentId: broken.id });
    const withoutLogo = await send(owner, 'invoices', await newInvoice(owner));
    const bytes = await pdfOf(owner.http, 'invoices', withoutLogo.id);
    expect(isPdf(bytes)).toBe(true);
    expect(hasImage(bytes)).toBe(false);
  });
});

describe('the PDF routes', () => {
  it("answer 404 for another company's record or an unknown id, 401 without a session", async () => {
    const quote = await newQuote(a);
    const invoice = await newInvoice(a);
    for (const [kind, id] of [
      ['quotes', quote.id],
      ['invoices', invoice.id],
    ] as const) {
      const other = await pdfUrl(b.http, kind, id);
      expect(other.status).toBe(404);
      expect(other.url).toBeUndefined();
      expect((await pdfUrl(a.http, kind, unknownId)).status).toBe(404);
      const anonymous = await pdfUrl(new TestClient(stack.url), kind, id);
      expect(anonymous.status).toBe(401);
    }
  });

  it('need no CSRF header (a GET), and set the disposition the query asks for', async () => {
    const invoice = await newInvoice(a);
    const plain = await a.http.request('GET', `/api/invoices/${invoice.id}/pdf`, undefined, { csrf: false });
    expect(plain.status).toBe(200);
    const inline = await pdfUrl(a.http, 'invoices', invoice.id, '?disposition=inline');
    expect(dispositionOf(inline.url as string)).toMatch(/^inline; filename="Facture \(brouillon\)\.pdf"/);
    expect(new URL(inline.url as string).searchParams.get('response-content-type')).toBe('application/pdf');
    const attachment = await pdfUrl(a.http, 'invoices', invoice.id, '?disposition=attachment');
    expect(dispositionOf(attachment.url as string)).toMatch(/^attachment; /);
    const served = await fetch(inline.url as string);
    expect(served.headers.get('content-disposition')).toMatch(/^inline; /);

    for (const kind of ['quotes', 'invoices'] as const) {
      const refused = await pdfUrl(a.http, kind, invoice.id, '?disposition=download');
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        error: 'validation_error',
        details: [
          {
            path: 'query.disposition',
            message: 'La valeur de disposition doit être « inline » ou « attachment ».',
          },
        ],
      });
    }
  });
});

describe('the archive of an issued document', () => {
  it('cannot be deleted (409); a document merely linked to the invoice can', async () => {
    const issued = await send(a, 'invoices', await newInvoice(a));
    const refused = await a.http.delete(`/api/documents/${issued.pdfDocumentId}`);
    expect(refused.status).toBe(409);
    expect((refused.body as ErrorBody).message).toBe(
      "Ce document est le PDF d'une facture ou d'un avoir émis : il est conservé tel qu'il a été envoyé (obligation légale) et ne peut pas être supprimé.",
    );
    expect((await pdfUrl(a.http, 'invoices', issued.id)).status).toBe(200);
    expect((await documentsOf(a.http)).some((document) => document.id === issued.pdfDocumentId)).toBe(true);

    const quote = await send(a, 'quotes', await newQuote(a));
    const refusedQuote = await a.http.delete(`/api/documents/${quote.pdfDocumentId}`);
    expect(refusedQuote.status).toBe(409);
    expect((refusedQuote.body as ErrorBody).message).toBe(
      "Ce document est le PDF d'un devis envoyé : il est conservé tel qu'il a été envoyé et ne peut pas être supprimé.",
    );

    const attached = await upload(
      a.http,
      { bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), name: 'bon-de-commande.pdf', type: 'application/pdf' },
      { type: 'invoice', invoiceId: issued.id, quoteId: quote.id },
    );
    expect((await a.http.delete(`/api/documents/${attached.id}`)).status).toBe(204);
  });

  it('is not made when sending is refused: incomplete profile, 409, no document, no file', async () => {
    const { client: http, companyId } = await signedInCompany(stack.url, 'Incomplète');
    const customer = await clients.create(
      companyId,
      clientCreateInput.parse({ name: 'Client', email: 'client@exemple.fr' }),
    );
    const owner: Company = { http, companyId, clientId: customer.id, clientName: 'Client', projectId: '' };
    const quoteResponse = await http.post('/api/quotes', {
      title: 'Devis',
      clientId: customer.id,
      items: [{ resourceType: 'labor', description: 'Pose', unit: 'h', quantity: 2, unitPrice: 150 }],
    });
    const quote = quoteResponse.body as Record_;
    const invoice = await newInvoice(owner, { projectId: undefined });
    const refusedQuote = await http.post(`/api/quotes/${quote.id}/send`, { version: quote.version });
    expect(refusedQuote.status).toBe(409);
    expect((refusedQuote.body as ErrorBody).details?.length).toBeGreaterThan(0);
    const refusedInvoice = await http.post(`/api/invoices/${invoice.id}/send`, { version: invoice.version });
    expect(refusedInvoice.status).toBe(409);
    expect((refusedInvoice.body as ErrorBody).details?.length).toBeGreaterThan(0);
    expect(await documentsOf(http)).toEqual([]);
    expect(await storedObjects(companyId)).toEqual([]);
    // Previews still work while the profile is incomplete.
    expect(await pdfText(await pdfOf(http, 'invoices', invoice.id))).toContain('BROUILLON');

    // A stale version: refused before anything is drawn or written.
    await completeCompanyProfile(http);
    const stale = await http.post(`/api/invoices/${invoice.id}/send`, { version: invoice.version + 1 });
    expect(stale.status).toBe(409);
    expect(await documentsOf(http)).toEqual([]);
    expect(await storedObjects(companyId)).toEqual([]);
  });
});
