import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { apiError, json, stubApi, type Routes } from '../../../testing/api-stub';
import { companyA } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { fill, setupUser } from '../../../testing/user';
import { documentsOfTab, matchingDocuments, tabCounts, tabOf, visibleTags } from './document-filters';
import { DocumentsPage } from './documents-page';
import { stubXhr } from './fake-xhr';
import { fileProblem } from './upload-checks';

const PROJECT_ID = '0190a5f0-2222-7abc-8def-0123456789ab';

function documentRecord<Fields extends { name: string }>(n: number, fields: Fields) {
  return {
    id: `0190a5f0-3333-7abc-8def-0000000000${String(n).padStart(2, '0')}`,
    companyId: companyA.id,
    path: `companies/${companyA.id}/documents/${n}`,
    createdAt: '2026-11-20T09:14:05.120Z',
    updatedAt: '2026-11-20T09:14:05.120Z',
    version: 1,
    tags: [],
    ...fields,
  };
}

const plan = documentRecord(1, {
  name: 'Plan RDC indice B.pdf',
  originalName: 'Plan RDC indice B.pdf',
  type: 'plan',
  mimeType: 'application/pdf',
  size: 6_291_456,
  projectId: PROJECT_ID,
  tags: ['plans', 'rdc', 'indice B', 'archi'],
  description: 'Indice B validé par le bureau de contrôle',
});
const photo = documentRecord(2, {
  name: 'Façade est.jpg',
  originalName: 'Façade est.jpg',
  type: 'photo',
  mimeType: 'image/jpeg',
  size: 1536,
  tags: ['façade'],
});
const estimate = documentRecord(3, {
  name: 'Métré lot 2.xlsx',
  originalName: 'Métré lot 2.xlsx',
  type: 'quote',
  mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  size: 48_213,
});
const invoice = documentRecord(4, {
  name: 'Facture F-2026-001.pdf',
  originalName: 'Facture F-2026-001.pdf',
  type: 'invoice',
  mimeType: 'application/pdf',
  size: 0,
});
const study = documentRecord(5, {
  name: 'Étude de sol.docx',
  originalName: 'Étude de sol.docx',
  type: 'study',
  mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 2048,
});
const contract = documentRecord(6, {
  name: 'Contrat sous-traitance.pdf',
  originalName: 'Contrat sous-traitance.pdf',
  type: 'contract',
  mimeType: 'application/pdf',
  size: 1024,
});
const documents = [plan, photo, estimate, invoice, study, contract];

const project = {
  id: PROJECT_ID,
  companyId: companyA.id,
  name: 'Résidence Les Tilleuls',
  clientId: '0190a5f0-4444-7abc-8def-0123456789ab',
  status: 'in_progress',
  progress: 40,
  createdAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-10-01T08:00:00.000Z',
  version: 1,
};

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/documents?limit=50': json(documents),
    'GET /api/projects': json([project]),
    ...overrides,
  });
}

function renderPage() {
  renderWithProviders(<DocumentsPage title="Documents" subtitle="Plans, photos, contrats et devis" />);
}

async function cards() {
  const list = await screen.findByRole('list', { name: 'Documents' });
  return within(list)
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));
}

function card(name: string) {
  return screen.getByRole('article', { name });
}

function tab(name: RegExp) {
  return screen.getByRole('tab', { name });
}

async function openUpload() {
  const user = setupUser();
  await user.click(screen.getByRole('button', { name: 'Uploader un document' }));
  const dialog = await screen.findByRole('dialog');
  expect(dialog).toHaveTextContent('Taille maximale : 50MB');
  return { user, dialog };
}

function fileInput(dialog: HTMLElement) {
  const input = dialog.querySelector<HTMLInputElement>('input[type="file"]');
  if (input === null) throw new Error('no file input');
  return input;
}

function fileOf(name: string, type: string, size: number) {
  const file = new File(['%PDF-1.7'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function choose(dialog: HTMLElement, file: File) {
  fireEvent.change(fileInput(dialog), { target: { files: [file] } });
}

describe('document rules', () => {
  it("puts invoices and studies under 'Autre', so the named tabs add up to 'Tous'", () => {
    expect(tabOf('invoice')).toBe('other');
    expect(tabOf('study')).toBe('other');
    expect(tabOf('plan')).toBe('plan');
    expect(tabCounts(documents as never)).toEqual({
      all: 6,
      quote: 1,
      plan: 1,
      photo: 1,
      contract: 1,
      other: 2,
    });
    expect(documentsOfTab(documents as never, 'other').map((d) => d.name)).toEqual([
      'Facture F-2026-001.pdf',
      'Étude de sol.docx',
    ]);
  });

  it('searches names, descriptions, tags and project names without accents or case', () => {
    const names = new Map([[PROJECT_ID, 'Résidence Les Tilleuls']]);
    const search = (text: string) =>
      matchingDocuments(documents as never, { search: text, type: 'all' }, names).map((d) => d.name);
    expect(search('FACADE')).toEqual(['Façade est.jpg']);
    expect(search('controle')).toEqual(['Plan RDC indice B.pdf']);
    expect(search('tilleuls')).toEqual(['Plan RDC indice B.pdf']);
    expect(search('archi')).toEqual(['Plan RDC indice B.pdf']);
    expect(matchingDocuments(documents as never, { search: '', type: 'study' }).map((d) => d.name)).toEqual([
      'Étude de sol.docx',
    ]);
  });

  it("shows the first 2 tags then '+N'", () => {
    expect(visibleTags(['a', 'b', 'c', 'd'])).toEqual({ tags: ['a', 'b'], more: 2 });
    expect(visibleTags(['a'])).toEqual({ tags: ['a'], more: 0 });
    expect(visibleTags(undefined)).toEqual({ tags: [], more: 0 });
  });

  it('refuses before sending: no file, another extension, an empty file, more than 50 MB', () => {
    expect(fileProblem(undefined)).toBe('Le fichier est requis');
    expect(fileProblem({ name: 'setup.exe', size: 10 })).toMatch(/^Type de fichier non accepté/);
    expect(fileProblem({ name: 'vide.pdf', size: 0 })).toBe('Le fichier est vide');
    expect(fileProblem({ name: 'plan.PDF', size: 50 * 1024 * 1024 })).toBeUndefined();
    expect(fileProblem({ name: 'plan.pdf', size: 50 * 1024 * 1024 + 1 })).toBe(
      'Le fichier (50 MB) dépasse la taille maximale de 50MB.',
    );
  });
});

describe('Documents', () => {
  it('shows the loading text, then the cards with their facts and the tab counts', async () => {
    stub();
    renderPage();
    expect(screen.getByText('Chargement...')).toBeInTheDocument();

    expect(await cards()).toEqual(documents.map((d) => d.name));
    expect(tab(/^Tous \(6\)$/)).toBeInTheDocument();
    expect(tab(/^Devis \(1\)$/)).toBeInTheDocument();
    expect(tab(/^Plan \(1\)$/)).toBeInTheDocument();
    expect(tab(/^Photo \(1\)$/)).toBeInTheDocument();
    expect(tab(/^Contrat \(1\)$/)).toBeInTheDocument();
    expect(tab(/^Autre \(2\)$/)).toBeInTheDocument();

    const planCard = card('Plan RDC indice B.pdf');
    expect(planCard).toHaveTextContent('Plan');
    expect(planCard).toHaveTextContent('6 MB · 20/11/2026');
    expect(planCard).toHaveTextContent('Indice B validé par le bureau de contrôle');
    expect(await within(planCard).findByText('Projet : Résidence Les Tilleuls')).toBeInTheDocument();
    const tags = within(within(planCard).getByLabelText('Étiquettes'));
    expect(tags.getByText('plans')).toBeInTheDocument();
    expect(tags.getByText('rdc')).toBeInTheDocument();
    expect(tags.queryByText('indice B')).not.toBeInTheDocument();
    expect(tags.getByText('+2')).toBeInTheDocument();

    expect(card('Façade est.jpg')).toHaveTextContent('1,5 KB');
    expect(card('Facture F-2026-001.pdf')).toHaveTextContent('Facture0 B');
    expect(card('Étude de sol.docx')).toHaveTextContent('Étude');
  });

  it('gives each MIME family its icon, and offers Voir for PDFs and images only', async () => {
    stub();
    renderPage();
    await cards();
    const kind = (name: string) =>
      card(name).querySelector('[data-file-kind]')?.getAttribute('data-file-kind');
    expect(kind('Plan RDC indice B.pdf')).toBe('pdf');
    expect(kind('Métré lot 2.xlsx')).toBe('spreadsheet');
    expect(kind('Façade est.jpg')).toBe('image');
    expect(kind('Étude de sol.docx')).toBe('other');

    const voir = (name: string) => within(card(name)).queryByRole('button', { name: /^Voir/ });
    expect(voir('Plan RDC indice B.pdf')).toBeInTheDocument();
    expect(voir('Façade est.jpg')).toBeInTheDocument();
    expect(voir('Métré lot 2.xlsx')).not.toBeInTheDocument();
    expect(voir('Étude de sol.docx')).not.toBeInTheDocument();
    for (const name of documents.map((d) => d.name)) {
      expect(within(card(name)).getByRole('button', { name: /^Télécharger/ })).toBeInTheDocument();
    }
  });

  it('filters by tab, search and type, with counts that follow', async () => {
    const user = setupUser();
    const api = stub({ 'GET /api/documents?q=ETUDE&limit=50': json([study]) });
    renderPage();
    await cards();

    await user.click(tab(/^Autre/));
    expect(await cards()).toEqual(['Facture F-2026-001.pdf', 'Étude de sol.docx']);

    await user.type(screen.getByRole('textbox', { name: 'Rechercher un document' }), 'ETUDE');
    expect(await cards()).toEqual(['Étude de sol.docx']);
    // The server is asked once typing pauses, and its answer shown.
    await waitFor(() => expect(api.calls('GET /api/documents?q=ETUDE&limit=50')).toHaveLength(1));
    expect(await cards()).toEqual(['Étude de sol.docx']);
    expect(tab(/^Tous \(1\)$/)).toBeInTheDocument();
    expect(tab(/^Plan \(0\)$/)).toBeInTheDocument();

    await user.click(tab(/^Plan/));
    expect(screen.getByText('Aucun document trouvé')).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Rechercher un document' }));
    await user.click(tab(/^Tous/));
    await user.click(screen.getByRole('combobox', { name: 'Filtrer par type' }));
    await user.click(await screen.findByTitle('Facture'));
    expect(await cards()).toEqual(['Facture F-2026-001.pdf']);
    expect(tab(/^Autre \(1\)$/)).toBeInTheDocument();
  });

  it('finds a document past the pages read by asking the server', async () => {
    const user = setupUser();
    const old = documentRecord(9, {
      name: 'Permis de construire.pdf',
      originalName: 'Permis de construire.pdf',
      type: 'contract',
      mimeType: 'application/pdf',
      size: 2048,
    });
    const api = stub({
      'GET /api/documents?limit=50': () =>
        Response.json(documents, { headers: { 'x-next-cursor': 'suite' } }),
      'GET /api/documents?q=permis&limit=50': json([old]),
    });
    renderPage();
    await cards();
    expect(screen.getByRole('button', { name: 'Charger plus' })).toBeInTheDocument();

    await fill(user, screen.getByRole('textbox', { name: 'Rechercher un document' }), 'permis');
    await waitFor(async () => expect(await cards()).toEqual(['Permis de construire.pdf']));
    expect(api.calls('GET /api/documents?q=permis&limit=50')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Charger plus' })).not.toBeInTheDocument();
  });

  it('shows the empty state with an upload button', async () => {
    stub({ 'GET /api/documents?limit=50': json([]) });
    renderPage();
    expect(await screen.findByText('Aucun document')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Uploader un document' })).toHaveLength(2);
  });

  it('says when the list cannot be loaded', async () => {
    stub({ 'GET /api/documents?limit=50': apiError(500, 'internal', 'Erreur interne du serveur.') });
    renderPage();
    expect(await toasts().findByText('Erreur lors du chargement des documents')).toBeInTheDocument();
  });

  it('downloads with a fresh link, saved under the name the file answer gives', async () => {
    const user = setupUser();
    const url = 'http://localhost:4569/documents/x?response-content-disposition=attachment';
    const api = stub({ [`GET /api/documents/${plan.id}/download`]: json({ url }) });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.href);
    });
    renderPage();
    await cards();

    await user.click(within(card('Plan RDC indice B.pdf')).getByRole('button', { name: /^Télécharger/ }));

    await waitFor(() => expect(clicked).toEqual([url]));
    expect(api.calls(`GET /api/documents/${plan.id}/download`)).toHaveLength(1);
  });

  it('opens PDFs and images in a new tab with the inline link', async () => {
    const user = setupUser();
    const url = 'http://localhost:4569/documents/x?response-content-disposition=inline';
    stub({ [`GET /api/documents/${photo.id}/download?inline=1`]: json({ url }) });
    const opened = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    renderPage();
    await cards();

    await user.click(within(card('Façade est.jpg')).getByRole('button', { name: /^Voir/ }));

    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(opened.location.href).toBe(url));
    expect(opened.opener).toBeNull();
  });

  it('closes the new tab and says why when the link cannot be had', async () => {
    const user = setupUser();
    stub({
      [`GET /api/documents/${photo.id}/download?inline=1`]: apiError(
        404,
        'not_found',
        'Document introuvable.',
      ),
    });
    const opened = { opener: {}, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(opened as unknown as Window);
    renderPage();
    await cards();

    await user.click(within(card('Façade est.jpg')).getByRole('button', { name: /^Voir/ }));

    expect(await toasts().findByText('Document introuvable.')).toBeInTheDocument();
    expect(opened.close).toHaveBeenCalled();
  });

  it('deletes after a confirmation naming the file', async () => {
    const user = setupUser();
    const api = stub({ [`DELETE /api/documents/${study.id}`]: () => new Response(null, { status: 204 }) });
    renderPage();
    await cards();

    await user.click(
      within(card('Étude de sol.docx')).getByRole('button', { name: 'Supprimer Étude de sol.docx' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Voulez-vous vraiment supprimer « Étude de sol.docx » ?');
    api.answer('GET /api/documents?limit=50', json(documents.filter((d) => d !== study)));
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer' }));

    expect(await toasts().findByText('Document supprimé avec succès')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/documents/${study.id}`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Étude de sol.docx' })).toBeNull());
  });
});

describe('Upload dialog', () => {
  it('refuses a file over 50 MB before sending anything', async () => {
    const xhr = stubXhr();
    const api = stub();
    renderPage();
    await cards();
    const { user, dialog } = await openUpload();

    choose(dialog, fileOf('Relevé.pdf', 'application/pdf', 60 * 1024 * 1024));
    expect(
      await within(dialog).findByText('Le fichier (60 MB) dépasse la taille maximale de 50MB.'),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Uploader' }));

    expect(xhr.sent).toHaveLength(0);
    expect(api.sent.filter((request) => request.method !== 'GET')).toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('refuses a file of another type and asks for a file', async () => {
    stubXhr();
    stub();
    renderPage();
    await cards();
    const { user, dialog } = await openUpload();

    await user.click(within(dialog).getByRole('button', { name: 'Uploader' }));
    expect(await within(dialog).findByText('Le fichier est requis')).toBeInTheDocument();

    choose(dialog, fileOf('outil.exe', 'application/octet-stream', 100));
    expect(await within(dialog).findByText(/^Type de fichier non accepté/)).toBeInTheDocument();
    expect(fileInput(dialog)).toHaveAttribute('accept', '.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png,.gif');
  });

  it('sends a small file through the API with progress, then refreshes the list', async () => {
    const xhr = stubXhr();
    const api = stub();
    renderPage();
    await cards();
    const { user, dialog } = await openUpload();

    choose(dialog, fileOf('Devis été.pdf', 'application/pdf', 48_213));
    await within(dialog).findByText('Devis été.pdf (47,08 KB)');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type de document' }));
    await user.click(await screen.findByTitle('Devis'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Lot 2');
    await user.type(within(dialog).getByRole('combobox', { name: 'Étiquettes' }), 'gros,rdc,');
    await user.click(within(dialog).getByRole('button', { name: 'Uploader' }));

    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const request = xhr.sent[0]!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/documents/upload');
    expect(request.withCredentials).toBe(true);
    expect(request.headers.get('X-Requested-With')).toBe('fetch');
    expect(request.entries()).toEqual([
      ['type', 'quote'],
      ['description', 'Lot 2'],
      ['tags', 'gros'],
      ['tags', 'rdc'],
      ['file', 'file:Devis été.pdf'],
    ]);

    request.progress(24_000, 48_213);
    expect(await within(dialog).findByText('Envoi en cours... 50 %')).toBeInTheDocument();
    const listLoads = api.calls('GET /api/documents?limit=50').length;
    request.respond(201, { ...estimate, name: 'Devis été.pdf' });

    expect(await toasts().findByText('Document uploadé avec succès')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.calls('GET /api/documents?limit=50').length).toBe(listLoads + 1));
  });

  it('sends a large file straight to the bucket, without the API header, then completes it', async () => {
    const xhr = stubXhr();
    const documentId = '0190a5f0-3333-7abc-8def-000000000099';
    const bucket = 'http://localhost:4569/btp-documents';
    const api = stub({
      'POST /api/documents/upload-url': json(
        {
          documentId,
          upload: {
            url: bucket,
            fields: { key: 'companies/x/documents/y', 'Content-Type': 'application/pdf', Policy: 'eyJ' },
          },
        },
        201,
      ),
      [`POST /api/documents/${documentId}/complete`]: json({ ...plan, id: documentId }),
    });
    renderPage();
    await cards();
    const { user, dialog } = await openUpload();

    choose(dialog, fileOf('Plan RDC.pdf', 'application/pdf', 6 * 1024 * 1024));
    await user.click(within(dialog).getByRole('combobox', { name: 'Projet' }));
    await user.click(await screen.findByTitle('Résidence Les Tilleuls'));
    await user.click(within(dialog).getByRole('button', { name: 'Uploader' }));

    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    expect(api.calls('POST /api/documents/upload-url')[0]?.body).toEqual({
      fileName: 'Plan RDC.pdf',
      mimeType: 'application/pdf',
      size: 6 * 1024 * 1024,
      type: 'other',
      description: '',
      tags: [],
      projectId: PROJECT_ID,
    });
    const request = xhr.sent[0]!;
    expect(request.url).toBe(bucket);
    expect(request.withCredentials).toBe(false);
    expect(request.headers.get('X-Requested-With')).toBeNull();
    expect(request.entries()).toEqual([
      ['key', 'companies/x/documents/y'],
      ['Content-Type', 'application/pdf'],
      ['Policy', 'eyJ'],
      ['file', 'file:Plan RDC.pdf'],
    ]);
    request.progress(3 * 1024 * 1024, 6 * 1024 * 1024);
    expect(await within(dialog).findByText('Envoi en cours... 50 %')).toBeInTheDocument();
    request.respond(204);

    expect(await toasts().findByText('Document uploadé avec succès')).toBeInTheDocument();
    expect(api.calls(`POST /api/documents/${documentId}/complete`)).toHaveLength(1);
  });

  it("shows the server's message when the upload is refused, and keeps the dialog", async () => {
    const xhr = stubXhr();
    stub();
    renderPage();
    await cards();
    const { user, dialog } = await openUpload();

    choose(dialog, fileOf('photo.png', 'image/png', 2000));
    await user.click(within(dialog).getByRole('button', { name: 'Uploader' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const message =
      'Le contenu du fichier ne correspond pas à son extension .png : seuls de vrais fichiers PDF, Word, Excel ou images sont acceptés.';
    xhr.sent[0]!.respond(415, { error: 'unsupported_media_type', message });

    expect(await toasts().findByText(message)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('falls back to the spec text when the bucket refuses without a message', async () => {
    const xhr = stubXhr();
    const documentId = '0190a5f0-3333-7abc-8def-000000000098';
    const api = stub({
      'POST /api/documents/upload-url': json({ documentId, upload: { url: 'http://s3/b', fields: {} } }, 201),
      [`DELETE /api/documents/${documentId}`]: () => new Response(null, { status: 204 }),
    });
    renderPage();
    await cards();
    const { user, dialog } = await openUpload();

    choose(dialog, fileOf('gros.pdf', 'application/pdf', 5 * 1024 * 1024));
    await user.click(within(dialog).getByRole('button', { name: 'Uploader' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    xhr.sent[0]!.respond(403, '<Error><Code>AccessDenied</Code></Error>');

    expect(await toasts().findByText("Erreur lors de l'upload du document")).toBeInTheDocument();
    await waitFor(() => expect(api.calls(`DELETE /api/documents/${documentId}`)).toHaveLength(1));
  });
});
