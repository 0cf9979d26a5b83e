import { formatEuro } from '@btp/shared/money';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';

import { apiError, json, stubApi, type Routes } from '../../../testing/api-stub';
import { companyA } from '../../../testing/fixtures';
import { renderWithProviders, toasts } from '../../../testing/render-app';
import { setupUser } from '../../../testing/user';
import {
  countByTab,
  dueDateText,
  invoiceActions,
  invoiceCount,
  invoiceSummary,
  withStatusesOn,
} from './invoice-rules';
import { InvoicingPage } from './invoicing-page';
import { paymentInstant } from './pay-invoice-dialog';

const at = '2026-04-01T08:00:00.000Z';
const record = { companyId: companyA.id, createdAt: at, updatedAt: at, version: 1 };
const garnier = { ...record, id: '4c0c1d2e-0000-4000-8000-000000000001', name: 'Garnier SARL' };
const mairie = { ...record, id: '4c0c1d2e-0000-4000-8000-000000000002', name: 'Mairie de Lyon' };
const extension = {
  ...record,
  id: '4c0c1d2e-0000-4000-8000-000000000010',
  name: 'Extension Garnier',
  clientId: garnier.id,
  status: 'in_progress',
  progress: 40,
  client: { id: garnier.id, name: garnier.name },
};
const ecole = {
  ...extension,
  id: '4c0c1d2e-0000-4000-8000-000000000011',
  name: 'École Jules Ferry',
  clientId: mairie.id,
  client: { id: mairie.id, name: mairie.name },
};

const garnierRef = { id: garnier.id, name: garnier.name };
const draft = {
  ...record,
  id: '4c0c1d2e-0000-4000-8000-000000000101',
  clientId: mairie.id,
  client: { id: mairie.id, name: mairie.name },
  title: 'Acompte toiture École',
  totalAmount: '8400.00',
  paidAmount: '0.00',
  status: 'draft',
  quoteId: '4c0c1d2e-0000-4000-8000-000000000201',
  items: [{ description: 'Acompte 30 %' }],
};
const upcoming = {
  ...record,
  id: '4c0c1d2e-0000-4000-8000-000000000102',
  clientId: garnier.id,
  client: garnierRef,
  projectId: extension.id,
  project: { id: extension.id, name: extension.name },
  number: 'FAC-2026-0003',
  title: 'Situation n°3',
  totalAmount: '10000.00',
  paidAmount: '0.00',
  status: 'sent',
  dueDate: '2099-12-31',
  sentAt: '2026-04-10T09:12:00.000Z',
  version: 2,
};
const lateFromServer = {
  ...upcoming,
  id: '4c0c1d2e-0000-4000-8000-000000000103',
  number: 'FAC-2026-0001',
  title: 'Situation n°1',
  totalAmount: '12800.00',
  status: 'overdue',
  dueDate: '2026-01-02',
};
// Read before midnight as sent, past its due date now: the screen derives overdue itself.
const lateSinceLoaded = {
  ...upcoming,
  id: '4c0c1d2e-0000-4000-8000-000000000104',
  number: 'FAC-2026-0002',
  title: 'Situation n°2',
  totalAmount: '3000.00',
  status: 'sent',
  dueDate: '2020-01-15',
};
const paid = {
  ...upcoming,
  id: '4c0c1d2e-0000-4000-8000-000000000105',
  number: 'FAC-2026-0004',
  title: 'Solde Extension',
  totalAmount: '5000.00',
  paidAmount: '4750.00',
  status: 'paid',
  paidAt: '2026-04-20T10:00:00.000Z',
  version: 3,
};
const invoices = [draft, upcoming, lateFromServer, lateSinceLoaded, paid];

function stub(overrides: Routes = {}) {
  return stubApi({
    'GET /api/invoices': json(invoices),
    'GET /api/clients': json([garnier, mairie]),
    'GET /api/projects': json([extension, ecole]),
    ...overrides,
  });
}

function renderPage() {
  renderWithProviders(<InvoicingPage title="Facturation" subtitle="Factures de vos clients" />);
}

/** Euros as Testing Library reads text: its matcher turns no-break spaces into plain ones. */
const euro = (cents: number) => formatEuro(cents).replace(/[\u00a0\u202f]/g, ' ');

const card = (title: string) => screen.findByRole('article', { name: title });

async function openTab(name: RegExp) {
  await setupUser().click(await screen.findByRole('tab', { name }));
}

function buttonsOf(element: HTMLElement) {
  return within(element)
    .getAllByRole('button')
    .map((button) => button.textContent);
}

/** antd's ids are not unique under test, so a dialog is found by its title text. */
async function findDialog(title: string) {
  const dialogs = await screen.findAllByRole('dialog');
  const dialog = dialogs.find((candidate) => candidate.textContent.includes(title));
  if (dialog === undefined) throw new Error(`No dialog ${title}`);
  return dialog;
}

async function choose(dialog: HTMLElement, field: string, option: string) {
  const user = setupUser();
  await user.click(within(dialog).getByRole('combobox', { name: field }));
  await user.click(await screen.findByTitle(option));
}

describe('invoice rules', () => {
  const today = '2026-05-10';

  it('derives overdue for a sent invoice past its due date, never for drafts or paid ones', () => {
    const read = withStatusesOn(
      [
        { ...upcoming, dueDate: '2026-05-09' },
        { ...upcoming, dueDate: '2026-05-10' },
        { ...draft, dueDate: '2026-01-01' },
        { ...paid, dueDate: '2026-01-01' },
        { ...upcoming, dueDate: undefined },
      ] as never,
      today,
    );
    expect(read.map((invoice) => invoice.status)).toEqual(['overdue', 'sent', 'draft', 'paid', 'sent']);
    expect(countByTab(read)).toEqual({ sent: 2, overdue: 1, paid: 1, draft: 1 });
  });

  it('sums what is owed, cashed, late and drafted, in cents', () => {
    const read = withStatusesOn(invoices as never, today);
    expect(invoiceSummary(read, today)).toEqual({
      pending: { cents: 2_580_000, count: 3 },
      paid: { cents: 475_000, count: 1 },
      overdue: { cents: 1_580_000, count: 2 },
      drafts: { cents: 840_000, count: 1 },
    });
  });

  it('words counts and due dates in French', () => {
    expect([0, 1, 2].map(invoiceCount)).toEqual(['0 facture', '1 facture', '2 factures']);
    expect(dueDateText('2026-06-30')).toBe('Échéance: 30/06/2026');
    expect(dueDateText(undefined)).toBe('Échéance: Non définie');
  });

  it('offers edit, delete and send on drafts, pay on sent and overdue invoices only', () => {
    expect(invoiceActions('draft')).toEqual({ edit: true, remove: true, send: true, pay: false });
    expect(invoiceActions('sent')).toEqual({ edit: false, remove: false, send: false, pay: true });
    expect(invoiceActions('overdue')).toEqual({ edit: false, remove: false, send: false, pay: true });
    expect(invoiceActions('paid')).toEqual({ edit: false, remove: false, send: false, pay: false });
  });

  it('sends now for a payment of today, noon of the day for an earlier one', () => {
    const now = new Date('2026-05-10T14:30:00.000Z');
    expect(paymentInstant(dayjs('2026-05-10'), now)).toBe('2026-05-10T14:30:00.000Z');
    expect(paymentInstant(dayjs('2026-05-02'), now)).toMatch(/^2026-05-02T12:00:00[+-]\d{2}:\d{2}$/);
  });
});

describe('Facturation', () => {
  it('shows the four summary cards and the tabs with their counts', async () => {
    stub();
    renderPage();

    const pendingCard = await screen.findByRole('region', { name: 'Total en attente' });
    await waitFor(() =>
      expect(pendingCard).toHaveTextContent(`Total en attente${euro(2_580_000)}3 factures`),
    );
    expect(screen.getByRole('region', { name: 'Total encaissé' })).toHaveTextContent(
      `${euro(475_000)}1 facture`,
    );
    expect(screen.getByRole('region', { name: 'En retard' })).toHaveTextContent(
      `${euro(1_580_000)}2 factures`,
    );
    expect(screen.getByRole('region', { name: 'Brouillons' })).toHaveTextContent(`${euro(840_000)}1 facture`);

    expect(screen.getByRole('tab', { name: 'Envoyées (1)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'En retard (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Payées (1)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Brouillons (1)' })).toBeInTheDocument();

    const sent = await card('Situation n°3');
    expect(sent).toHaveTextContent('FAC-2026-0003');
    expect(sent).toHaveTextContent('Envoyée');
    expect(sent).toHaveTextContent('Garnier SARL · Extension Garnier');
    expect(sent).toHaveTextContent(euro(1_000_000));
    expect(sent).toHaveTextContent('Échéance: 31/12/2099');
    expect(buttonsOf(sent)).toEqual(['Voir détails', 'Marquer payée']);
  });

  it('lists overdue invoices, derived or read, under En retard', async () => {
    stub();
    renderPage();

    await openTab(/^En retard/);
    for (const title of ['Situation n°1', 'Situation n°2']) {
      const late = await card(title);
      expect(late).toHaveTextContent('En retard');
      expect(buttonsOf(late)).toEqual(['Voir détails', 'Marquer payée']);
    }
    await openTab(/^Payées/);
    const settled = await card('Solde Extension');
    expect(settled).toHaveTextContent('Payée');
    expect(settled).toHaveTextContent(`Payé : ${euro(475_000)}`);
    expect(buttonsOf(settled)).toEqual(['Voir détails']);
  });

  it("shows a draft as 'Brouillon' with 'Non définie' as its due date, in its card and its details", async () => {
    const user = setupUser();
    stub();
    renderPage();

    await openTab(/^Brouillons/);
    const drafted = await card('Acompte toiture École');
    expect(drafted).toHaveTextContent('Brouillon');
    expect(drafted).toHaveTextContent('Échéance: Non définie');
    expect(buttonsOf(drafted)).toEqual(['Voir détails', 'Modifier', 'Supprimer', 'Envoyer']);

    await user.click(within(drafted).getByRole('button', { name: /^Voir détails/ }));
    const details = await findDialog('Détails de la facture');
    expect(details).toHaveTextContent('NuméroBrouillon');
    expect(details).toHaveTextContent('ClientMairie de Lyon');
    expect(details).toHaveTextContent('ProjetAucun projet');
    expect(details).toHaveTextContent(`Montant total${euro(840_000)}`);
    expect(details).toHaveTextContent(`Montant payé${euro(0)}`);
    expect(details).toHaveTextContent('Échéance:Non définie');
  });

  it('refuses an incomplete invoice without sending anything', async () => {
    const user = setupUser();
    const api = stub();
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(await within(dialog).findByText('Le client est requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Le titre est requis')).toBeInTheDocument();
    expect(within(dialog).getByText('Le montant total est requis')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Montant total (€)'), '12,345');
    expect(
      await within(dialog).findByText(
        'Montant invalide : utilisez un nombre avec au plus deux décimales, par exemple 1 234,50',
      ),
    ).toBeInTheDocument();
    expect(api.sent.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it("creates a draft for a client and one of that client's projects", async () => {
    const user = setupUser();
    const created = { ...draft, id: '4c0c1d2e-0000-4000-8000-000000000106', title: 'Situation n°4' };
    const api = stub({ 'POST /api/invoices': json(created, 201) });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    await choose(dialog, 'Client', 'Garnier SARL');
    await user.click(within(dialog).getByRole('combobox', { name: 'Projet' }));
    await screen.findByTitle('Extension Garnier');
    expect(screen.queryByTitle('École Jules Ferry')).not.toBeInTheDocument();
    await user.click(screen.getByTitle('Extension Garnier'));
    await user.type(within(dialog).getByLabelText('Titre'), 'Situation n°4');
    await user.type(within(dialog).getByLabelText('Montant total (€)'), '1 234,5');
    await user.type(within(dialog).getByLabelText('Échéance'), '30/06/2026{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(await toasts().findByText('Facture créée avec succès')).toBeInTheDocument();
    expect(api.calls('POST /api/invoices').map((call) => call.body)).toEqual([
      {
        clientId: garnier.id,
        projectId: extension.id,
        title: 'Situation n°4',
        totalAmount: '1234.50',
        dueDate: '2026-06-30',
      },
    ]);
    await waitFor(() => expect(api.calls('GET /api/invoices')).toHaveLength(2));
    expect(screen.getByRole('tab', { name: /^Brouillons/ })).toHaveAttribute('aria-selected', 'true');
  });

  it("says 'Erreur lors de la création de la facture' when the creation fails without a message", async () => {
    const user = setupUser();
    stub({ 'POST /api/invoices': () => new Response('', { status: 502 }) });
    renderPage();

    await user.click(await screen.findByRole('button', { name: /Nouvelle Facture/ }));
    const dialog = await findDialog('Nouvelle Facture');
    await choose(dialog, 'Client', 'Mairie de Lyon');
    await user.type(within(dialog).getByLabelText('Titre'), 'Acompte');
    await user.type(within(dialog).getByLabelText('Montant total (€)'), '100');
    await user.click(within(dialog).getByRole('button', { name: 'Créer la facture' }));

    expect(await toasts().findByText('Erreur lors de la création de la facture')).toBeInTheDocument();
  });

  it('edits a draft and sends back its quote, lines and version', async () => {
    const user = setupUser();
    const api = stub({ [`PUT /api/invoices/${draft.id}`]: json({ ...draft, version: 2 }) });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Modifier/ }));
    const dialog = await findDialog('Modifier la facture');
    const amount = within(dialog).getByLabelText('Montant total (€)');
    expect(amount).toHaveValue('8400,00');
    await user.clear(amount);
    await user.type(amount, '9000');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));

    expect(await toasts().findByText('Facture mise à jour avec succès')).toBeInTheDocument();
    expect(api.calls(`PUT /api/invoices/${draft.id}`).map((call) => call.body)).toEqual([
      {
        clientId: mairie.id,
        title: 'Acompte toiture École',
        totalAmount: '9000.00',
        quoteId: draft.quoteId,
        items: draft.items,
        version: 1,
      },
    ]);
  });

  it('sends a draft, which takes its number', async () => {
    const user = setupUser();
    const api = stub({
      [`POST /api/invoices/${draft.id}/send`]: json({ ...draft, status: 'sent', number: 'FAC-2026-0005' }),
    });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Envoyer/ }));
    const confirm = await findDialog('Envoyer la facture ?');
    await user.click(within(confirm).getByRole('button', { name: 'Envoyer' }));

    expect(await toasts().findByText('Facture FAC-2026-0005 envoyée avec succès')).toBeInTheDocument();
    const [send] = api.calls(`POST /api/invoices/${draft.id}/send`);
    expect(send?.body).toBeUndefined();
    expect(send?.headers.get('X-Requested-With')).toBe('fetch');
    expect(screen.getByRole('tab', { name: /^Envoyées/ })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the server's 409 message when a send is refused", async () => {
    const user = setupUser();
    const message =
      'La facture FAC-2026-0003 a déjà été envoyée : seule une facture en brouillon peut être envoyée.';
    stub({ [`POST /api/invoices/${draft.id}/send`]: apiError(409, 'conflict', message) });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Envoyer/ }));
    await user.click(
      within(await findDialog('Envoyer la facture ?')).getByRole('button', { name: 'Envoyer' }),
    );

    expect(await toasts().findByText(message)).toBeInTheDocument();
  });

  it('marks an invoice paid with the total and today by default, or a lower amount', async () => {
    const user = setupUser();
    const api = stub({
      [`POST /api/invoices/${upcoming.id}/pay`]: json({ ...upcoming, status: 'paid', paidAmount: '9500.00' }),
    });
    renderPage();

    await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Marquer payée/ }));
    const dialog = await findDialog('Marquer payée');
    const amount = within(dialog).getByLabelText('Montant payé (€)');
    expect(amount).toHaveValue('10000,00');
    expect(within(dialog).getByLabelText('Date de paiement')).toHaveValue(dayjs().format('DD/MM/YYYY'));
    await user.clear(amount);
    await user.type(amount, '9 500');
    await user.click(within(dialog).getByRole('button', { name: 'Marquer payée' }));

    expect(await toasts().findByText('Facture FAC-2026-0003 marquée payée avec succès')).toBeInTheDocument();
    const [pay] = api.calls(`POST /api/invoices/${upcoming.id}/pay`);
    expect(pay?.body).toMatchObject({ paidAmount: '9500.00', version: 2 });
    expect((pay?.body as { paidAt: string }).paidAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(screen.getByRole('tab', { name: /^Payées/ })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the server's message when a payment is refused", async () => {
    const user = setupUser();
    const message = 'Le montant payé ne peut pas dépasser le montant total de la facture (10 000,00 €).';
    stub({
      [`POST /api/invoices/${upcoming.id}/pay`]: apiError(400, 'validation_error', message, [
        { path: 'paidAmount', message },
      ]),
    });
    renderPage();

    await user.click(within(await card('Situation n°3')).getByRole('button', { name: /^Marquer payée/ }));
    const dialog = await findDialog('Marquer payée');
    await user.click(within(dialog).getByRole('button', { name: 'Marquer payée' }));

    expect(await toasts().findByText(message)).toBeInTheDocument();
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('deletes a draft after confirmation, and shows a refusal', async () => {
    const user = setupUser();
    const api = stub({ [`DELETE /api/invoices/${draft.id}`]: () => new Response(null, { status: 204 }) });
    renderPage();

    await openTab(/^Brouillons/);
    await user.click(within(await card('Acompte toiture École')).getByRole('button', { name: /^Supprimer/ }));
    await user.click(
      within(await findDialog('Supprimer le brouillon ?')).getByRole('button', { name: 'Supprimer' }),
    );

    expect(await toasts().findByText('Facture supprimée avec succès')).toBeInTheDocument();
    expect(api.calls(`DELETE /api/invoices/${draft.id}`)).toHaveLength(1);
    await waitFor(() => expect(api.calls('GET /api/invoices')).toHaveLength(2));
  });
});
