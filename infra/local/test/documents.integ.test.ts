import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { signedInCompany, startTestStack } from './support.js';
import type { ErrorBody } from './support/answers.js';

const stack = await startTestStack();
let alpha: Awaited<ReturnType<typeof signedInCompany>>;
let beta: Awaited<ReturnType<typeof signedInCompany>>;

beforeAll(async () => {
  alpha = await signedInCompany(stack.url, 'Alpha Bâtiment');
  beta = await signedInCompany(stack.url, 'Bêta Rénovation');
}, 90_000);

const MB = 1024 * 1024;
const pdfMime = 'application/pdf';

/** A file starting like a PDF, then `size` bytes in all. */
function pdfBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

/** A file starting like a PNG. */
function pngBytes(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

interface DocumentBody {
  id: string;
  companyId: string;
  name: string;
  originalName: string;
  type: string;
  mimeType: string;
  size: number;
  path: string;
  tags: string[];
  description?: string;
  projectId?: string;
  createdAt: string;
  version: number;
}

interface UploadUrlBody {
  documentId: string;
  upload: { url: string; fields: Record<string, string> };
}

interface UploadForm {
  file?: { bytes: Buffer; name: string; type?: string };
  fields?: Record<string, string | string[]>;
}

/** `POST /api/documents/upload` as the SPA sends it: a multipart form, the cookie, the CSRF header. */
async function uploadMultipart(
  who: TestClient | undefined,
  form: UploadForm,
  options: { csrf?: boolean } = {},
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields ?? { type: 'other', description: '' })) {
    for (const entry of Array.isArray(value) ? value : [value]) body.append(name, entry);
  }
  if (form.file) {
    body.append('file', new Blob([form.file.bytes], { type: form.file.type ?? '' }), form.file.name);
  }
  const headers: Record<string, string> = {};
  if (options.csrf !== false) headers['x-requested-with'] = 'fetch';
  if (who) headers.cookie = who.cookieHeader;
  const response = await fetch(`${stack.url}/api/documents/upload`, { method: 'POST', headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
}

/** Posts the file straight to the bucket with the presigned fields, as a browser form would. */
async function postToBucket(upload: UploadUrlBody['upload'], bytes: Buffer, fileName: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', new Blob([bytes], { type: upload.fields['Content-Type'] ?? '' }), fileName);
  const response = await fetch(upload.url, { method: 'POST', body: form });
  await response.arrayBuffer();
  return response.status;
}

async function announce(who: TestClient, input: Record<string, unknown>) {
  return who.post('/api/documents/upload-url', {
    mimeType: pdfMime,
    type: 'plan',
    ...input,
  });
}

async function download(who: TestClient, id: string, query = '') {
  const answer = await who.get(`/api/documents/${id}/download${query}`);
  expect(answer.status).toBe(200);
  const { url } = answer.body as { url: string };
  const file = await fetch(url);
  return { url, file, bytes: Buffer.from(await file.arrayBuffer()) };
}

async function listed(who: TestClient): Promise<DocumentBody[]> {
  const list = await who.get('/api/documents');
  expect(list.status).toBe(200);
  return list.body as DocumentBody[];
}

async function newProject(who: TestClient, name: string): Promise<string> {
  const client = await who.post('/api/clients', { name: `Client ${name}` });
  expect(client.status).toBe(201);
  const project = await who.post('/api/projects', { name, clientId: (client.body as { id: string }).id });
  expect(project.status).toBe(201);
  return (project.body as { id: string }).id;
}

describe('POST /api/documents/upload (multipart)', () => {
  it('stores the file under the company prefix and downloads it byte-identical, under its name', async () => {
    const bytes = pdfBytes(300 * 1024);
    const created = await uploadMultipart(alpha.client, {
      file: { bytes, name: 'Devis été n°3.pdf', type: pdfMime },
      fields: { type: 'other', description: '', tags: ['chantier, rdc', 'Chantier', 'plans'] },
    });
    expect(created.status).toBe(201);
    const document = created.body as DocumentBody;
    expect(document).toMatchObject({
      companyId: alpha.companyId,
      name: 'Devis été n°3.pdf',
      originalName: 'Devis été n°3.pdf',
      type: 'other',
      mimeType: pdfMime,
      size: bytes.byteLength,
      path: `companies/${alpha.companyId}/documents/${document.id}`,
      tags: ['chantier', 'rdc', 'Chantier', 'plans'],
      version: 1,
    });
    expect(document.description).toBeUndefined();

    expect((await listed(alpha.client)).map((item) => item.id)).toContain(document.id);

    const saved = await download(alpha.client, document.id);
    expect(saved.file.status).toBe(200);
    expect(saved.bytes.equals(bytes)).toBe(true);
    expect(saved.file.headers.get('content-type')).toBe(pdfMime);
    expect(saved.file.headers.get('content-disposition')).toBe(
      `attachment; filename="Devis ete n_3.pdf"; filename*=UTF-8''Devis%20%C3%A9t%C3%A9%20n%C2%B03.pdf`,
    );
    expect(new URL(saved.url).searchParams.get('X-Amz-Expires')).toBe('300');

    const badInline = await alpha.client.get(`/api/documents/${document.id}/download?inline=oui`);
    expect(badInline.status).toBe(400);
    expect((badInline.body as ErrorBody).details).toEqual([
      { path: 'query.inline', message: 'La valeur de inline doit être 1 ou 0' },
    ]);

    const shown = await download(alpha.client, document.id, '?inline=1');
    expect(shown.file.headers.get('content-disposition')).toMatch(/^inline; filename="Devis ete n_3.pdf"/);
    expect(shown.bytes.equals(bytes)).toBe(true);
  });

  it('keeps the name and links given, and takes the type from the extension when none is declared', async () => {
    const projectId = await newProject(alpha.client, 'Maison Durand');
    const bytes = pngBytes(2048);
    const created = await uploadMultipart(alpha.client, {
      file: { bytes, name: 'C:\\Users\\moi\\façade.PNG' },
      fields: { type: 'photo', name: 'Façade sud', description: 'Avant travaux', projectId },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Façade sud',
      originalName: 'façade.PNG',
      mimeType: 'image/png',
      description: 'Avant travaux',
      projectId,
      tags: [],
    });
  });

  it('accepts a file of exactly 4 MB and refuses 5 MB with 413', async () => {
    const exact = await uploadMultipart(alpha.client, {
      file: { bytes: pdfBytes(4 * MB), name: 'exact.pdf', type: pdfMime },
    });
    expect(exact.status).toBe(201);

    const tooLarge = await uploadMultipart(alpha.client, {
      file: { bytes: pdfBytes(5 * MB), name: 'gros.pdf', type: pdfMime },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toMatchObject({
      error: 'payload_too_large',
      message: expect.stringContaining('4 Mo'),
    });
  });

  it('refuses other file types with 415: a program, a PNG named .pdf, a type that contradicts the name', async () => {
    const exe = await uploadMultipart(alpha.client, {
      file: {
        bytes: Buffer.from('MZ\x90\x00programme'),
        name: 'facture.exe',
        type: 'application/x-msdownload',
      },
    });
    expect(exe.status).toBe(415);
    expect(exe.body).toMatchObject({
      error: 'unsupported_media_type',
      message: expect.stringMatching(/^Type de fichier non accepté/),
    });

    const disguised = await uploadMultipart(alpha.client, {
      file: { bytes: pngBytes(1000), name: 'plan.pdf', type: pdfMime },
    });
    expect(disguised.status).toBe(415);
    expect((disguised.body as ErrorBody).message).toBe(
      'Le contenu du fichier ne correspond pas à son extension .pdf : seuls de vrais fichiers PDF, Word, Excel ou images sont acceptés.',
    );

    const contradicted = await uploadMultipart(alpha.client, {
      file: { bytes: pngBytes(1000), name: 'plan.pdf', type: 'image/png' },
    });
    expect(contradicted.status).toBe(415);
    expect((contradicted.body as ErrorBody).message).toMatch(
      /type déclaré du fichier ne correspond pas à son extension \.pdf/,
    );

    const json = await alpha.client.post('/api/documents/upload', { type: 'other' });
    expect(json.status).toBe(415);
    expect((json.body as ErrorBody).message).toMatch(/multipart\/form-data/);
  });

  it('answers 400 with the field of each invalid value, in French', async () => {
    const noFile = await uploadMultipart(alpha.client, { fields: { type: 'other', description: '' } });
    expect(noFile.status).toBe(400);
    expect((noFile.body as ErrorBody).details).toEqual([{ path: 'file', message: 'Le fichier est requis' }]);

    const empty = await uploadMultipart(alpha.client, {
      file: { bytes: Buffer.alloc(0), name: 'vide.pdf', type: pdfMime },
    });
    expect(empty.status).toBe(400);
    expect((empty.body as ErrorBody).details).toEqual([{ path: 'file', message: 'Le fichier est vide' }]);

    const file = { bytes: pdfBytes(100), name: 'a.pdf', type: pdfMime };
    const noType = await uploadMultipart(alpha.client, { file, fields: { description: '' } });
    expect(noType.status).toBe(400);
    expect((noType.body as ErrorBody).details).toEqual([
      { path: 'type', message: 'Le type de document est requis' },
    ]);

    const badType = await uploadMultipart(alpha.client, { file, fields: { type: 'facture' } });
    expect(badType.status).toBe(400);
    expect((badType.body as ErrorBody).details?.[0]?.path).toBe('type');

    const longDescription = await uploadMultipart(alpha.client, {
      file,
      fields: { type: 'other', description: 'x'.repeat(10_001) },
    });
    expect(longDescription.status).toBe(400);
    expect((longDescription.body as ErrorBody).details).toEqual([
      { path: 'description', message: 'Le texte doit contenir au plus 10 000 caractères' },
    ]);

    const badLink = await uploadMultipart(alpha.client, {
      file,
      fields: { type: 'other', projectId: 'pas-un-id' },
    });
    expect(badLink.status).toBe(400);
    expect((badLink.body as ErrorBody).details?.[0]).toEqual({
      path: 'projectId',
      message: 'Identifiant invalide',
    });
  });

  it('refuses a link to another company’s record (400 on the field) and leaves nothing behind', async () => {
    const foreignProject = await newProject(beta.client, 'Chantier Bêta');
    const before = (await listed(alpha.client)).length;
    const refused = await uploadMultipart(alpha.client, {
      file: { bytes: pdfBytes(100), name: 'lien.pdf', type: pdfMime },
      fields: { type: 'other', projectId: foreignProject },
    });
    expect(refused.status).toBe(400);
    expect((refused.body as ErrorBody).details).toEqual([
      { path: 'projectId', message: 'Projet introuvable : choisissez un projet de votre entreprise.' },
    ]);
    const unknownClient = await uploadMultipart(alpha.client, {
      file: { bytes: pdfBytes(100), name: 'lien.pdf', type: pdfMime },
      fields: { type: 'other', clientId: '0196f2c4-0000-7000-8000-000000000099' },
    });
    expect((unknownClient.body as ErrorBody).details?.[0]?.path).toBe('clientId');
    expect(await listed(alpha.client)).toHaveLength(before);
  });
});

describe('presigned upload: upload-url, then the bucket, then complete', () => {
  it('takes a 6 MB file straight to the bucket; listed after complete; downloads byte-identical', async () => {
    const bytes = pdfBytes(6 * MB);
    const announced = await announce(alpha.client, {
      fileName: 'Plan d’exécution.pdf',
      size: bytes.byteLength,
      tags: 'plans,exe',
      description: 'Indice B',
    });
    expect(announced.status).toBe(201);
    const { documentId, upload } = announced.body as UploadUrlBody;
    expect(upload.fields).toMatchObject({
      key: `companies/${alpha.companyId}/documents/${documentId}`,
      'Content-Type': pdfMime,
    });
    expect(upload.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/btp-gestion-documents$/);

    // Pending: not listed, no download.
    expect((await listed(alpha.client)).map((item) => item.id)).not.toContain(documentId);
    expect((await alpha.client.get(`/api/documents/${documentId}/download`)).status).toBe(404);

    expect(await postToBucket(upload, bytes, 'Plan d’exécution.pdf')).toBe(204);
    const completed = await alpha.client.post(`/api/documents/${documentId}/complete`);
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({
      id: documentId,
      name: 'Plan d’exécution.pdf',
      originalName: 'Plan d’exécution.pdf',
      type: 'plan',
      mimeType: pdfMime,
      size: 6 * MB,
      tags: ['plans', 'exe'],
      description: 'Indice B',
    });
    expect((await listed(alpha.client))[0]?.id).toBe(documentId);

    const saved = await download(alpha.client, documentId);
    expect(saved.bytes.equals(bytes)).toBe(true);
    expect(saved.file.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''Plan%20d%E2%80%99ex%C3%A9cution.pdf`,
    );

    // Completing again answers the same document.
    const again = await alpha.client.post(`/api/documents/${documentId}/complete`);
    expect(again.status).toBe(200);
    expect((again.body as DocumentBody).version).toBe((completed.body as DocumentBody).version);
  });

  it('answers 409 when the file has not reached the bucket yet, and completes once it has', async () => {
    const bytes = pdfBytes(1000);
    const announced = await announce(alpha.client, { fileName: 'tard.pdf', size: bytes.byteLength });
    const { documentId, upload } = announced.body as UploadUrlBody;
    const early = await alpha.client.post(`/api/documents/${documentId}/complete`);
    expect(early.status).toBe(409);
    expect((early.body as ErrorBody).message).toBe(
      "Le fichier n'a pas encore été reçu : terminez son envoi puis recommencez.",
    );
    expect(await postToBucket(upload, bytes, 'tard.pdf')).toBe(204);
    expect((await alpha.client.post(`/api/documents/${documentId}/complete`)).status).toBe(200);
  });

  it('refuses at complete an object larger than announced (413), deletes it and forgets the upload', async () => {
    const announced = await announce(alpha.client, { fileName: 'menteur.pdf', size: 1000 });
    const { documentId, upload } = announced.body as UploadUrlBody;
    expect(await postToBucket(upload, pdfBytes(2000), 'menteur.pdf')).toBe(204);
    const objectUrl = `${upload.url}/${upload.fields.key ?? ''}`;
    expect((await fetch(objectUrl)).status).toBe(200);
    const refused = await alpha.client.post(`/api/documents/${documentId}/complete`);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({
      error: 'payload_too_large',
      message: "Le fichier reçu est plus volumineux que la taille annoncée : recommencez l'envoi.",
    });
    expect((await alpha.client.post(`/api/documents/${documentId}/complete`)).status).toBe(404);
    expect((await fetch(objectUrl)).status).toBe(404);
  });

  it('refuses at complete an object over 50 MB (the local bucket does not enforce the policy)', async () => {
    const announced = await announce(alpha.client, { fileName: 'enorme.pdf', size: 50 * MB });
    expect(announced.status).toBe(201);
    const { documentId, upload } = announced.body as UploadUrlBody;
    expect(await postToBucket(upload, pdfBytes(50 * MB + 1), 'enorme.pdf')).toBe(204);
    const refused = await alpha.client.post(`/api/documents/${documentId}/complete`);
    expect(refused.status).toBe(413);
    expect((refused.body as ErrorBody).message).toBe('Le fichier dépasse la taille maximale de 50 Mo.');
    expect((await fetch(`${upload.url}/${upload.fields.key ?? ''}`)).status).toBe(404);
  }, 60_000);

  it('refuses at complete an object smaller than announced (400) and a PNG named .pdf (415)', async () => {
    const short = await announce(alpha.client, { fileName: 'court.pdf', size: 5000 });
    const shortBody = short.body as UploadUrlBody;
    expect(await postToBucket(shortBody.upload, pdfBytes(4000), 'court.pdf')).toBe(204);
    const incomplete = await alpha.client.post(`/api/documents/${shortBody.documentId}/complete`);
    expect(incomplete.status).toBe(400);
    expect((incomplete.body as ErrorBody).details).toEqual([
      {
        path: 'size',
        message: "Le fichier reçu est incomplet (plus petit que la taille annoncée) : recommencez l'envoi.",
      },
    ]);

    const png = pngBytes(3000);
    const disguised = await announce(alpha.client, { fileName: 'plan.pdf', size: png.byteLength });
    const disguisedBody = disguised.body as UploadUrlBody;
    expect(await postToBucket(disguisedBody.upload, png, 'plan.pdf')).toBe(204);
    const refused = await alpha.client.post(`/api/documents/${disguisedBody.documentId}/complete`);
    expect(refused.status).toBe(415);
    expect((await fetch(`${disguisedBody.upload.url}/${disguisedBody.upload.fields.key ?? ''}`)).status).toBe(
      404,
    );
  });

  it('validates the announcement: 415 for a type not accepted, 400 on each invalid field', async () => {
    const exe = await announce(alpha.client, {
      fileName: 'setup.exe',
      mimeType: 'application/x-msdownload',
      size: 10,
    });
    expect(exe.status).toBe(415);
    expect((exe.body as ErrorBody).error).toBe('unsupported_media_type');
    const mismatch = await announce(alpha.client, { fileName: 'photo.jpg', mimeType: pdfMime, size: 10 });
    expect(mismatch.status).toBe(415);

    // API.md: a file over its limit is a 413, announced or sent.
    const tooLarge = await announce(alpha.client, { fileName: 'gros.pdf', size: 50 * MB + 1 });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({
      error: 'payload_too_large',
      message: 'Le fichier dépasse la taille maximale de 50 Mo.',
    });
    const negative = await announce(alpha.client, { fileName: 'gros.pdf', size: -1 });
    expect(negative.status).toBe(400);
    expect((negative.body as ErrorBody).details).toEqual([
      { path: 'size', message: "La taille du fichier doit être un nombre entier d'octets positif ou nul" },
    ]);
    const empty = await announce(alpha.client, { fileName: 'vide.pdf', size: 0 });
    expect(empty.status).toBe(400);
    expect((empty.body as ErrorBody).details).toEqual([{ path: 'size', message: 'Le fichier est vide' }]);

    const missing = await alpha.client.post('/api/documents/upload-url', { type: 'plan' });
    expect(missing.status).toBe(400);
    expect((missing.body as ErrorBody).details).toEqual(
      expect.arrayContaining([
        { path: 'fileName', message: 'Le nom du fichier est requis' },
        { path: 'mimeType', message: 'Le type de fichier est requis' },
        { path: 'size', message: 'La taille du fichier est requise' },
      ]),
    );
    const noType = await alpha.client.post('/api/documents/upload-url', {
      fileName: 'a.pdf',
      mimeType: pdfMime,
      size: 10,
    });
    expect((noType.body as ErrorBody).details).toEqual([
      { path: 'type', message: 'Le type de document est requis' },
    ]);

    const foreign = await newProject(beta.client, 'Autre chantier');
    const link = await announce(alpha.client, { fileName: 'a.pdf', size: 10, projectId: foreign });
    expect(link.status).toBe(400);
    expect((link.body as ErrorBody).details).toEqual([
      { path: 'projectId', message: 'Projet introuvable : choisissez un projet de votre entreprise.' },
    ]);
  });

  it('refuses at complete a linked project deleted during the upload (409)', async () => {
    const projectId = await newProject(alpha.client, 'Chantier éphémère');
    const bytes = pdfBytes(500);
    const announced = await announce(alpha.client, {
      fileName: 'lié.pdf',
      size: bytes.byteLength,
      projectId,
    });
    const { documentId, upload } = announced.body as UploadUrlBody;
    expect((await alpha.client.delete(`/api/projects/${projectId}`)).status).toBe(204);
    expect(await postToBucket(upload, bytes, 'lié.pdf')).toBe(204);
    const refused = await alpha.client.post(`/api/documents/${documentId}/complete`);
    expect(refused.status).toBe(409);
    expect((refused.body as ErrorBody).message).toBe(
      "Le projet lié à ce document a été supprimé entre-temps : recommencez l'envoi.",
    );
  });
});

describe('DELETE /api/documents/{id}', () => {
  it('deletes the record and its object (204); the document is gone everywhere', async () => {
    const bytes = pdfBytes(1000);
    const created = await uploadMultipart(alpha.client, {
      file: { bytes, name: 'a-supprimer.pdf', type: pdfMime },
    });
    const { id } = created.body as DocumentBody;
    const { url } = await download(alpha.client, id);

    const deleted = await alpha.client.delete(`/api/documents/${id}`);
    expect(deleted.status).toBe(204);
    expect((await listed(alpha.client)).map((item) => item.id)).not.toContain(id);
    expect((await alpha.client.get(`/api/documents/${id}/download`)).status).toBe(404);
    expect((await fetch(url)).status).toBe(404);
    const again = await alpha.client.delete(`/api/documents/${id}`);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ error: 'not_found', message: 'Document introuvable.' });
  });

  it('cancels an upload not completed yet', async () => {
    const announced = await announce(alpha.client, { fileName: 'abandon.pdf', size: 100 });
    const { documentId } = announced.body as UploadUrlBody;
    expect((await alpha.client.delete(`/api/documents/${documentId}`)).status).toBe(204);
    expect((await alpha.client.post(`/api/documents/${documentId}/complete`)).status).toBe(404);
  });
});

describe('tenancy, CSRF and sessions', () => {
  it('answers 404 for another company’s document on download, delete and complete, and never lists it', async () => {
    const bytes = pdfBytes(1000);
    const created = await uploadMultipart(alpha.client, {
      file: { bytes, name: 'secret.pdf', type: pdfMime },
    });
    const { id } = created.body as DocumentBody;
    const announced = await announce(alpha.client, { fileName: 'en-cours.pdf', size: bytes.byteLength });
    const pending = announced.body as UploadUrlBody;
    expect(await postToBucket(pending.upload, bytes, 'en-cours.pdf')).toBe(204);

    for (const target of [id, pending.documentId]) {
      const read = await beta.client.get(`/api/documents/${target}/download`);
      expect(read.status).toBe(404);
      expect(read.body).toMatchObject({ error: 'not_found' });
      expect((await beta.client.post(`/api/documents/${target}/complete`)).status).toBe(404);
      expect((await beta.client.delete(`/api/documents/${target}`)).status).toBe(404);
    }
    expect((await listed(beta.client)).map((item) => item.id)).not.toContain(id);

    // Untouched for their owner.
    expect((await download(alpha.client, id)).bytes.equals(bytes)).toBe(true);
    expect((await alpha.client.post(`/api/documents/${pending.documentId}/complete`)).status).toBe(200);
  });

  it('refuses writes without the CSRF header (403)', async () => {
    const upload = await uploadMultipart(
      alpha.client,
      { file: { bytes: pdfBytes(100), name: 'a.pdf', type: pdfMime } },
      { csrf: false },
    );
    expect(upload.status).toBe(403);
    expect(upload.body).toMatchObject({ error: 'csrf' });
    const options = { csrf: false };
    const announce403 = await alpha.client.request(
      'POST',
      '/api/documents/upload-url',
      { fileName: 'a.pdf', mimeType: pdfMime, size: 10, type: 'other' },
      options,
    );
    expect(announce403.status).toBe(403);
    const created = await uploadMultipart(alpha.client, {
      file: { bytes: pdfBytes(100), name: 'reste.pdf', type: pdfMime },
    });
    const { id } = created.body as DocumentBody;
    expect((await alpha.client.request('POST', `/api/documents/${id}/complete`, {}, options)).status).toBe(
      403,
    );
    expect((await alpha.client.request('DELETE', `/api/documents/${id}`, undefined, options)).status).toBe(
      403,
    );
    expect((await download(alpha.client, id)).file.status).toBe(200);
  });

  it('answers 401 without a session on every route', async () => {
    const anonymous = new TestClient(stack.url);
    const id = '0196f2c4-0000-7000-8000-000000000001';
    expect((await anonymous.get('/api/documents')).status).toBe(401);
    expect(
      (await uploadMultipart(undefined, { file: { bytes: pdfBytes(100), name: 'a.pdf', type: pdfMime } }))
        .status,
    ).toBe(401);
    expect(
      (
        await anonymous.post('/api/documents/upload-url', {
          fileName: 'a.pdf',
          mimeType: pdfMime,
          size: 1,
          type: 'other',
        })
      ).status,
    ).toBe(401);
    expect((await anonymous.post(`/api/documents/${id}/complete`)).status).toBe(401);
    expect((await anonymous.get(`/api/documents/${id}/download`)).status).toBe(401);
    const deleted = await anonymous.delete(`/api/documents/${id}`);
    expect(deleted.status).toBe(401);
    expect(deleted.body).toMatchObject({ error: 'unauthenticated' });
  });
});

describe('GET /api/documents', () => {
  it('lists most recent first with limit and x-next-cursor', async () => {
    const fresh = await signedInCompany(stack.url, 'Gamma Toiture');
    const ids: string[] = [];
    for (const name of ['un.pdf', 'deux.pdf', 'trois.pdf']) {
      const created = await uploadMultipart(fresh.client, {
        file: { bytes: pdfBytes(100), name, type: pdfMime },
      });
      ids.push((created.body as DocumentBody).id);
    }
    // An upload announced but not completed is not listed.
    await announce(fresh.client, { fileName: 'attente.pdf', size: 100 });

    const all = await listed(fresh.client);
    expect(all.map((item) => item.originalName)).toEqual(['trois.pdf', 'deux.pdf', 'un.pdf']);
    expect(Object.keys(all[0] ?? {})).toEqual(
      expect.arrayContaining(['id', 'originalName', 'type', 'mimeType', 'size', 'tags', 'createdAt']),
    );

    const first = await fresh.client.get('/api/documents?limit=2');
    expect((first.body as DocumentBody[]).map((item) => item.id)).toEqual([ids[2], ids[1]]);
    const cursor = first.headers.get('x-next-cursor');
    expect(cursor).toBeTruthy();
    const rest = await fresh.client.get(`/api/documents?limit=2&cursor=${encodeURIComponent(cursor ?? '')}`);
    expect((rest.body as DocumentBody[]).map((item) => item.id)).toEqual([ids[0]]);
    expect(rest.headers.get('x-next-cursor')).toBeNull();

    const bad = await fresh.client.get('/api/documents?limit=0');
    expect(bad.status).toBe(400);
    expect((bad.body as ErrorBody).details?.[0]?.path).toBe('query.limit');
  });
});
