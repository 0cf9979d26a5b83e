import { supplierQuoteListItemSchema } from '@btp/shared/entities/supplier-quote';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi, type Routes } from '../../../testing/api-stub';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { fill, pick, setupUser } from '../../../testing/user';
import { ordersOf, PurchasesPage } from './purchases-page';

const companyId = '0f0e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01';
const stamps = { companyId, createdAt: '2026-11-20T09:00:00.000Z', updatedAt: '2026-11-20T09:00:00.000Z' };
const supplier = { id: '5a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'Béton du Midi' };
const project = { id: '2a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a01', name: 'Maison Dupont' };

function request(n: number, changes: Record<string, unknown>) {
  return {
    ...stamps,
    id: `6a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a0${n}`,
    number: `DP-2026-000${n}`,
    supplierId: supplier.id,
    projectId: project.id,
    status: 'sent',
    title: `Demande ${n}`,
    totalAmount: '4800.00',
    selected: false,
    version: 2,
    supplier,
    project,
    ...changes,
  };
}

const received = request(3, { status: 'validated', title: 'Béton C25/30', validUntil: '2026-12-15' });
const chosen = request(2, {
  status: 'validated',
  title: 'Ferraillage',
  selected: true,
  totalAmount: '1250.40',
});
const asked = request(1, { status: 'sent', title: 'Coffrage', projectId: undefined, project: undefined });
/** The request whole (`GET /api/supplier-quotes/{id}`): its free-form lines, which the list leaves out. */
const askedItems = [{ description: 'Banches', quantity: '12', unitPrice: '400.00' }];

function supplierInvoice(n: number, changes: Record<string, unknown>) {
  return {
    ...stamps,
    id: `7a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a0${n}`,
    number: `FF-2026-000${n}`,
    supplierId: supplier.id,
    status: 'sent',
    title: `Facture ${n}`,
    totalAmount: '1250.40',
    paidAmount: '0.00',
    dueDate: '2099-12-31',
    version: 1,
    supplier,
    ...changes,
  };
}

const receivedInvoice = supplierInvoice(1, { title: 'Livraison béton' });
const paidInvoice = supplierInvoice(2, { status: 'paid', title: 'Location grue', paidAmount: '1250.40' });

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/supplier-quotes?limit=50': json([received, chosen, asked]),
    [`GET /api/supplier-quotes/${asked.id}`]: json({ ...asked, items: askedItems }),
    'GET /api/supplier-invoices?limit=50': json([]),
    'GET /api/supplier-invoices/balances': json([]),
    'GET /api/suppliers': json([{ ...stamps, ...supplier, country: 'France', specialties: [], version: 1 }]),
    'GET /api/projects': json([
      { ...stamps, ...project, clientId: supplier.id, status: 'planning', progress: 0, version: 1 },
    ]),
    ...overrides,
  });
}

function renderPage() {
  renderWithProviders(<PurchasesPage title="Achats" subtitle="Demandes de prix et commandes" />);
}

async function card(number: string) {
  return (await screen.findByRole('article', { name: `Demande de prix ${number}` })) as HTMLElement;
}

describe('orders', () => {
  it('are the selected requests', () => {
    const requests = supplierQuoteListItemSchema.array().parse([received, chosen, asked]);
    expect(ordersOf(requests).map((order) => order.number)).toEqual(['DP-2026-0002']);
  });
});

describe('Achats', () => {
  it('shows the two tabs with their counts', async () => {
    stub();
    renderPage();

    expect(await screen.findByRole('tab', { name: 'Demandes de Prix (3)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Commandes (1)' })).toBeInTheDocument();
  });

  it("shows each request: supplier, title, project, total, valid-until and status, 'Reçu' for validated", async () => {
    stub();
    renderPage();

    const first = await card('DP-2026-0003');
    expect(first).toHaveTextContent('Béton du Midi');
    expect(first).toHaveTextContent('Béton C25/30');
    expect(first).toHaveTextContent('Maison Dupont');
    expect(first).toHaveTextContent(/4\s800,00\s€/);
    expect(first).toHaveTextContent('15/12/2026');
    expect(first).toHaveTextContent('Reçu');
    expect(await card('DP-2026-0001')).toHaveTextContent('Envoyé');
    expect(await card('DP-2026-0001')).toHaveTextContent('Aucun projet');
  });

  it("offers 'Sélectionner' only for a received request not selected; a selected one shows 'Sélectionné'", async () => {
    stub();
    renderPage();

    const first = await card('DP-2026-0003');
    const second = await card('DP-2026-0002');
    const third = await card('DP-2026-0001');
    expect(within(first).getByRole('button', { name: 'Sélectionner' })).toBeInTheDocument();
    expect(within(first).queryByText('Sélectionné')).toBeNull();
    expect(within(second).queryByRole('button', { name: 'Sélectionner' })).toBeNull();
    expect(within(second).getByText('Sélectionné')).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Supprimer' })).toBeNull();
    expect(within(third).queryByRole('button', { name: 'Sélectionner' })).toBeNull();
  });

  it('selects a received request with its version, then refreshes the list', async () => {
    const user = setupUser();
    const api = stub({
      [`POST /api/supplier-quotes/${received.id}/select`]: json({ ...received, selected: true, version: 3 }),
    });
    renderPage();

    await user.click(within(await card('DP-2026-0003')).getByRole('button', { name: 'Sélectionner' }));

    expect(await toasts().findByText('Demande de prix sélectionnée avec succès')).toBeInTheDocument();
    expect(api.calls(`POST /api/supplier-quotes/${received.id}/select`)[0]?.body).toEqual({ version: 2 });
    await waitFor(() => expect(api.calls('GET /api/supplier-quotes?limit=50')).toHaveLength(2));
  });

  it('shows the server message when the selection is refused', async () => {
    const user = setupUser();
    stub({
      [`POST /api/supplier-quotes/${received.id}/select`]: apiError(
        409,
        'conflict',
        "Une autre demande de prix de ce projet vient d'être sélectionnée : rechargez la liste puis recommencez.",
      ),
    });
    renderPage();

    await user.click(within(await card('DP-2026-0003')).getByRole('button', { name: 'Sélectionner' }));

    const toast = await toasts().findByText(/vient d'être sélectionnée/);
    expect(toast.closest('[role="status"]')).toHaveAttribute('data-variant', 'destructive');
  });

  it("lists the selected requests under 'Commandes'", async () => {
    const user = setupUser();
    stub();
    renderPage();

    await user.click(await screen.findByRole('tab', { name: /Commandes/ }));
    const orders = await screen.findByRole('list', { name: 'Commandes' });
    expect(
      within(orders)
        .getAllByRole('article')
        .map((article) => article.getAttribute('aria-label')),
    ).toEqual(['Demande de prix DP-2026-0002']);
    expect(within(orders).getByText('Ferraillage')).toBeInTheDocument();
    expect(screen.getByText('Aucune facture fournisseur')).toBeInTheDocument();
  });

  it('names the project and the price request of a supplier invoice as the list gives them', async () => {
    const user = setupUser();
    // The request it answers is not among the requests read (an older one): the list names it.
    const linked = supplierInvoice(3, {
      title: 'Acier HA',
      projectId: project.id,
      project,
      supplierQuoteId: '6a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a09',
      supplierQuote: { id: '6a1e6a3c-1b7d-4c55-9a51-5c3f2f6b1a09', number: 'DP-2025-0140' },
    });
    stub({ 'GET /api/supplier-invoices?limit=50': json([linked]) });
    renderPage();

    await user.click(await screen.findByRole('tab', { name: /Commandes/ }));
    const invoice = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0003' });
    expect(invoice).toHaveTextContent('ProjetMaison Dupont');
    expect(invoice).toHaveTextContent('DemandeDP-2025-0140');
  });

  it("reads a received supplier invoice 'Reçue', never 'Envoyée', in its card and in the status choices", async () => {
    const user = setupUser();
    stub({ 'GET /api/supplier-invoices?limit=50': json([receivedInvoice]) });
    renderPage();

    await user.click(await screen.findByRole('tab', { name: /Commandes/ }));
    const invoice = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0001' });
    expect(within(invoice).getByText('Reçue')).toBeInTheDocument();
    expect(within(invoice).queryByText('Envoyée')).toBeNull();

    await user.click(within(invoice).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('combobox', { name: 'Statut' }).closest('.ant-select')).toHaveTextContent(
      'Reçue',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    expect(await screen.findAllByTitle('Reçue')).not.toHaveLength(0);
    expect(screen.queryByTitle('Envoyée')).toBeNull();
  });

  it("offers no 'Supprimer' on a paid supplier invoice and says why; an unpaid one keeps it", async () => {
    const user = setupUser();
    stub({ 'GET /api/supplier-invoices?limit=50': json([receivedInvoice, paidInvoice]) });
    renderPage();

    await user.click(await screen.findByRole('tab', { name: /Commandes/ }));
    const paid = await screen.findByRole('article', { name: 'Facture fournisseur FF-2026-0002' });
    expect(within(paid).getByText('Payée')).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: 'Supprimer' })).toBeNull();
    expect(paid).toHaveTextContent('Cette facture fournisseur est payée : elle ne peut plus être supprimée.');

    const unpaid = screen.getByRole('article', { name: 'Facture fournisseur FF-2026-0001' });
    expect(unpaid).not.toHaveTextContent('ne peut plus être supprimée');
    expect(within(unpaid).getByRole('button', { name: 'Supprimer' })).toBeInTheDocument();
  });

  it('creates a price request: supplier, project, title, description, amount, valid-until, status', async () => {
    const user = setupUser();
    const api = stub({ 'POST /api/supplier-quotes': json(request(4, {}), 201) });
    renderPage();
    await card('DP-2026-0003');

    await user.click(screen.getAllByRole('button', { name: /Nouvelle Demande de Prix/ })[0]!);
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la demande' }));
    expect(await within(dialog).findByText('Le fournisseur est requis')).toBeInTheDocument();
    expect(await within(dialog).findByText('Le titre est requis')).toBeInTheDocument();
    expect(api.calls('POST /api/supplier-quotes')).toHaveLength(0);

    await user.click(within(dialog).getByRole('combobox', { name: 'Fournisseur' }));
    await pick(user, 'Béton du Midi');
    await user.click(within(dialog).getByRole('combobox', { name: 'Projet' }));
    await pick(user, 'Maison Dupont');
    await fill(user, within(dialog).getByLabelText('Titre'), 'Béton prêt à l’emploi');
    await fill(user, within(dialog).getByLabelText('Description'), '12 m³ livrés');
    await fill(user, within(dialog).getByLabelText('Montant (€)'), '4 800,50');
    await fill(user, within(dialog).getByLabelText("Valide jusqu'au"), '15/12/2026');
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    await pick(user, 'Reçu');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la demande' }));

    expect(await toasts().findByText('Demande de prix créée avec succès')).toBeInTheDocument();
    expect(api.calls('POST /api/supplier-quotes')[0]?.body).toMatchObject({
      supplierId: supplier.id,
      projectId: project.id,
      title: 'Béton prêt à l’emploi',
      description: '12 m³ livrés',
      totalAmount: '4800.50',
      validUntil: '2026-12-15',
      status: 'validated',
    });
  }, 45_000);

  it('edits a request with its version, keeping what the form does not show', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/supplier-quotes/${asked.id}`]: json({ ...asked, version: 3 }) });
    renderPage();

    await user.click(within(await card('DP-2026-0001')).getByRole('button', { name: 'Modifier' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Montant (€)')).toHaveValue('4800,00');
    await user.click(within(dialog).getByRole('combobox', { name: 'Statut' }));
    await pick(user, 'Reçu');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Demande de prix mise à jour avec succès')).toBeInTheDocument();
    // The request was read whole before the dialog opened: its lines go back with the edit.
    expect(api.calls(`GET /api/supplier-quotes/${asked.id}`)).toHaveLength(1);
    expect(api.calls(`PUT /api/supplier-quotes/${asked.id}`)[0]?.body).toMatchObject({
      supplierId: supplier.id,
      title: 'Coffrage',
      totalAmount: '4800.00',
      status: 'validated',
      items: askedItems,
      version: 2,
    });
  }, 45_000);
});
