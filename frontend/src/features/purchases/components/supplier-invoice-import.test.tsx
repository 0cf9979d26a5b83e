import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { SupplierInvoiceImport } from '../../../api/supplier-invoices/import-supplier-invoice';
import { apiError, heldAnswer, json, stubApi, type Routes } from '../../../testing/api-stub';
import { renderWithProviders } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import { PurchasesPage } from './purchases-page';
import { importedDetails, importedMessage } from './supplier-invoice-import';

const companyId = '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
const stamps = { companyId, createdAt: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z' };
const supplier = { id: '5a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'Maçonnerie Rhône SARL' };
const documentId = '8a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
const importRoute = 'POST /api/supplier-invoices/import';

/** The draft the server makes from a supplier's Factur-X invoice FAC-2026-0007. */
const imported = {
  ...stamps,
  id: '7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a03',
  number: 'FF-2026-0003',
  supplierId: supplier.id,
  status: 'draft',
  title: 'Facture FAC-2026-0007',
  supplierReference: 'FAC-2026-0007',
  issueDate: '2026-11-18',
  dueDate: '2026-12-18',
  kind: 'invoice',
  netAmount: '1000.00',
  vatAmount: '200.00',
  totalAmount: '1200.00',
  vatBreakdown: [{ rate: '20.00', base: '1000.00', amount: '200.00' }],
  vatDetailed: true,
  amountDue: '1200.00',
  creditedAmount: '0.00',
  remainingAmount: '1200.00',
  paidAmount: '0.00',
  documentId,
  lines: [
    {
      description: 'Maçonnerie',
      quantity: '10.000',
      unit: 'm²',
      unitPrice: '80.00',
      vatRate: '20.00',
      vatCategory: 'S',
      total: '800.00',
    },
    { description: 'Enduit', quantity: '1.000', unitPrice: '200.00', vatRate: '20.00', total: '200.00' },
  ],
  version: 1,
};

/** The original file, kept in Documents and linked to the supplier. */
const original = {
  ...stamps,
  id: documentId,
  name: 'FAC-2026-0007.pdf',
  type: 'invoice',
  supplierId: supplier.id,
  tags: [],
  originalName: 'FAC-2026-0007.pdf',
  mimeType: 'application/pdf',
  size: 48_213,
  version: 1,
};

/** What the import route answers. */
function importAnswer(supplierCreated: boolean) {
  return { supplierInvoice: { ...imported, supplier }, document: original, supplierCreated };
}

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/supplier-quotes?limit=50': json([]),
    'GET /api/supplier-invoices?limit=50': json([]),
    'GET /api/supplier-invoices/balances': json([]),
    'GET /api/suppliers': json([{ ...stamps, ...supplier, country: 'France', specialties: [], version: 1 }]),
    'GET /api/projects': json([]),
    'GET /api/documents': json([original]),
    ...overrides,
  });
}

function renderPage() {
  return renderWithProviders(<PurchasesPage title="Achats" subtitle="Demandes de prix et commandes" />);
}

function pdf(name = 'FAC-2026-0007.pdf') {
  return new File(['%PDF-1.7 factur-x'], name, { type: 'application/pdf' });
}

/** Opens 'Commandes', where the supplier invoices and the drop zone are. */
async function openOrders(user: ReturnType<typeof setupUser>) {
  await user.click(await screen.findByRole('tab', { name: /Commandes/ }));
  return screen.findByRole('button', { name: /Importer une facture électronique/ });
}

/** The file input inside the drop zone (what a tap or a click opens). */
function fileInput(zone: HTMLElement): HTMLInputElement {
  const input = zone.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input in the drop zone');
  return input;
}

/** The form the SPA sent to the import route. */
function sentForm(): FormData {
  const call = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'POST');
  const body = call?.[1]?.body;
  if (!(body instanceof FormData)) throw new Error('no multipart form sent');
  return body;
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the import success message', () => {
  it("names the supplier's number, the supplier and the draft's number", () => {
    expect(importedMessage({ ...imported, supplier })).toBe(
      'Facture FAC-2026-0007 de Maçonnerie Rhône SARL importée en brouillon (FF-2026-0003)',
    );
    expect(importedMessage({ number: 'FF-2026-0004' })).toBe('Facture importée en brouillon (FF-2026-0004)');
  });

  it('says when the supplier was created from the invoice', () => {
    const answer = importAnswer(true) as unknown as SupplierInvoiceImport;
    expect(importedDetails(answer)).toBe(
      "Le fournisseur « Maçonnerie Rhône SARL » a été créé d'après la facture. Vérifiez-la ci-dessous, puis passez-la en « Reçue » avec « Modifier ».",
    );
    expect(importedDetails({ ...answer, supplierCreated: false })).toBe(
      'Vérifiez-la ci-dessous, puis passez-la en « Reçue » avec « Modifier ».',
    );
  });
});

describe("Achats: 'Importer une facture électronique'", () => {
  it('says what it takes, and one file at a time', async () => {
    const user = setupUser();
    stub();
    renderPage();

    const zone = await openOrders(user);
    expect(zone).toHaveTextContent('Factur-X / ZUGFeRD (PDF), XML CII ou UBL');
    expect(zone).toHaveTextContent('une facture à la fois, 4 Mo maximum');
    expect(zone).toHaveAttribute('tabindex', '0');
    const input = fileInput(zone);
    expect(input).toHaveAttribute('accept', '.pdf,.xml,application/pdf,application/xml,text/xml');
    expect(input).not.toHaveAttribute('multiple');
  });

  it('opens the file picker from the keyboard, with Enter and with Space', async () => {
    const user = setupUser();
    stub();
    renderPage();
    const zone = await openOrders(user);
    const picked = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => undefined);

    zone.focus();
    await user.keyboard('{Enter}');
    expect(picked).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(picked).toHaveBeenCalledTimes(2);
  });

  it('sends the file, busy meanwhile, then names the draft and shows it in the list with its figures', async () => {
    const user = setupUser();
    const held = heldAnswer(json(importAnswer(true), 201));
    const api = stub({ [importRoute]: held.answer });
    const { queryClient } = renderPage();
    // Lists other screens read: the import must make them read again.
    queryClient.setQueryData(['suppliers'], []);
    queryClient.setQueryData(['documents'], []);
    const zone = await openOrders(user);
    expect(await screen.findByText('Aucune facture fournisseur')).toBeInTheDocument();

    await user.upload(fileInput(zone), pdf());

    expect(await screen.findByText('Import de la facture en cours…')).toBeInTheDocument();
    expect(zone).toHaveTextContent('Lecture du fichier et création de la facture brouillon');
    expect(zone.closest('[aria-busy]')).toHaveAttribute('aria-busy', 'true');
    expect(api.calls(importRoute)).toHaveLength(1);
    expect(api.calls(importRoute)[0]?.headers.get('X-Requested-With')).toBe('fetch');
    const sent = sentForm().get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('FAC-2026-0007.pdf');

    api.answer('GET /api/supplier-invoices?limit=50', json([{ ...imported, supplier }]));
    held.release();

    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent(
      'Facture FAC-2026-0007 de Maçonnerie Rhône SARL importée en brouillon (FF-2026-0003)',
    );
    expect(message).toHaveTextContent(
      "Le fournisseur « Maçonnerie Rhône SARL » a été créé d'après la facture.",
    );
    expect(screen.queryByText('Import de la facture en cours…')).toBeNull();
    const card = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0003' });
    expect(card).toHaveTextContent('Brouillon');
    expect(card).toHaveTextContent('Maçonnerie Rhône SARL');
    expect(card).toHaveTextContent('N° fournisseurFAC-2026-0007');
    expect(card).toHaveTextContent('Date de facture18/11/2026');
    expect(card).toHaveTextContent(/Total HT1\s000,00\s€/);
    expect(card).toHaveTextContent(/TVA200,00\s€/);
    expect(card).toHaveTextContent(/Total TTC1\s200,00\s€/);
    expect(
      await within(card).findByRole('button', { name: "Voir l'original de la facture FF-2026-0003" }),
    ).toBeVisible();
    // The suppliers (one may be new) are to be read again; the documents list (seeded empty) was read
    // again for the original file, which the card looks up in it.
    expect(queryClient.getQueryState(['suppliers'])?.isInvalidated).toBe(true);
    expect(api.calls('GET /api/documents')).toHaveLength(1);
  });

  it('says nothing of a supplier it found among those of the company', async () => {
    const user = setupUser();
    stub({ [importRoute]: json(importAnswer(false), 201) });
    renderPage();
    const zone = await openOrders(user);

    await user.upload(fileInput(zone), pdf());

    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent(
      'Facture FAC-2026-0007 de Maçonnerie Rhône SARL importée en brouillon (FF-2026-0003)',
    );
    expect(message).not.toHaveTextContent('a été créé');
  });

  it("shows the server's French reason inline when the file is refused, and nothing is listed", async () => {
    const user = setupUser();
    stub({
      [importRoute]: apiError(
        415,
        'unsupported_media_type',
        "Ce fichier n'est pas une facture électronique : déposez un PDF Factur-X / ZUGFeRD, un XML CII ou UBL.",
      ),
    });
    renderPage();
    const zone = await openOrders(user);

    await user.upload(fileInput(zone), pdf('devis-scanné.pdf'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Import impossible');
    expect(alert).toHaveTextContent(
      "Ce fichier n'est pas une facture électronique : déposez un PDF Factur-X / ZUGFeRD, un XML CII ou UBL.",
    );
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.getByText('Aucune facture fournisseur')).toBeInTheDocument();
  });

  it('shows the details of a refused XML, then clears the message on the next try', async () => {
    const user = setupUser();
    const api = stub({
      [importRoute]: apiError(400, 'validation_error', "Ce XML n'est pas une facture lisible.", [
        { path: 'BT-1', message: 'Le numéro de la facture manque.' },
      ]),
    });
    renderPage();
    const zone = await openOrders(user);

    await user.upload(fileInput(zone), new File(['<x/>'], 'facture.xml', { type: 'text/xml' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("Ce XML n'est pas une facture lisible.");
    expect(within(alert).getByRole('listitem')).toHaveTextContent('Le numéro de la facture manque.');

    api.answer(
      importRoute,
      apiError(409, 'conflict', 'Cette facture FAC-2026-0007 de Maçonnerie Rhône SARL a déjà été importée.'),
    );
    await user.upload(fileInput(zone), pdf());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Cette facture FAC-2026-0007 de Maçonnerie Rhône SARL a déjà été importée.',
      ),
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent("Ce XML n'est pas une facture lisible.");
  });

  it('gives the reference to quote to support when the server failed, not for a refusal', async () => {
    const user = setupUser();
    const api = stub({
      [importRoute]: () =>
        Response.json(
          {
            error: 'conflict',
            message: 'La facture FAC-2026-0007 de Maçonnerie Rhône SARL est déjà enregistrée.',
          },
          { status: 409, headers: { 'x-request-id': 'req-409' } },
        ),
    });
    renderPage();
    const zone = await openOrders(user);

    await user.upload(fileInput(zone), pdf());
    const refused = await screen.findByRole('alert');
    expect(refused).toHaveTextContent('est déjà enregistrée.');
    expect(refused).not.toHaveTextContent('Référence');

    api.answer(importRoute, () =>
      Response.json(
        { error: 'internal_error', message: 'Erreur interne du serveur.', reference: 'req-500' },
        { status: 500, headers: { 'x-request-id': 'req-500' } },
      ),
    );
    await user.upload(fileInput(zone), pdf());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Erreur interne du serveur.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Référence : req-500');
  });

  it('refuses a file over 4 MiB before sending anything', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();
    const zone = await openOrders(user);
    const large = pdf();
    Object.defineProperty(large, 'size', { value: 4 * 1024 * 1024 + 1 });

    fireEvent.change(fileInput(zone), { target: { files: [large] } });

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Le fichier dépasse 4 Mo, la taille maximale d’une facture électronique importée.',
    );
    expect(api.calls(importRoute)).toHaveLength(0);
  });
});

describe('an imported supplier invoice', () => {
  it("opens its original file in a new tab, through the documents' download link", async () => {
    const user = setupUser();
    const downloadRoute = `GET /api/documents/${documentId}/download?inline=1`;
    const api = stub({
      'GET /api/supplier-invoices?limit=50': json([{ ...imported, supplier }]),
      [downloadRoute]: json({ url: 'https://files.example/FAC-2026-0007.pdf' }),
    });
    const tab = { opener: {} as unknown, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    renderPage();
    await openOrders(user);

    const card = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0003' });
    await user.click(
      await within(card).findByRole('button', { name: "Voir l'original de la facture FF-2026-0003" }),
    );

    expect(open).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(tab.location.href).toBe('https://files.example/FAC-2026-0007.pdf'));
    expect(api.calls(downloadRoute)).toHaveLength(1);
  });

  it('saves an original XML rather than opening it (only PDFs and images open in the browser)', async () => {
    const user = setupUser();
    const downloadRoute = `GET /api/documents/${documentId}/download`;
    const api = stub({
      'GET /api/supplier-invoices?limit=50': json([{ ...imported, supplier }]),
      'GET /api/documents': json([{ ...original, name: 'FAC-2026-0007.xml', mimeType: 'application/xml' }]),
      [downloadRoute]: json({ url: 'https://files.example/FAC-2026-0007.xml' }),
    });
    const open = vi.spyOn(window, 'open');
    const followed: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      followed.push(this.href);
    });
    renderPage();
    await openOrders(user);

    const card = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0003' });
    const save = await within(card).findByRole('button', {
      name: "Télécharger l'original de la facture FF-2026-0003",
    });
    expect(within(card).queryByRole('button', { name: /^Voir l'original/ })).toBeNull();
    await user.click(save);

    await waitFor(() => expect(followed).toEqual(['https://files.example/FAC-2026-0007.xml']));
    expect(api.calls(downloadRoute)).toHaveLength(1);
    expect(open).not.toHaveBeenCalled();
  });

  it('shows what the import read in its dialog (its lines, HT, TVA per rate, TTC), and keeps it when saved', async () => {
    const user = setupUser();
    const route = `PUT /api/supplier-invoices/${imported.id}`;
    const api = stub({
      'GET /api/supplier-invoices?limit=50': json([{ ...imported, supplier }]),
      [route]: json({ ...imported, status: 'sent', version: 2 }),
    });
    renderPage();
    await openOrders(user);

    const card = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0003' });
    await user.click(within(card).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    const lines = within(dialog).getByRole('region', { name: 'Lignes de la facture' });
    const first = within(lines).getByRole('listitem', { name: 'Ligne 1' });
    expect(within(first).getByLabelText('Désignation')).toHaveValue('Maçonnerie');
    expect(within(first).getByLabelText('Quantité')).toHaveValue('10');
    expect(within(first).getByLabelText('Prix unitaire HT')).toHaveValue('80,00');
    expect(first).toHaveTextContent(/Total HT800,00\s€/);
    const totals = within(dialog).getByRole('region', { name: 'Totaux de la facture' });
    expect(totals).toHaveTextContent(/Total HT1\s000,00\s€/);
    expect(totals).toHaveTextContent(/TVA 20\s% sur 1\s000,00\s€200,00\s€/);
    expect(totals).toHaveTextContent(/Total TTC1\s200,00\s€/);
    expect(within(dialog).getByLabelText('N° de la facture reçue')).toHaveValue('FAC-2026-0007');
    expect(within(dialog).getByLabelText('Date de facture')).toHaveValue('18/11/2026');

    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    const options = await screen.findAllByTitle('Reçue');
    await user.click(options[options.length - 1]!);
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(api.calls(route)).toHaveLength(1));
    const body = api.calls(route)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      status: 'sent',
      kind: 'invoice',
      supplierReference: 'FAC-2026-0007',
      issueDate: '2026-11-18',
      documentId,
      version: 1,
      // Sent back as read: the server keeps their stated totals.
      lines: [
        { description: 'Maçonnerie', unit: 'm²', quantity: '10.000', unitPrice: '80.00', vatRate: '20.00' },
        { description: 'Enduit', quantity: '1.000', unitPrice: '200.00', vatRate: '20.00' },
      ],
    });
    expect(body).not.toHaveProperty('totalAmount');
  }, 45_000);

  it('keeps a record made before lines at its TTC alone (« TVA non détaillée ») until its lines are entered', async () => {
    const user = setupUser();
    const route = `PUT /api/supplier-invoices/${imported.id}`;
    const legacy = {
      ...imported,
      netAmount: undefined,
      vatAmount: undefined,
      vatBreakdown: [],
      vatDetailed: false,
      lines: [
        { description: 'Facture FAC-2026-0007', quantity: '1.000', unitPrice: '1200.00', total: '1200.00' },
      ],
    };
    const api = stub({
      'GET /api/supplier-invoices?limit=50': json([{ ...legacy, supplier }]),
      [route]: json({ ...legacy, totalAmount: '1250.00', version: 2 }),
    });
    renderPage();
    await openOrders(user);

    const card = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0003' });
    expect(card).toHaveTextContent(/Montant TTC1\s200,00\s€TVATVA non détaillée/);
    await user.click(within(card).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('TVA non détaillée');
    const total = within(dialog).getByLabelText('Montant TTC (€)');
    await user.clear(total);
    await user.type(total, '1250');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(api.calls(route)).toHaveLength(1));
    const body = api.calls(route)[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ totalAmount: '1250.00', documentId });
    expect(body).not.toHaveProperty('lines');
    // A new total: what an import read no longer adds up to it.
    expect(body).not.toHaveProperty('netAmount');
  }, 45_000);
});
